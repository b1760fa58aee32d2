/**
 * A conversation's own hook events (UserPromptSubmit, Stop, SubagentStop,
 * CwdChanged, StopFailure): who and where it is for the hook's input, and
 * which stop event its end is.
 *
 * A child's hooks name the main session and its transcript, as Claude
 * Code's do; its end is SubagentStop, run inside the child's own loop, so a
 * blocking hook sends the child back to work before its parent sees an
 * answer (the loop bounds how often: MAX_STOP_HOOK_CONTINUATIONS).
 */
import type { SessionInfo } from '../contract/tool.js';
import { runStopHooks, runSubagentStopHooks, runUserPromptSubmitHooks, type SessionHookCall } from '../hooks/sessionHooks.js';
import { runCwdChangedHooks, runStopFailureHooks, stopFailureKind } from '../hooks/lifecycleEventHooks.js';
import type { QueryOutcome } from '../query/events.js';
import { lastAssistantText } from './promptMessages.js';
import type { QueryParams } from '../query.js';
import type { ChildConversationOptions } from './conversationOptions.js';
import type { Session } from './session.js';

export type ConversationHookSubject = {
  readonly session: Session;
  readonly info: SessionInfo;
  readonly cwd: string;
  /** The conversation's own JSONL (a child's sidechain), when it is saved. */
  readonly transcriptPath: string | undefined;
  readonly child: ChildConversationOptions | undefined;
};

/** The hook call for this conversation; the turn's signal stops the hooks with it. */
export function conversationHookCall(subject: ConversationHookSubject, signal: AbortSignal): SessionHookCall {
  const { child } = subject;
  const transcriptPath = child ? child.rootTranscriptPath : subject.transcriptPath;
  return {
    session: child ? { id: child.rootSessionId, dir: child.rootSessionDir } : subject.info,
    cwd: subject.cwd,
    permissionMode: subject.session.appState.get().toolPermissionContext.mode,
    ...(transcriptPath ? { transcriptPath } : {}),
    run: { signal, cwd: subject.cwd, projectDir: subject.session.cwd },
    shellEnvironment: subject.session.shellEnvironment,
  };
}

/** Asked when the model ends its turn: Stop hooks for the main conversation, SubagentStop hooks for a child. */
export function conversationStopHook(subject: ConversationHookSubject, signal: AbortSignal): QueryParams['onStop'] {
  const { child } = subject;
  const hooks = subject.session.hooks;
  if (!child) return hooks.has('Stop') ? ({ stopHookActive }) => runStopHooks(hooks, conversationHookCall(subject, signal), { stopHookActive }) : undefined;
  if (!hooks.has('SubagentStop')) return undefined;
  return ({ stopHookActive }) =>
    runSubagentStopHooks(hooks, conversationHookCall(subject, signal), {
      stopHookActive,
      agentId: child.agentId,
      agentType: child.agentType,
      agentTranscriptPath: subject.transcriptPath,
    });
}

/** UserPromptSubmit hooks see the prompt before anything is recorded: a blocking hook drops it; others may add context. */
export async function promptSubmitHooks(
  subject: ConversationHookSubject,
  typed: string,
  signal: AbortSignal,
): Promise<{ readonly kind: 'blocked'; readonly message: string } | { readonly kind: 'allowed'; readonly context: readonly string[] }> {
  if (!subject.session.hooks.has('UserPromptSubmit')) return { kind: 'allowed', context: [] };
  const answer = await runUserPromptSubmitHooks(subject.session.hooks, conversationHookCall(subject, signal), typed);
  return answer.kind === 'blocked' ? { kind: 'blocked', message: answer.message } : { kind: 'allowed', context: answer.context };
}

/** CwdChanged runs on the side, as in Claude Code: the turn does not wait for it (but ends only once it is done). */
export function cwdChangedHooks(subject: ConversationHookSubject, previous: string, next: string): Promise<unknown> {
  // FileChanged hooks follow the move too (their matcher names files in the working directory).
  if (!subject.session.hooks.has('CwdChanged') && !subject.session.hooks.has('FileChanged')) return Promise.resolve();
  return runCwdChangedHooks(subject.session.hooks, conversationHookCall(subject, new AbortController().signal), { old_cwd: previous, new_cwd: next }).catch(() => undefined);
}

/** A turn that ended on an API error: StopFailure hooks. The turn is over; only the hooks' own timeouts bound them. */
export async function stopFailureHooks(subject: ConversationHookSubject, outcome: QueryOutcome): Promise<void> {
  if (!subject.session.hooks.has('StopFailure')) return;
  await runStopFailureHooks(subject.session.hooks, conversationHookCall(subject, new AbortController().signal), {
    error: stopFailureKind(outcome.failure?.kind ?? 'other', outcome.failure?.status),
    error_details: outcome.failure?.message ?? outcome.detail ?? 'the request failed',
    ...lastAssistantText(outcome.messages),
  });
}
