/**
 * An in-process hook: a function that receives the event's input and
 * answers with the same JSON a command hook prints (Claude Code's hook
 * output, e.g. `{hookSpecificOutput: {permissionDecision: "deny", ...}}`).
 * The Agent SDK's callback hooks become these; they join the command
 * runners in the session's list and are merged by the same function.
 */
import { verdictFromJson } from './commandVerdict.js';
import type { HookEventName, HookInput } from './hookEvents.js';
import { compileHookMatcher } from './hookMatcher.js';
import type { HookRunner } from './types.js';

export type HookCallback = (input: HookInput, options: { readonly signal: AbortSignal }) => Promise<Record<string, unknown>>;

export function callbackHookRunner(options: {
  readonly event: HookEventName;
  readonly matcher?: string;
  /** Shown in messages and /hooks. */
  readonly name: string;
  readonly source?: string;
  readonly callback: HookCallback;
}): HookRunner {
  const compiled = compileHookMatcher(options.matcher ?? '');
  if (!compiled.ok) throw new Error(compiled.error);
  return {
    event: options.event,
    matcher: compiled.matcher,
    label: options.name,
    source: options.source ?? 'sdk',
    dedupeKey: `callback\u0000${options.name}`,
    active: true,
    async run(input, context) {
      return verdictFromJson(input.hook_event_name, options.name, await options.callback(input, { signal: context.signal }));
    },
  };
}
