/**
 * The REPL's bridge to permission-rule management: "yes, and don't ask
 * again", and /permissions. Until the permission engine exports its own
 * listing and saving functions, rules are written to
 * `.claude/settings.local.json` by localSettingsRules.ts, and the listing
 * is not available (/permissions then shows the mode).
 */
import type { ToolUseContext } from '../Tool.js';
import { addRulesToLocalSettings, localSettingsPath, removeRuleFromLocalSettings } from './localSettingsRules.js';
import type { PermissionRulesAccess } from './types.js';

export type ReplPermissionRules = PermissionRulesAccess & {
  /** For ToolRunEnv.onAllowAlways: persist the rules the user chose in the dialog. */
  readonly onAllowAlways: (rules: readonly string[], context: ToolUseContext) => Promise<void>;
};

export function createPermissionRulesAccess(options: {
  readonly projectRoot: string;
  /** The engine's own "allow always" handler, when the session provides one: it wins. */
  readonly engineOnAllowAlways?: (rules: readonly string[], context: ToolUseContext) => Promise<void>;
}): ReplPermissionRules {
  const { projectRoot } = options;
  const file = localSettingsPath(projectRoot);
  return {
    async onAllowAlways(rules, context) {
      if (options.engineOnAllowAlways) return options.engineOnAllowAlways(rules, context);
      try {
        await addRulesToLocalSettings(projectRoot, 'allow', rules);
      } catch {
        // The call was approved either way; a settings file we cannot write only loses the "always".
      }
    },
    async addRule(behavior, rule) {
      try {
        const added = await addRulesToLocalSettings(projectRoot, behavior, [rule]);
        return added.length > 0 ? `Added "${behavior}: ${rule}" to ${file}. It applies from the next session.` : `${rule} is already in the ${behavior} list of ${file}.`;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    async removeRule(rule) {
      try {
        const removedFrom = await removeRuleFromLocalSettings(projectRoot, rule);
        return removedFrom.length > 0 ? `Removed ${rule} from ${file} (${removedFrom.join(', ')}).` : `${rule} is not in ${file}.`;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}
