/**
 * The one typed event stream the agent loop yields. Headless mode serialises
 * it; the REPL renders it. Events flow up, never commands down.
 */
import type { ExecutorEvent } from '../services/tools/StreamingToolExecutor.js';
import type { ApiFailure } from '../services/api/withRetry.js';
import type { AssembledMessage } from '../services/api/messageAssembler.js';
import type { AssistantMessage, ConversationMessage, UserMessage } from '../types/messages.js';
import type { RawMessageStreamEvent } from '../services/api/types.js';

export type QueryEvent =
  | { readonly type: 'request_start'; readonly turn: number; readonly attempt: number }
  | { readonly type: 'text_delta'; readonly text: string }
  | { readonly type: 'thinking_delta'; readonly thinking: string }
  /**
   * One API stream event exactly as it arrived, before the digested events
   * made from it; only when the query asks for them (QueryParams.rawStreamEvents).
   */
  | { readonly type: 'raw_stream_event'; readonly event: RawMessageStreamEvent }
  /** A tool_use block began streaming; its input is still arriving. */
  | { readonly type: 'tool_use_start'; readonly toolUseId: string; readonly toolName: string }
  | { readonly type: 'tool_input_delta'; readonly toolUseId: string; readonly toolName: string; readonly partialJson: string }
  | ExecutorEvent
  /**
   * The model's message is complete (its tools may still be running); the
   * same message comes again as assistant_message once the turn's tools are done.
   */
  | { readonly type: 'assistant_complete'; readonly message: AssistantMessage }
  | { readonly type: 'assistant_message'; readonly message: AssistantMessage }
  /** Tool results (and loop nudges) appended to the conversation. */
  | { readonly type: 'user_message'; readonly message: UserMessage }
  /**
   * The request failed or its stream was cut; everything streamed since the
   * last request_start (text, started tools) is void and will come again.
   */
  | { readonly type: 'retry'; readonly attempt: number; readonly delayMs: number; readonly failure: ApiFailure; /** Retries allowed in all (the policy's maxRetries). */ readonly maxRetries?: number }
  /** The conversation is being summarised (a side request); a compact_boundary or compaction_failed follows. */
  | { readonly type: 'compaction_start'; readonly trigger: CompactionTrigger }
  /** The conversation was replaced by a summary plus its most recent turns. */
  | {
      readonly type: 'compact_boundary';
      readonly trigger: CompactionTrigger;
      readonly tokensBefore: number;
      readonly tokensAfter: number;
      /** Real user prompts (turns) kept verbatim after the summary. */
      readonly keptTurns: number;
    }
  | { readonly type: 'compaction_failed'; readonly trigger: CompactionTrigger; readonly error: string }
  /** The model stayed overloaded: the rest of this query runs on the fallback model (--fallback-model). */
  | { readonly type: 'model_fallback'; readonly from: string; readonly to: string }
  /** The session's cost passed 80 % of its spend cap (once per cap; from the main conversation only). */
  | { readonly type: 'budget_warning'; readonly spentUsd: number; readonly maxUsd: number };

export type CompactionTrigger = 'auto' | 'manual';

/**
 * stopped_by_hook: a hook answered `continue: false` (its stopReason is the outcome's detail).
 * max_budget: the session's cost reached --max-budget-usd before another request.
 * structured_output_failed: the model gave no valid final-answer call (--json-schema) within its attempts.
 */
export type QueryStopReason = 'completed' | 'max_turns' | 'max_budget' | 'structured_output_failed' | 'interrupted' | 'rejected_by_user' | 'api_error' | 'compaction_failed' | 'stopped_by_hook';

export type QueryOutcome = {
  readonly reason: QueryStopReason;
  /** The whole conversation after this query, ready for the next prompt. */
  readonly messages: readonly ConversationMessage[];
  /** Model turns (API responses) in this query. */
  readonly turns: number;
  readonly failure?: ApiFailure;
  /** Why the loop stopped, in words, where the reason alone does not say (why compaction failed, a hook's stopReason). */
  readonly detail?: string;
  /** The input of the accepted final-answer call (--json-schema), when the query had one. */
  readonly structuredOutput?: unknown;
};

/**
 * What the loop asks before each request, and when the API answers that the
 * prompt is too long: the session's compaction step (src/session/compaction)
 * may replace the conversation. Events it yields go up the loop's stream.
 */
export type CompactionStep =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'compacted'; readonly messages: readonly ConversationMessage[] }
  | { readonly kind: 'failed'; readonly error: string };

export type CompactionHook = {
  beforeRequest(messages: readonly ConversationMessage[], signal: AbortSignal): AsyncGenerator<QueryEvent, CompactionStep>;
  onPromptTooLong(messages: readonly ConversationMessage[], signal: AbortSignal): AsyncGenerator<QueryEvent, CompactionStep>;
};
