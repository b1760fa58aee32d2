/**
 * The REPL's bridge to the permission engine: "yes, and don't ask again"
 * (the engine's allowAlwaysHandler: live at once, then saved), and the
 * /permissions listing and edits. The listing reads the live rule set, so it
 * shows exactly the rules the next decision will use, each with its source.
 * /permissions edits go to `.claude/settings.local.json` (through the
 * engine's one writer of that file) and into the live rule set, so they hold
 * from the next tool call on.
 */
import type { ToolUseContext } from '../contract/tool.js';
import { allowAlwaysHandler } from '../permissions/allowAlways.js';
import { ruleSetOf } from '../permissions/canUseTool.js';
import { addRulesToLocalSettings, localSettingsPath, removeRuleFromLocalSettings } from '../permissions/localSettingsRules.js';
import { PermissionState } from '../permissions/permissionState.js';
import { parseRule } from '../permissions/rules/parseRule.js';
import { describeSource } from '../permissions/rules/permissionRule.js';
import type { AppStateStore } from '../contract/appState.js';
import type { PermissionRuleListing, PermissionRulesAccess } from './types.js';

export type ReplPermissionRules = Required<PermissionRulesAccess> & {
  /** For ToolRunEnv.onAllowAlways. */
  readonly onAllowAlways: (rules: readonly string[], context: ToolUseContext) => Promise<void>;
};

export function createPermissionRulesAccess(options: {
  readonly projectRoot: string;
  readonly appState: AppStateStore;
  /** Tells the user when a chosen rule could not be saved (it still holds for this session). */
  readonly onSaveError: (message: string) => void;
}): ReplPermissionRules {
  const { projectRoot, appState } = options;
  const file = localSettingsPath(projectRoot);
  const permissions = new PermissionState(appState);
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
      const saved = await addRulesToLocalSettings(projectRoot, behavior, [rule]);
      if (!saved.ok) return `Could not save to ${saved.file}: ${saved.error}`;
      permissions.addRules(behavior, [rule], { kind: 'localSettings', origin: file });
      return `Added ${behavior}: ${rule} (saved in ${file}; in force from the next tool call).`;
    },

    async removeRule(text) {
      const parsed = parseRule(text);
      const rule = parsed.ok ? parsed.value.text : text.trim();
      const removed = await removeRuleFromLocalSettings(projectRoot, rule);
      if (!removed.ok) return `Could not update ${removed.file}: ${removed.error}`;
      if (removed.removedFrom.length === 0) return `${rule} is not in ${file} (rules from other files are edited there).`;
      permissions.removeRule(rule, file);
      return `Removed ${rule} from ${file} (${removed.removedFrom.join(', ')}).`;
    },
  };
}

