/**
 * One query against a session: every front end (REPL, headless, tests,
 * benchmarks) runs the loop with the session's configuration and adds only
 * what is its own — how it asks for permission, who answers questions.
 */
import type { ToolUseContext } from '../Tool.js';
import { runStopHooks, runUserPromptSubmitHooks, type SessionHookCall } from '../hooks/sessionHooks.js';
import { query, type QueryEvent, type QueryOutcome } from '../query.js';
import { withReminders } from '../query/modeReminder.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { ConversationMessage, UserMessage } from '../types/messages.js';
import { thinkingForPrompt } from '../services/api/thinking.js';
import { textOfContent } from '../types/messages.js';
import { collectReminders } from './collectReminders.js';
import type { Session } from './createSession.js';

export type SessionQueryOptions = {
  /** The conversation so far, ending with the new prompt. */
  readonly messages: readonly ConversationMessage[];
  readonly signal: AbortSignal;
  /** Where tools start (the cwd the previous query ended in). */
  readonly cwd: string;
  /** Overrides the session's model (the REPL's /model). */
  readonly model?: string;
  /** The front end's part of the tool environment, e.g. askPermission. */
  readonly env?: Partial<ToolRunEnv>;
  readonly userInteraction?: ToolUseContext['userInteraction'];
  readonly onContextChange?: (context: ToolUseContext) => void;
};

export async function* querySession(session: Session, options: SessionQueryOptions): AsyncGenerator<QueryEvent, QueryOutcome> {
  const model = options.model ?? session.model;
  const hookCall = (): SessionHookCall => ({
    session: session.info,
    cwd: options.cwd,
    permissionMode: session.appState.get().toolPermissionContext.mode,
    run: { signal: options.signal, cwd: options.cwd, projectDir: session.cwd },
  });

  // UserPromptSubmit: before the prompt reaches the model; a blocking hook drops it.
  let messages = options.messages;
  const prompt = newPromptOf(messages);
  if (prompt && session.hooks.has('UserPromptSubmit')) {
    const answer = await runUserPromptSubmitHooks(session.hooks, hookCall(), prompt.text);
    if (answer.kind === 'blocked') return { reason: 'stopped_by_hook', messages: messages.slice(0, -1), turns: 0, detail: answer.message };
    if (answer.context.length > 0) messages = [...messages.slice(0, -1), withReminders(prompt.message, answer.context)];
  }

  const base = { ...session.toolUseContext(options.signal, messages, options.cwd), model };
  return yield* query({
    messages,
    systemPrompt: session.systemPrompt,
    modelClient: session.modelClient,
    model,
    maxOutputTokens: session.maxOutputTokens,
    maxTurns: session.maxTurns,
    context: options.userInteraction ? { ...base, userInteraction: options.userInteraction } : base,
    env: { ...session.baseEnv, ...options.env },
    signal: options.signal,
    costTracker: session.costTracker,
    retryPolicy: session.retryPolicy,
    maxConcurrency: session.maxConcurrency,
    selectRequestTools: session.selectRequestTools,
    onContextChange: options.onContextChange,
    ...(session.fallbackModel && session.fallbackModel !== model ? { fallbackModel: session.fallbackModel } : {}),
    thinking: thinkingForPrompt(latestPromptText(options.messages), model, session.thinking),
    takeReminders: (conversation, context) => collectReminders(session, conversation, context),
    ...(session.hooks.has('Stop') ? { onStop: ({ stopHookActive }) => runStopHooks(session.hooks, hookCall(), { event: 'Stop', stopHookActive }) } : {}),
  });
}

/** The newest prompt the user typed (not a tool result or a loop's own note): thinking words are read from it. */
function latestPromptText(messages: readonly ConversationMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type === 'user' && !message.isMeta) return textOfContent(message.content);
  }
  return '';
}

/** The conversation's last message when it is the user's new prompt, with the prompt's text (its last text block). */
function newPromptOf(messages: readonly ConversationMessage[]): { message: UserMessage; text: string } | undefined {
  const last = messages.at(-1);
  if (!last || last.type !== 'user' || last.isMeta) return undefined;
  if (typeof last.content === 'string') return { message: last, text: last.content };
  const text = last.content.findLast((block) => block.type === 'text');
  return text && text.type === 'text' ? { message: last, text: text.text } : undefined;
}
