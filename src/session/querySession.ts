/**
 * One query against a session: every front end (REPL, headless, tests,
 * benchmarks) runs the loop with the session's configuration and adds only
 * what is its own — how it asks for permission, who answers questions.
 */
import type { ToolUseContext } from '../Tool.js';
import { query, type QueryEvent, type QueryOutcome } from '../query.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { ConversationMessage } from '../types/messages.js';
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

export function querySession(session: Session, options: SessionQueryOptions): AsyncGenerator<QueryEvent, QueryOutcome> {
  const model = options.model ?? session.model;
  const base = { ...session.toolUseContext(options.signal, options.messages, options.cwd), model };
  return query({
    messages: options.messages,
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
    takeReminders: (messages, context) => collectReminders(session, messages, context),
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
