/**
 * A custom command's `allowed-tools`: allow rules added to the live rule set
 * when the command's turn starts and taken out when it ends (however it
 * ends), so `/commit` may run `git commit` without asking while a plain
 * prompt afterwards still asks. Deny and ask rules keep their precedence
 * over these as over any allow rule.
 */
import { ruleSetOf } from '../../permissions/canUseTool.js';
import { parseRule } from '../../permissions/rules/parseRule.js';
import type { SourcedRule } from '../../permissions/rules/permissionRule.js';
import { compileRuleSet } from '../../permissions/rules/ruleSet.js';
import type { AppStateStore } from '../../state/appState.js';
import type { CommandTurn } from './commandResult.js';

export type ScopedRuleGrant = { readonly ok: true; readonly revoke: () => void } | { readonly ok: false; readonly error: string };

let nextGrant = 0;

/**
 * The rules of `turn` for the session's project (`projectRoot`). Checks
 * every rule first: one malformed rule grants nothing, and the command does
 * not run.
 */
export function grantCommandRules(
  appState: AppStateStore,
  projectRoot: string,
  turn: Pick<CommandTurn, 'allowedTools' | 'commandName' | 'fromRepository'>,
): ScopedRuleGrant {
  const options = { projectRoot, rules: turn.allowedTools, commandName: turn.commandName, fromRepository: turn.fromRepository };
  // Each grant has its own origin, so revoking one never touches another's rules (or a saved rule with the same text).
  const origin = `/${options.commandName} allowed-tools (this command's turn) #${++nextGrant}`;
  const sourced: SourcedRule[] = [];
  for (const text of options.rules) {
    const parsed = parseRule(text);
    if (!parsed.ok) return { ok: false, error: `allowed-tools of /${options.commandName}: "${text}" is not a valid rule: ${parsed.error}` };
    sourced.push({ behavior: 'allow', rule: parsed.value, source: { kind: 'session', origin, fromRepository: options.fromRepository } });
  }
  if (sourced.length === 0) return { ok: true, revoke: () => {} };
  appState.set((state) => {
    const current = ruleSetOf(state.toolPermissionContext, options.projectRoot);
    // The REPL runs custom commands only in a folder the user trusted.
    const added = compileRuleSet(sourced, { projectRoot: current.projectRoot, home: current.home, folderTrusted: true });
    const ruleSet = { ...current, rules: [...current.rules, ...added.rules] };
    return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: { __ruleSet: true, ruleSet } } };
  });
  let revoked = false;
  return {
    ok: true,
    revoke() {
      if (revoked) return;
      revoked = true;
      appState.set((state) => {
        const current = ruleSetOf(state.toolPermissionContext, options.projectRoot);
        const rules = current.rules.filter((rule) => rule.source.origin !== origin);
        return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: { __ruleSet: true, ruleSet: { ...current, rules } } } };
      });
    },
  };
}
