/**
 * When a conversation compacts itself, and what a compaction leaves behind:
 * automatic compaction once the latest response says the context passed the
 * threshold (or the API said the prompt is too long), off for the rest of
 * the session after MAX_COMPACTION_FAILURES failures in a row; /compact on
 * demand. The conversation (conversationSession.ts) owns the messages; this
 * policy owns the context size it last heard of and the failure count, and
 * tells the conversation the compacted messages through its host.
 */
import type { CompactionHook, CompactionStep, CompactionTrigger, QueryEvent } from '../../query/events.js';
import type { ModelClient } from '../../contract/modelClient.js';
import type { TodoItem } from '../../contract/appState.js';
import { textOfContent, type ConversationMessage } from '../../types/messages.js';
import type { TranscriptWriter } from '../transcript/transcriptWriter.js';
import { compactConversation } from './compactConversation.js';
import { autoCompactPercent } from './tokenEstimate.js';

/** After this many failed compactions in a row the session stops trying on its own. */
export const MAX_COMPACTION_FAILURES = 3;

/** Lifecycle points a compaction passes (PreCompact, PostCompact and SessionStart hooks hang on them). */
export type CompactionLifecycle =
  | { readonly type: 'pre_compact'; readonly trigger: CompactionTrigger; readonly instructions: string | undefined }
  | { readonly type: 'post_compact'; readonly trigger: CompactionTrigger; readonly summary: string }
  | { readonly type: 'session_start'; readonly source: 'compact' };

/** What the policy needs from the conversation it compacts. */
export type CompactionHost = {
  readonly modelClient: ModelClient;
  readonly env: NodeJS.ProcessEnv;
  model(): string;
  contextWindow(): number;
  cwd(): string;
  todos(): readonly TodoItem[];
  writer(): TranscriptWriter | undefined;
  /** System prompt, tool definitions and these messages, estimated (no response has measured them yet). */
  estimateContextTokens(messages: readonly ConversationMessage[]): Promise<number>;
  /** The compacted conversation replaces the messages. */
  adopt(messages: readonly ConversationMessage[]): void;
  emit(event: CompactionLifecycle): Promise<void>;
};

export type CompactionRun = { ok: true; messages: readonly ConversationMessage[] } | { ok: false; error: string };

export class CompactionPolicy {
  /** What the latest response said the context holds; compaction compares it with the threshold. */
  private lastResponseTokens: number | undefined;
  private failures = 0;
  private stopped = false;

  constructor(private readonly host: CompactionHost) {}

  /** Tokens in the context after the latest response (undefined before the first, or since a compaction). */
  get contextTokens(): number | undefined {
    return this.lastResponseTokens;
  }

  /** The window share at which automatic compaction runs, or undefined when it is off. */
  get threshold(): number | undefined {
    const percent = autoCompactPercent(this.host.env);
    return percent === undefined ? undefined : Math.floor((this.host.contextWindow() * percent) / 100);
  }

  /** A response measured the context. */
  heard(tokens: number): void {
    this.lastResponseTokens = tokens;
  }

  /** A new or resumed conversation: its measured size (if known), and automatic compaction on again. */
  reset(contextTokens: number | undefined): void {
    this.lastResponseTokens = contextTokens;
    this.failures = 0;
    this.stopped = false;
  }

  /** The loop's hook: compaction before a request that would overfill the window, and after "prompt too long". */
  hook(): CompactionHook {
    return {
      beforeRequest: (messages, signal) => this.autoCompact(messages, signal, false),
      onPromptTooLong: (messages, signal) => this.autoCompact(messages, signal, true),
    };
  }

  private async *autoCompact(messages: readonly ConversationMessage[], signal: AbortSignal, promptTooLong: boolean): AsyncGenerator<QueryEvent, CompactionStep> {
    const threshold = this.threshold;
    if (threshold === undefined || this.stopped) return { kind: 'unchanged' };
    if (!promptTooLong && (this.lastResponseTokens === undefined || this.lastResponseTokens <= threshold)) return { kind: 'unchanged' };
    const result = yield* this.run(messages, 'auto', undefined, signal);
    if (result.ok) return { kind: 'compacted', messages: result.messages };
    if (this.stopped) {
      return {
        kind: 'failed',
        error: `compaction failed ${MAX_COMPACTION_FAILURES} times in a row (last: ${result.error}); automatic compaction is off for the rest of this session. Run /compact to try again, or /clear to start over.`,
      };
    }
    if (promptTooLong) return { kind: 'failed', error: `the conversation is too long for the model, and compacting it failed: ${result.error}` };
    // Still under the window: this request goes out as it is, and the next response tries again.
    return { kind: 'unchanged' };
  }

  async *run(
    messages: readonly ConversationMessage[],
    trigger: CompactionTrigger,
    instructions: string | undefined,
    signal: AbortSignal,
  ): AsyncGenerator<QueryEvent, CompactionRun> {
    const { host } = this;
    yield { type: 'compaction_start', trigger };
    await host.emit({ type: 'pre_compact', trigger, instructions });
    const tokensBefore = this.lastResponseTokens ?? (await host.estimateContextTokens(messages));
    const outcome = await compactConversation({
      messages,
      modelClient: host.modelClient,
      model: host.model(),
      windowTokens: host.contextWindow(),
      instructions,
      preserved: { cwd: host.cwd(), todos: host.todos() },
      signal,
    });
    if (!outcome.ok) {
      this.failures++;
      if (trigger === 'auto' && this.failures >= MAX_COMPACTION_FAILURES) this.stopped = true;
      yield { type: 'compaction_failed', trigger, error: outcome.error };
      return { ok: false, error: outcome.error };
    }
    this.failures = 0;
    this.stopped = false;
    const tokensAfter = await host.estimateContextTokens(outcome.messages);
    host.writer()?.appendCompactBoundary({ trigger, tokensBefore, tokensAfter });
    host.writer()?.appendMissing(outcome.messages, { carried: true });
    this.lastResponseTokens = undefined;
    host.adopt(outcome.messages);
    yield { type: 'compact_boundary', trigger, tokensBefore, tokensAfter, keptTurns: outcome.keptTurns };
    await host.emit({ type: 'post_compact', trigger, summary: outcome.messages[0] ? textOfContent(outcome.messages[0].content) : '' });
    await host.emit({ type: 'session_start', source: 'compact' });
    return { ok: true, messages: outcome.messages };
  }
}
