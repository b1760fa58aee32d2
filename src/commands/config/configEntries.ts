/**
 * The settings `/config` shows and edits: for each, its settings key, the
 * value in force, the values to pick from, and how the running session
 * takes the new value now (when it can). Values are strings in the picker
 * and JSON in the file (`toSetting`).
 */
import { MODEL_TABLE } from '../../services/api/models.js';
import { autoCompactPercent } from '../../session/compaction/tokenEstimate.js';
import { DEFAULT_THEME, isThemeName, THEME_DESCRIPTIONS, THEME_NAMES } from '../../settings/themeSetting.js';
import type { ChoiceOption } from '../../types/userInteraction.js';
import type { CommandContext } from '../types.js';
import type { SettingOrigin, WritableScope } from './settingScopes.js';

export type ConfigEntry = {
  /** The settings key, as Claude Code spells it. */
  readonly key: string;
  readonly label: string;
  /** Where a new value goes unless the user picks the other file. */
  readonly defaultScope: WritableScope;
  /** The value in force now, as the picker knows it. */
  current(context: CommandContext, origin: SettingOrigin | undefined): string;
  options(context: CommandContext): readonly ChoiceOption[];
  toSetting(value: string): unknown;
  /** Makes the running session use `value` now; returns why it cannot (it then applies from the next start). */
  applyNow(value: string, context: CommandContext): string | undefined;
};

const ON_OFF: readonly ChoiceOption[] = [
  { value: 'on', label: 'on' },
  { value: 'off', label: 'off' },
];

export const CONFIG_ENTRIES: readonly ConfigEntry[] = [
  {
    key: 'model',
    label: 'Model',
    defaultScope: 'user',
    current: (context) => context.getModel(),
    options: (context) => {
      const current = context.getModel();
      const listed = MODEL_TABLE.map((spec) => ({ value: spec.id, label: spec.label, description: spec.id }));
      return listed.some((option) => option.value === current) ? listed : [...listed, { value: current, label: current, description: "not in agentcli's model table" }];
    },
    toSetting: (value) => value,
    applyNow: (value, context) => {
      context.setModel(value);
      return undefined;
    },
  },
  {
    key: 'theme',
    label: 'Theme',
    defaultScope: 'user',
    current: (_context, origin) => (isThemeName(origin?.value) ? origin.value : DEFAULT_THEME),
    options: () => THEME_NAMES.map((name) => ({ value: name, label: name, description: THEME_DESCRIPTIONS[name] })),
    toSetting: (value) => value,
    applyNow: (value, context) => {
      if (!context.applyTheme || !isThemeName(value)) return 'this front end draws no colours';
      context.applyTheme(value);
      return undefined;
    },
  },
  {
    key: 'outputStyle',
    label: 'Output style',
    defaultScope: 'local',
    current: (context) => context.session.outputStyle.name,
    options: (context) => context.session.outputStyles.styles.map((style) => ({ value: style.name, label: style.name, description: style.description })),
    toSetting: (value) => value,
    applyNow: (value, context) => context.session.setOutputStyle(value),
  },
  {
    key: 'verbose',
    label: 'Verbose output',
    defaultScope: 'user',
    current: (context, origin) => ((context.isVerbose?.() ?? origin?.value === true) ? 'on' : 'off'),
    options: () => ON_OFF,
    toSetting: (value) => value === 'on',
    applyNow: (value, context) => {
      if (!context.setVerbose) return 'this front end has no verbose switch';
      context.setVerbose(value === 'on');
      return undefined;
    },
  },
  {
    key: 'editorMode',
    label: 'Editor mode',
    defaultScope: 'user',
    current: (context, origin) => ((context.isVimMode?.() ?? origin?.value === 'vim') ? 'vim' : 'normal'),
    options: () => [
      { value: 'normal', label: 'normal', description: 'readline-style keys' },
      { value: 'vim', label: 'vim', description: 'Esc for normal mode, i/a to insert (/vim switches)' },
    ],
    toSetting: (value) => value,
    applyNow: (value, context) => {
      if (!context.isVimMode) return 'this front end has no prompt editor';
      if (context.isVimMode() !== (value === 'vim')) context.toggleVimMode();
      return undefined;
    },
  },
  {
    key: 'autoCompactEnabled',
    label: 'Auto-compact',
    defaultScope: 'user',
    current: (context) => (autoCompactPercent(context.session.env) === undefined ? 'off' : 'on'),
    options: () => [
      { value: 'on', label: 'on', description: 'compact the conversation when the context is nearly full' },
      { value: 'off', label: 'off', description: 'never compact by itself (/compact still works)' },
    ],
    toSetting: (value) => value === 'on',
    applyNow: (_value, context) =>
      context.session.env.AGENTCLI_AUTOCOMPACT_PCT !== undefined && context.session.env.AGENTCLI_AUTOCOMPACT_PCT !== 'off'
        ? 'AGENTCLI_AUTOCOMPACT_PCT in the environment decides while it is set'
        : 'the running conversation keeps its compaction policy',
  },
];
