/**
 * One try at one model turn: stream the message, start each tool_use the
 * moment its input is complete, and yield stream and tool events as they
 * happen, merged into one ordered stream.
 */
import type { ToolUseContext } from '../contract/tool.js';
import { MessageAssembler, type AssembledMessage, type AssemblerUpdate } from '../services/api/messageAssembler.js';
import type { ModelClient, ModelRequest } from '../contract/modelClient.js';
import { classifyApiFailure, type ApiFailure } from '../services/api/withRetry.js';
import {
  StreamingToolExecutor,
  type CompletedCall,
  type ExecutorEvent,
} from '../services/tools/StreamingToolExecutor.js';
import type { ToolCallOutcome, ToolRunEnv } from '../services/tools/toolExecution.js';
import { AsyncChannel } from '../utils/asyncChannel.js';
import { linkedAbortController } from '../utils/abort.js';
import type { QueryEvent } from './events.js';
import { monotonicMs } from '../utils/clock.js';

/** Internal to the loop: it turns this into assistant_complete. */
export type StreamCompleteEvent = { readonly type: 'stream_complete'; readonly message: AssembledMessage };

export type AttemptResult =
  | { readonly kind: 'completed'; readonly message: AssembledMessage; readonly outcomes: readonly ToolCallOutcome[] }
  /** The user interrupted; `message` holds what had streamed, and every finished tool_use is answered. */
  | { readonly kind: 'interrupted'; readonly message: AssembledMessage; readonly outcomes: readonly ToolCallOutcome[] }
  | { readonly kind: 'failed'; readonly failure: ApiFailure; readonly completedCalls: readonly CompletedCall[] };

export type AttemptOptions = {
  readonly modelClient: ModelClient;
  readonly request: ModelRequest;
  readonly env: ToolRunEnv;
  readonly getContext: () => ToolUseContext;
  readonly setContext: (context: ToolUseContext) => void;
  readonly signal: AbortSignal;
  readonly maxConcurrency: number;
  readonly completedBefore: readonly CompletedCall[];
  /** Yield every API stream event as it arrives (raw_stream_event), ahead of the events digested from it. */
  readonly rawStreamEvents?: boolean;
  /** Called once, when the first stream event arrives: the request is on the wire. */
  readonly onFirstStreamEvent?: () => void;
  /** Called with the wall time the stream took (for duration_api_ms). */
  readonly onStreamDuration: (ms: number) => void;
};

const STREAM_END = Symbol('stream end');
type StreamResult = { readonly ok: true; readonly message: AssembledMessage } | { readonly ok: false; readonly error: unknown };

export async function* streamAttempt(options: AttemptOptions): AsyncGenerator<QueryEvent | StreamCompleteEvent, AttemptResult> {
  const channel = new AsyncChannel<QueryEvent | typeof STREAM_END>();
  const executor = new StreamingToolExecutor({
    env: options.env,
    getContext: options.getContext,
    setContext: options.setContext,
    signal: options.signal,
    maxConcurrency: options.maxConcurrency,
    completedBefore: options.completedBefore,
    emit: (event: ExecutorEvent) => channel.push(event),
  });
  const assembler = new MessageAssembler();
  // Aborting the HTTP stream on interrupt; disposed so the turn signal does not keep a listener per attempt.
  const streamAbort = linkedAbortController([options.signal]);

  const started = monotonicMs();
  const streaming = (async (): Promise<StreamResult> => {
    try {
      let first = true;
      for await (const event of options.modelClient.streamMessage(options.request, streamAbort.controller.signal)) {
        if (first) {
          first = false;
          options.onFirstStreamEvent?.();
        }
        if (options.rawStreamEvents) channel.push({ type: 'raw_stream_event', event });
        for (const update of assembler.handle(event)) {
          if (update.type === 'tool_use_complete') executor.addTool(update.request);
          else channel.push(toQueryEvent(update));
        }
      }
      return { ok: true, message: assembler.finish() };
    } catch (error) {
      // A connection dropped after message_stop lost nothing: keep the message.
      if (assembler.isComplete && !options.signal.aborted) return { ok: true, message: assembler.finish() };
      return { ok: false, error };
    } finally {
      options.onStreamDuration(monotonicMs() - started);
      channel.push(STREAM_END);
    }
  })();

  for await (const event of channel) {
    if (event === STREAM_END) break;
    yield event;
  }
  const streamed = await streaming;
  streamAbort.dispose();

  if (!streamed.ok && !options.signal.aborted) {
    const completedCalls = await executor.discard();
    return { kind: 'failed', failure: classifyApiFailure(streamed.error), completedCalls };
  }

  if (streamed.ok && !options.signal.aborted) yield { type: 'stream_complete', message: streamed.message };
  // Tools keep running after the stream ends: keep relaying their events until every result is out.
  const finishing = executor.finish().finally(() => channel.close());
  for await (const event of channel) {
    if (event !== STREAM_END) yield event;
  }
  const outcomes = await finishing;
  if (!streamed.ok || options.signal.aborted) {
    return { kind: 'interrupted', message: assembler.partial(), outcomes };
  }
  return { kind: 'completed', message: streamed.message, outcomes };
}

function toQueryEvent(update: Exclude<AssemblerUpdate, { type: 'tool_use_complete' }>): QueryEvent {
  switch (update.type) {
    case 'text_delta':
      return { type: 'text_delta', text: update.text };
    case 'thinking_delta':
      return { type: 'thinking_delta', thinking: update.thinking };
    case 'tool_use_start':
      return { type: 'tool_use_start', toolUseId: update.id, toolName: update.name };
    case 'tool_input_delta':
      return { type: 'tool_input_delta', toolUseId: update.id, toolName: update.name, partialJson: update.partialJson };
  }
}
