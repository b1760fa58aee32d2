/**
 * The Agent SDK's hooks: `initialize` names, per event, matchers with
 * callback ids; each id becomes a callback hook runner on the session's one
 * hook list (merged with the settings files' command hooks by the same
 * function) whose run is a `hook_callback` control request. The client's
 * answer is Claude Code's hook output JSON, read like a command hook's.
 *
 * A PreToolUse callback that cannot be answered (the client closed stdin,
 * or withdrew nothing but went away) denies the call: such a hook is often
 * the client's own guard, and a guard that fails open is no guard. Other
 * events fail like any hook error: reported, not blocking.
 */
import { callbackHookRunner } from '../../hooks/callbackHookRunner.js';
import { isHookEventName } from '../../hooks/hookEvents.js';
import type { HookRunner } from '../../hooks/types.js';
import { ControlRequestCancelled, isRecord, type ControlChannel } from './controlChannel.js';

/** `initialize.hooks`, as received. */
export type SdkHookConfig = Readonly<Record<string, unknown>>;

export function sdkHookRunners(hooks: SdkHookConfig, channel: ControlChannel, onProblem: (message: string) => void): HookRunner[] {
  const runners: HookRunner[] = [];
  for (const [event, matchers] of Object.entries(hooks)) {
    if (!isHookEventName(event)) {
      onProblem(`SDK hooks for the event "${event}" are not supported; they will not run`);
      continue;
    }
    if (!Array.isArray(matchers)) continue;
    for (const entry of matchers) {
      if (!isRecord(entry) || !Array.isArray(entry.hookCallbackIds)) continue;
      const matcher = typeof entry.matcher === 'string' ? entry.matcher : undefined;
      for (const callbackId of entry.hookCallbackIds) {
        if (typeof callbackId !== 'string') continue;
        try {
          runners.push(
            callbackHookRunner({
              event,
              ...(matcher !== undefined ? { matcher } : {}),
              name: `SDK hook ${callbackId}`,
              source: 'Agent SDK client',
              callback: async (input, { signal }) => {
                try {
                  return await channel.request(
                    { subtype: 'hook_callback', callback_id: callbackId, input, ...('tool_use_id' in input ? { tool_use_id: input.tool_use_id } : {}) },
                    signal,
                  );
                } catch (error) {
                  // A PreToolUse hook may be the client's guard: if the client is gone, the call does not run unguarded.
                  if (error instanceof ControlRequestCancelled && event === 'PreToolUse') return unansweredPreToolUse(callbackId, error.message);
                  throw error;
                }
              },
            }),
          );
        } catch (error) {
          onProblem(`SDK hook ${callbackId} (${event}) has an invalid matcher: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  }
  return runners;
}

function unansweredPreToolUse(callbackId: string, why: string): Record<string, unknown> {
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: `the Agent SDK client's PreToolUse hook ${callbackId} could not answer (${why}), so the call did not run`,
    },
  };
}
