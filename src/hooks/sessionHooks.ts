/**
 * The session's hook events, one function each, taking the event's fields,
 * so whoever owns the lifecycle point calls them (the query path for
 * UserPromptSubmit and Stop; the session object for SessionStart,
 * SessionEnd and PreCompact; the REPL for Notification). Each returns only
 * what the caller must act on; what the user should read (errors,
 * systemMessage, a blocking hook's stderr) reaches the front ends through
 * the hook set's activity stream.
 *
 *   UserPromptSubmit  exit 2 / block: the prompt is dropped, the reason shown
 *                     to the user; exit 0: stdout and additionalContext go to
 *                     the model with the prompt
 *   Stop/SubagentStop exit 2 / block: the reason goes to the model and the
 *                     loop goes on (bounded by the query loop)
 *   SessionStart      exit 0: stdout and additionalContext go to the model;
 *                     watchPaths replaces what FileChanged watches
 *   SessionEnd, PreCompact, Notification: nothing to act on beyond showing
 *                     errors and messages
 * `continue: false` from any of them stops the loop, its stopReason shown.
 */
import type { HookEventInput, HookInput } from './hookEvents.js';
import { commonHookInput, type HookSessionFields } from './hookInput.js';
import type { MergedHookVerdict } from './hookVerdict.js';
import type { HookRunContext, HookSet, StopAnswer } from './types.js';
import type { EnvFileEvent, SessionShellEnvironment } from './sessionShellEnvironment.js';

export type SessionHookCall = HookSessionFields & {
  readonly run: HookRunContext;
  /** The session's CLAUDE_ENV_FILE variables: Setup, SessionStart, CwdChanged and FileChanged hooks may set them. */
  readonly shellEnvironment?: SessionShellEnvironment;
};

/** Runs an event's hooks with CLAUDE_ENV_FILE when the call carries the session's shell environment. */
export function withEnvFile<T>(hooks: HookSet, call: SessionHookCall, event: EnvFileEvent, run: (call: SessionHookCall) => Promise<T>): Promise<T> {
  const environment = call.shellEnvironment;
  if (!environment || !hooks.has(event)) return run(call);
  return environment.around(call.session.id, event, [call.run.projectDir, call.cwd], (envFile) => run(envFile ? { ...call, run: { ...call.run, envFile } } : call));
}

async function runEvent(hooks: HookSet, call: SessionHookCall, event: HookEventInput): Promise<MergedHookVerdict | undefined> {
  if (!hooks.has(event.hook_event_name)) return undefined;
  const input: HookInput = { ...commonHookInput(call), ...event };
  return hooks.run(input, call.run);
}

export type PromptHookResult =
  | { readonly kind: 'proceed'; readonly context: readonly string[] }
  | { readonly kind: 'blocked'; readonly message: string };

export async function runUserPromptSubmitHooks(hooks: HookSet, call: SessionHookCall, prompt: string): Promise<PromptHookResult> {
  const merged = await runEvent(hooks, call, { hook_event_name: 'UserPromptSubmit', prompt });
  if (!merged) return { kind: 'proceed', context: [] };
  if (merged.block) return { kind: 'blocked', message: `UserPromptSubmit hook blocked the prompt: ${merged.block.reason}` };
  if (merged.stop) return { kind: 'blocked', message: merged.stop.reason ?? `stopped by hook: ${merged.stop.hook}` };
  return { kind: 'proceed', context: contextFor('UserPromptSubmit', merged) };
}

export async function runStopHooks(hooks: HookSet, call: SessionHookCall, options: { readonly stopHookActive: boolean }): Promise<StopAnswer> {
  return stopAnswer(await runEvent(hooks, call, { hook_event_name: 'Stop', stop_hook_active: options.stopHookActive }));
}

/** The child whose turn is ending, for SubagentStop's input. */
export type SubagentStopFields = {
  readonly stopHookActive: boolean;
  readonly agentId: string;
  readonly agentType: string;
  /** The child's sidechain transcript, when it is saved. */
  readonly agentTranscriptPath: string | undefined;
};

/**
 * Runs inside the child's own loop, when the child ends its turn and
 * before the parent sees its answer: a block sends the child back to work.
 */
export async function runSubagentStopHooks(hooks: HookSet, call: SessionHookCall, fields: SubagentStopFields): Promise<StopAnswer> {
  return stopAnswer(
    await runEvent(hooks, call, {
      hook_event_name: 'SubagentStop',
      stop_hook_active: fields.stopHookActive,
      agent_id: fields.agentId,
      agent_type: fields.agentType,
      ...(fields.agentTranscriptPath ? { agent_transcript_path: fields.agentTranscriptPath } : {}),
    }),
  );
}

function stopAnswer(merged: MergedHookVerdict | undefined): StopAnswer {
  if (!merged) return { kind: 'stop' };
  if (merged.stop) return { kind: 'halt', reason: merged.stop.reason ?? `stopped by hook: ${merged.stop.hook}` };
  if (merged.block) return { kind: 'continue', reason: merged.block.reason };
  return { kind: 'stop' };
}

/** Returns what goes to the model's context (SessionStart's stdout and additionalContext). */
export async function runSessionStartHooks(
  hooks: HookSet,
  call: SessionHookCall,
  source: 'startup' | 'resume' | 'clear' | 'compact',
): Promise<readonly string[]> {
  hooks.watchList.setCwd(call.cwd);
  const merged = await withEnvFile(hooks, call, 'SessionStart', (withFile) => runEvent(hooks, withFile, { hook_event_name: 'SessionStart', source }));
  if (merged?.watchPaths) hooks.watchList.replaceDynamicPaths(merged.watchPaths);
  return merged ? contextFor('SessionStart', merged) : [];
}

export async function runSessionEndHooks(
  hooks: HookSet,
  call: SessionHookCall,
  reason: 'clear' | 'logout' | 'prompt_input_exit' | 'other',
): Promise<void> {
  await runEvent(hooks, call, { hook_event_name: 'SessionEnd', reason });
}

export async function runPreCompactHooks(
  hooks: HookSet,
  call: SessionHookCall,
  options: { readonly trigger: 'manual' | 'auto'; readonly customInstructions: string },
): Promise<void> {
  await runEvent(hooks, call, { hook_event_name: 'PreCompact', trigger: options.trigger, custom_instructions: options.customInstructions });
}

export async function runNotificationHooks(hooks: HookSet, call: SessionHookCall, message: string): Promise<void> {
  await runEvent(hooks, call, { hook_event_name: 'Notification', message });
}

/** Context for the model, as reminders (stored with the message, so the cached prefix holds). */
function contextFor(event: 'UserPromptSubmit' | 'SessionStart', merged: MergedHookVerdict): string[] {
  return [...merged.outputs, ...merged.additionalContext].map((text) => `<system-reminder>${event} hook context: ${text}</system-reminder>`);
}
