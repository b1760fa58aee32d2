/**
 * How a PreToolUse hook's permission decision meets the rules' decision,
 * which is always made too (on the input as the hook left it):
 *   - a hook's deny wins (it never gets here: the call is blocked before);
 *   - any deny from the rules stands, whatever the hook said;
 *   - a hook's ask opens the dialog (headless: a denial);
 *   - a hook's allow skips the dialog only where the mode's default asked,
 *     never where an ask rule or a safety check (protected paths, commands
 *     the analyser cannot bound) asked — the same line a tool's own
 *     checkPermissions may not cross.
 */
import type { CanUseToolFn } from '../permissions/canUseTool.js';
import type { PermissionDecision } from '../contract/permissions.js';
import type { MergedHookVerdict } from './hookVerdict.js';

export type HookPermission = NonNullable<MergedHookVerdict['permission']>;

export function applyHookPermission(decision: PermissionDecision, hook: HookPermission | undefined): PermissionDecision {
  if (!hook || decision.behavior === 'deny') return decision;
  const detail = hook.reason ? `PreToolUse hook: ${hook.reason}` : `PreToolUse hook (${hook.hook})`;
  switch (hook.decision) {
    case 'deny':
      return { behavior: 'deny', message: detail, reason: { type: 'hook', detail } };
    case 'ask':
      if (decision.behavior === 'ask') return { ...decision, message: `${decision.message} (${detail})` };
      return { behavior: 'ask', message: `${detail}`, reason: { type: 'hook', detail }, ...(decision.trace ? { trace: decision.trace } : {}) };
    case 'allow':
      if (decision.behavior === 'ask' && decision.reason.type === 'mode') {
        return { behavior: 'allow', reason: { type: 'hook', detail }, ...(decision.trace ? { trace: decision.trace } : {}) };
      }
      return decision;
  }
}

/** The session's decision function with a hook's decision laid over it. */
export function withHookPermission(canUseTool: CanUseToolFn, hook: HookPermission | undefined): CanUseToolFn {
  if (!hook) return canUseTool;
  return async (tool, input, context) => applyHookPermission(await canUseTool(tool, input, context), hook);
}
