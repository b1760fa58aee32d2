/**
 * "Yes, and don't ask again": the rules go live for this session at once,
 * then are saved to `.claude/settings.local.json` (see localSettingsRules.ts).
 */
import type { ToolUseContext } from '../contract/tool.js';
import { localSettingsPath, saveAllowRulesToLocalSettings } from './localSettingsRules.js';
import { PermissionState } from './permissionState.js';

export { localSettingsPath, saveAllowRulesToLocalSettings, type SaveRulesResult } from './localSettingsRules.js';

/** Makes allow rules effective for the rest of this session (the next decision reads them). */
export function addSessionAllowRules(context: ToolUseContext, rules: readonly string[], origin: string): void {
  new PermissionState(context.appState).addRules('allow', rules, { kind: 'localSettings', origin });
}

/**
 * The ToolRunEnv.onAllowAlways handler for the REPL: rules go live at once,
 * then are saved; a failed save is reported through `onSaveError` (the
 * rules still hold for this session).
 */
export function allowAlwaysHandler(options: { readonly onSaveError?: (message: string) => void } = {}) {
  return async (rules: readonly string[], context: ToolUseContext): Promise<void> => {
    addSessionAllowRules(context, rules, localSettingsPath(context.projectRoot));
    const result = await saveAllowRulesToLocalSettings(context.projectRoot, rules);
    if (!result.ok) options.onSaveError?.(`could not save to ${result.file}: ${result.error}`);
  };
}
