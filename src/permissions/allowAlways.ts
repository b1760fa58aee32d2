/**
 * "Yes, and don't ask again": the rules go live for this session at once,
 * then — when they are about this project — are saved to
 * `.claude/settings.local.json` (see localSettingsRules.ts). A rule about a
 * place outside the project (`Read(//etc/hosts)`, `Edit(~/notes.md)`) is
 * held for the session only: the project's settings are no place for it,
 * and the dialog says which of the two the user is choosing.
 */
import type { ToolUseContext } from '../contract/tool.js';
import { localSettingsPath, saveAllowRulesToLocalSettings } from './localSettingsRules.js';
import { PermissionState } from './permissionState.js';
import { parseRule } from './rules/parseRule.js';
import { familyOfRuleWord, specifierKindOf } from './rules/toolFamilies.js';

export { localSettingsPath, saveAllowRulesToLocalSettings, type SaveRulesResult } from './localSettingsRules.js';

/** Where "don't ask again" keeps its rules: saved for the project, or held for this session. */
export type AllowAlwaysScope = 'project' | 'session';

/** The origin session-held rules are listed under (/permissions shows it). */
export const SESSION_ALLOW_ALWAYS_ORIGIN = "this session (\"don't ask again\")";

/** Held for the session when any rule names a path outside the project (absolute `//…` or home `~/…`). */
export function allowAlwaysScope(rules: readonly string[]): AllowAlwaysScope {
  return rules.some(namesPathOutsideProject) ? 'session' : 'project';
}

function namesPathOutsideProject(text: string): boolean {
  const parsed = parseRule(text);
  if (!parsed.ok || parsed.value.specifier === undefined) return false;
  const family = familyOfRuleWord(parsed.value.toolName);
  if (family === undefined || specifierKindOf(family) !== 'path') return false;
  const spec = parsed.value.specifier;
  return spec.startsWith('//') || spec.startsWith('~');
}

/** Makes allow rules effective for the rest of this session (the next decision reads them). */
export function addSessionAllowRules(context: Pick<ToolUseContext, 'appState'>, rules: readonly string[], origin: string): void {
  new PermissionState(context.appState).addRules('allow', rules, { kind: 'localSettings', origin });
}

/**
 * The ToolRunEnv.onAllowAlways handler for the REPL and ACP: rules go live
 * at once, then project rules are saved; a failed save is reported through
 * `onSaveError` (the rules still hold for this session).
 */
export function allowAlwaysHandler(options: { readonly onSaveError?: (message: string) => void } = {}) {
  return async (rules: readonly string[], context: Pick<ToolUseContext, 'appState' | 'projectRoot'>): Promise<void> => {
    if (allowAlwaysScope(rules) === 'session') {
      new PermissionState(context.appState).addRules('allow', rules, { kind: 'session', origin: SESSION_ALLOW_ALWAYS_ORIGIN });
      return;
    }
    addSessionAllowRules(context, rules, localSettingsPath(context.projectRoot));
    const result = await saveAllowRulesToLocalSettings(context.projectRoot, rules);
    if (!result.ok) options.onSaveError?.(`could not save to ${result.file}: ${result.error}`);
  };
}
