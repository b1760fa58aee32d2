/**
 * The REPL's bridge to the permission engine: "yes, and don't ask again"
 * (the engine's allowAlwaysHandler: live at once, then saved), and the
 * /permissions listing and edits. The listing reads the live rule set, so it
 * shows exactly the rules the next decision will use, each with its source.
 *
 * /permissions edits go to `.claude/settings.local.json` and into the live
 * rule set, so they hold from the next tool call on. Allow rules are saved
 * by the engine; it has no writer for ask/deny or for removal, so those use
 * localSettingsRules.ts.
 */
import type { ToolUseContext } from '../Tool.js';
import { addSessionAllowRules, allowAlwaysHandler, saveAllowRulesToLocalSettings } from '../permissions/allowAlways.js';
import { ruleSetOf } from '../permissions/canUseTool.js';
import { parseRule } from '../permissions/rules/parseRule.js';
import { describeSource, type SourcedRule } from '../permissions/rules/permissionRule.js';
import { compileRuleSet } from '../permissions/rules/ruleSet.js';
import type { AppStateStore } from '../state/appState.js';
import { addRulesToLocalSettings, localSettingsPath, removeRuleFromLocalSettings } from './localSettingsRules.js';
import type { PermissionRuleListing, PermissionRulesAccess } from './types.js';

export type ReplPermissionRules = Required<PermissionRulesAccess> & {
  /** For ToolRunEnv.onAllowAlways. */
  readonly onAllowAlways: (rules: readonly string[], context: ToolUseContext) => Promise<void>;
};

export function createPermissionRulesAccess(options: {
  readonly projectRoot: string;
  readonly appState: AppStateStore;
  /** A context for live-rule updates (the engine's helpers take one). */
  readonly toolContext: () => ToolUseContext;
  /** Tells the user when a chosen rule could not be saved (it still holds for this session). */
  readonly onSaveError: (message: string) => void;
}): ReplPermissionRules {
  const { projectRoot, appState } = options;
  const file = localSettingsPath(projectRoot);
  return {
    onAllowAlways: allowAlwaysHandler({ onSaveError: options.onSaveError }),

    async listRules(): Promise<readonly PermissionRuleListing[]> {
      return ruleSetOf(appState.get().toolPermissionContext, projectRoot).rules.map((rule) => ({
        behavior: rule.behavior,
        rule: rule.rule.text,
        source: describeSource(rule.source),
        active: rule.active,
      }));
    },

    async addRule(behavior, text) {
      const parsed = parseRule(text);
      if (!parsed.ok) return `"${text}" is not a valid rule: ${parsed.error}`;
      const rule = parsed.value.text;
      if (behavior === 'allow') {
        const saved = await saveAllowRulesToLocalSettings(projectRoot, [rule]);
        if (!saved.ok) return `Could not save to ${saved.file}: ${saved.error}`;
        addSessionAllowRules(options.toolContext(), [rule], file);
      } else {
        try {
          await addRulesToLocalSettings(projectRoot, behavior, [rule]);
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
        addLiveRule(appState, projectRoot, { behavior, rule: parsed.value, source: { kind: 'localSettings', origin: file, fromRepository: false } });
      }
      return `Added ${behavior}: ${rule} (saved in ${file}; in force from the next tool call).`;
    },

    async removeRule(text) {
      const parsed = parseRule(text);
      const rule = parsed.ok ? parsed.value.text : text.trim();
      let removedFrom;
      try {
        removedFrom = await removeRuleFromLocalSettings(projectRoot, rule);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      if (removedFrom.length === 0) return `${rule} is not in ${file} (rules from other files are edited there).`;
      removeLiveRule(appState, projectRoot, rule, file);
      return `Removed ${rule} from ${file} (${removedFrom.join(', ')}).`;
    },
  };
}

function addLiveRule(appState: AppStateStore, projectRoot: string, sourced: SourcedRule): void {
  appState.set((state) => {
    const current = ruleSetOf(state.toolPermissionContext, projectRoot);
    const compiled = compileRuleSet([sourced], { projectRoot: current.projectRoot, home: current.home, folderTrusted: true });
    const ruleSet = { ...current, rules: [...current.rules, ...compiled.rules] };
    return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: { __ruleSet: true, ruleSet } } };
  });
}

function removeLiveRule(appState: AppStateStore, projectRoot: string, ruleText: string, file: string): void {
  appState.set((state) => {
    const current = ruleSetOf(state.toolPermissionContext, projectRoot);
    const rules = current.rules.filter((rule) => !(rule.rule.text === ruleText && rule.source.origin === file));
    return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: { __ruleSet: true, ruleSet: { ...current, rules } } } };
  });
}
