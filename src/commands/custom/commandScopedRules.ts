/**
 * A custom command's `allowed-tools`: allow rules granted by PermissionState
 * when the command's turn starts and revoked when it ends (however it
 * ends), so `/commit` may run `git commit` without asking while a plain
 * prompt afterwards still asks. Deny and ask rules keep their precedence
 * over these as over any allow rule.
 */
import type { AppStateStore } from '../../contract/appState.js';
import { PermissionState, type ScopedGrant } from '../../permissions/permissionState.js';

export type ScopedRuleGrant = ScopedGrant;

/** What a grant needs of a command's turn (src/commands/types.ts's CommandTurn has it). */
export type GrantingCommand = { readonly allowedTools: readonly string[]; readonly commandName: string; readonly fromRepository: boolean };

/**
 * The rules of `turn`. Checks every rule first: one malformed rule grants
 * nothing, and the command does not run.
 */
export function grantCommandRules(appState: AppStateStore, _projectRoot: string, turn: GrantingCommand): ScopedRuleGrant {
  return new PermissionState(appState).grant({ rules: turn.allowedTools, grantedBy: `/${turn.commandName}`, fromRepository: turn.fromRepository });
}
