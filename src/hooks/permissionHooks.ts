/**
 * The permission question's hook events:
 *
 *   PermissionRequest  when a call would ask (the REPL's dialog; headless: a
 *                      refusal), a hook may answer for the person:
 *                      {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
 *                       "decision": {"behavior": "allow" | "deny", "updatedInput"?, "message"?, "interrupt"?}}}
 *                      deny wins over allow across hooks. An allow answers as
 *                      "yes, once" would — a rewritten input is validated and
 *                      decided again, so no answer can pass a deny rule.
 *   PermissionDenied   after a call was refused (a rule, a hook, the person);
 *                      `hookSpecificOutput.retry: true` tells the model it may
 *                      try the call again.
 */
import type { PermissionAsk } from '../contract/permissions.js';
import { commonInputOfContext, runContextOf } from './hookInput.js';
import type { ToolHookCall } from './toolHooks.js';
import type { HookSet } from './types.js';

export type PermissionRequestAnswer =
  | { readonly kind: 'none' }
  | { readonly kind: 'allow'; readonly hook: string; readonly updatedInput?: Record<string, unknown> }
  | { readonly kind: 'deny'; readonly hook: string; readonly message: string; readonly interrupt: boolean };

export async function runPermissionRequestHooks(hooks: HookSet, call: ToolHookCall & { readonly decision: PermissionAsk }): Promise<PermissionRequestAnswer> {
  if (!hooks.has('PermissionRequest', call.tool.name)) return { kind: 'none' };
  const merged = await hooks.run(
    {
      ...commonInputOfContext(call.context),
      hook_event_name: 'PermissionRequest',
      tool_name: call.tool.name,
      tool_input: call.input,
      tool_use_id: call.toolUseId,
      permission_suggestions: (call.decision.suggestedRules ?? []).map((rule) => ({
        type: 'addRules' as const,
        rules: [ruleValue(rule)],
        behavior: 'allow' as const,
        destination: 'localSettings' as const,
      })),
    },
    runContextOf(call.context),
  );
  const answer = merged.permission;
  if (merged.block) return { kind: 'deny', hook: merged.block.hook, message: merged.block.reason, interrupt: merged.stop !== undefined };
  if (!answer || answer.decision === 'ask') return { kind: 'none' };
  if (answer.decision === 'deny') {
    return { kind: 'deny', hook: answer.hook, message: answer.reason ?? `denied by a PermissionRequest hook (${answer.hook})`, interrupt: merged.stop !== undefined };
  }
  return { kind: 'allow', hook: answer.hook, ...(merged.updatedInput ? { updatedInput: merged.updatedInput } : {}) };
}

export async function runPermissionDeniedHooks(hooks: HookSet, call: ToolHookCall & { readonly reason: string }): Promise<{ readonly retry: boolean }> {
  if (!hooks.has('PermissionDenied', call.tool.name)) return { retry: false };
  const merged = await hooks.run(
    { ...commonInputOfContext(call.context), hook_event_name: 'PermissionDenied', tool_name: call.tool.name, tool_input: call.input, tool_use_id: call.toolUseId, reason: call.reason },
    runContextOf(call.context),
  );
  return { retry: merged.retry === true };
}

/** `Bash(git log:*)` → Claude Code's {toolName, ruleContent}. */
function ruleValue(rule: string): { readonly toolName: string; readonly ruleContent?: string } {
  const open = rule.indexOf('(');
  if (open < 0 || !rule.endsWith(')')) return { toolName: rule };
  return { toolName: rule.slice(0, open), ruleContent: rule.slice(open + 1, -1) };
}
