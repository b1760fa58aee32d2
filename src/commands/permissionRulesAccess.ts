/**
 * The REPL's bridge to the permission engine: "yes, and don't ask again"
 * (the engine's allowAlwaysHandler: live at once, then saved), and the
 * /permissions listing and edits. The listing reads the live rule set, so it
 * shows exactly the rules the next decision will use, each with its source
 * and scope. /permissions edits go to the settings file of the scope the
 * user chose (`.claude/settings.local.json` unless told otherwise; through
 * the engine's one writer of rule lists) and into the live rule set through
 * PermissionState, so they hold from the next tool call on.
 */
import path from 'node:path';
import type { ToolUseContext } from '../contract/tool.js';
import { allowAlwaysHandler } from '../permissions/allowAlways.js';
import { ruleSetOf } from '../permissions/canUseTool.js';
import { addRulesToSettingsFile, removeRuleFromSettingsFile } from '../permissions/localSettingsRules.js';
import { PermissionState, type LiveRuleSource } from '../permissions/permissionState.js';
import { parseRule } from '../permissions/rules/parseRule.js';
import { describeSource, type RuleSourceKind } from '../permissions/rules/permissionRule.js';
import type { AppStateStore } from '../contract/appState.js';
import type { PermissionRuleListing, PermissionRulesAccess, RuleFileScope, RuleScopeLabel } from './types.js';

export type ReplPermissionRules = Required<PermissionRulesAccess> & {
  /** For ToolRunEnv.onAllowAlways. */
  readonly onAllowAlways: (rules: readonly string[], context: ToolUseContext) => Promise<void>;
};

const SCOPE_OF_KIND: Record<RuleSourceKind, RuleScopeLabel> = {
  userSettings: 'user',
  projectSettings: 'project',
  localSettings: 'local',
  session: 'session',
  cliArg: 'CLI',
  flagSettings: '--settings',
  claudeMd: 'CLAUDE.md',
};

const KIND_OF_FILE_SCOPE: Record<RuleFileScope, LiveRuleSource> = { local: 'localSettings', project: 'projectSettings', user: 'userSettings' };

export function createPermissionRulesAccess(options: {
  readonly projectRoot: string;
  readonly appState: AppStateStore;
  /** The user's config folder (its settings.json is the `user` scope); without it that scope cannot be written. */
  readonly configDir?: string;
  /** Tells the user when a chosen rule could not be saved (it still holds for this session). */
  readonly onSaveError: (message: string) => void;
}): ReplPermissionRules {
  const { projectRoot, appState, configDir } = options;
  const permissions = new PermissionState(appState);
  const fileOf = (scope: RuleFileScope): string | undefined =>
    scope === 'user' ? (configDir === undefined ? undefined : path.join(configDir, 'settings.json')) : path.join(projectRoot, '.claude', scope === 'local' ? 'settings.local.json' : 'settings.json');
  return {
    onAllowAlways: allowAlwaysHandler({ onSaveError: options.onSaveError }),

    async listRules(): Promise<readonly PermissionRuleListing[]> {
      return ruleSetOf(appState.get().toolPermissionContext, projectRoot).rules.map((rule) => {
        const scope = SCOPE_OF_KIND[rule.source.kind];
        return {
          behavior: rule.behavior,
          rule: rule.rule.text,
          source: describeSource(rule.source),
          origin: rule.source.origin,
          scope,
          removable: scope === 'user' || scope === 'project' || scope === 'local' || scope === 'session',
          active: rule.active,
        };
      });
    },

    settingsFile: fileOf,

    async addRule(behavior, text, scope = 'local') {
      const parsed = parseRule(text);
      if (!parsed.ok) return `"${text}" is not a valid rule: ${parsed.error}`;
      const rule = parsed.value.text;
      const file = fileOf(scope);
      if (file === undefined) return `The ${scope} settings file is not known in this session; the rule was not added.`;
      const saved = await addRulesToSettingsFile(file, behavior, [rule]);
      if (!saved.ok) return `Could not save to ${saved.file}: ${saved.error}`;
      permissions.addRules(behavior, [rule], { kind: KIND_OF_FILE_SCOPE[scope], origin: file });
      return `Added ${behavior}: ${rule} (saved in ${file}; in force from the next tool call).`;
    },

    async removeRule(text, origin) {
      const parsed = parseRule(text);
      const rule = parsed.ok ? parsed.value.text : text.trim();
      const localFile = fileOf('local')!;
      const from = origin ?? localFile;
      const source = ruleSetOf(appState.get().toolPermissionContext, projectRoot).rules.find((candidate) => candidate.rule.text === rule && candidate.source.origin === from)?.source;
      // A rule held for the session only is in no file: it leaves the live set and that is all.
      if (source?.kind === 'session') {
        permissions.removeRule(rule, from);
        return `Removed ${rule} (it was held for this session only).`;
      }
      if (origin !== undefined && source !== undefined && !['localSettings', 'projectSettings', 'userSettings'].includes(source.kind)) {
        return `${rule} comes from ${describeSource(source)}; edit it there.`;
      }
      const removed = await removeRuleFromSettingsFile(from, rule);
      if (!removed.ok) return `Could not update ${removed.file}: ${removed.error}`;
      if (removed.removedFrom.length === 0) return `${rule} is not in ${from} (rules from other files are edited there).`;
      permissions.removeRule(rule, from);
      return `Removed ${rule} from ${from} (${removed.removedFrom.join(', ')}).`;
    },
  };
}
