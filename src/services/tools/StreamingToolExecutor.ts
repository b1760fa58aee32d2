/**
 * Runs a message's tool calls as they arrive. Each tool_use is handed over
 * the moment its input JSON is complete — while the model is still streaming
 * the rest of the message — and starts at once if the batching rules allow:
 * calls in the current concurrency-safe batch run in parallel (bounded), an
 * unsafe call waits for everything before it and runs alone.
 *
 * Results are emitted strictly in tool_use order, however the executions
 * finish; a turn with a slow stream and a slow tool costs about
 * max(stream, tool), not their sum. A message that arrives in one piece is
 * the degenerate case (add everything, then finish()), so there is one code
 * path for both.
 */
import type { ToolUseContext } from '../../contract/tool.js';
import { linkedAbortController, settleWithin, type LinkedAbort } from '../../utils/abort.js';
import { errorMessageOf } from '../../utils/errors.js';
import { cancellationOf, type CancellationReason } from './cancellation.js';
import { isPreparedCallConcurrencySafe, prepareToolCall, type Preparation } from './prepareToolCall.js';
import { cancelledOutcome, errorResult, runToolUse, type ToolCallOutcome, type ToolRunEnv, type ToolUseRequest } from './toolExecution.js';
import { batchForNextCall, type Batch } from './toolOrchestration.js';

export type ExecutorEvent =
  | { readonly type: 'tool_started'; readonly toolUseId: string; readonly toolName: string; readonly input: unknown }
  | { readonly type: 'tool_progress'; readonly toolUseId: string; readonly toolName: string; readonly progress: unknown }
  | { readonly type: 'tool_result'; readonly outcome: ToolCallOutcome };

export type CompletedCall = { readonly request: ToolUseRequest; readonly outcome: ToolCallOutcome };

export type StreamingToolExecutorOptions = {
  readonly env: ToolRunEnv;
  /** The context later calls start from; serial tools' contextModifiers update it. */
  readonly getContext: () => ToolUseContext;
  readonly setContext: (context: ToolUseContext) => void;
  /** The turn's signal: the user's interrupt. */
  readonly signal: AbortSignal;
  readonly maxConcurrency: number;
  readonly emit: (event: ExecutorEvent) => void;
  /** How long to wait for aborted tools to really stop (kill their processes) before moving on. */
  readonly settleGraceMs?: number;
  /**
   * Calls that already ran from an earlier, cut-off copy of this message. A
   * re-sent call with the same tool and input reuses its outcome instead of
   * running twice.
   */
  readonly completedBefore?: readonly CompletedCall[];
};

type CallState = 'preparing' | 'queued' | 'running' | 'done';

type TrackedCall = {
  readonly request: ToolUseRequest;
  /** Set once prepared (parsed, facts declared); the call then joins a batch. */
  preparation?: Preparation;
  preparing?: boolean;
  batch?: ExecutionBatch;
  state: CallState;
  outcome?: ToolCallOutcome;
  abort?: LinkedAbort;
};

type ExecutionBatch = Batch<TrackedCall> & {
  readonly controller: AbortController;
  failed: boolean;
};

const DEFAULT_SETTLE_GRACE_MS = 5_000;

export class StreamingToolExecutor {
  private readonly calls: TrackedCall[] = [];
  private readonly batches: ExecutionBatch[] = [];
  private readonly settling: Promise<unknown>[] = [];
  private nextToEmit = 0;
  /** Calls join batches in tool_use order, each once its preparation is done. */
  private nextToBatch = 0;
  private discarded = false;
  private turnStopped = false;
  private idleWaiters: Array<() => void> = [];
  private readonly reusable: Map<string, ToolCallOutcome[]>;

  private readonly onTurnAbort = (): void => this.pump();

  constructor(private readonly options: StreamingToolExecutorOptions) {
    // Removed when the executor is done: one turn signal outlives many executors.
    options.signal.addEventListener('abort', this.onTurnAbort, { once: true });
    this.reusable = new Map();
    for (const { request, outcome } of options.completedBefore ?? []) {
      const key = callKey(request.name, request.input);
      this.reusable.set(key, [...(this.reusable.get(key) ?? []), outcome]);
    }
  }

  get size(): number {
    return this.calls.length;
  }

  /**
   * Takes the next tool_use of the message. Calls are prepared (parsed,
   * their facts declared: the one shell analysis) in tool_use order, each
   * against the cwd it will run in — so a call after an unfinished serial
   * call (which may `cd`) waits for it before being prepared; it could not
   * start earlier anyway. A prepared call joins its batch at once.
   */
  addTool(request: ToolUseRequest): void {
    if (this.discarded) return;
    this.calls.push({ request, state: 'preparing' });
    this.advance();
  }

  private advance(): void {
    if (this.discarded) return;
    while (this.nextToBatch < this.calls.length) {
      const call = this.calls[this.nextToBatch]!;
      if (!call.preparation) {
        if (!call.preparing && this.cwdIsSettled()) this.prepare(call);
        break;
      }
      this.nextToBatch++;
      // The same greedy rule partitionToolCalls applies to a whole message.
      const batch = batchForNextCall(this.batches, isPreparedCallConcurrencySafe(call.preparation), (isConcurrencySafe) => ({
        isConcurrencySafe,
        calls: [],
        controller: new AbortController(),
        failed: false,
      }));
      batch.calls.push(call);
      call.batch = batch;
      call.state = 'queued';
      const earlier = this.reusable.get(callKey(call.request.name, call.request.input))?.shift();
      if (earlier) this.complete(call, reuseOutcome(earlier, call.request.id));
    }
    this.pump();
  }

  /** Only serial calls change the context (contextModifier), so the cwd is final once they are all done. */
  private cwdIsSettled(): boolean {
    return this.batches.every((batch) => batch.isConcurrencySafe || batch.calls.every((call) => call.state === 'done'));
  }

  private prepare(call: TrackedCall): void {
    const { request } = call;
    call.preparing = true;
    prepareToolCall(request, this.options.getContext(), this.options.env)
      .catch((error: unknown): Preparation => ({ ok: false, request, message: `Internal error while preparing ${request.name}: ${errorMessageOf(error)}` }))
      .then((preparation) => {
        call.preparation = preparation;
        this.advance();
      });
  }

  /**
   * Call once the message is complete: resolves with every outcome, in
   * tool_use order, after each has been emitted. After an interrupt it also
   * waits (bounded) for aborted tools to actually stop.
   */
  async finish(): Promise<ToolCallOutcome[]> {
    while (this.nextToEmit < this.calls.length) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
    this.options.signal.removeEventListener('abort', this.onTurnAbort);
    if (this.options.signal.aborted || this.turnStopped) await this.waitForSettle();
    return this.calls.map((call) => call.outcome!);
  }

  /**
   * The message these calls came from was cut off and will be requested
   * again: stop started calls, drop queued ones, emit nothing more. Resolves
   * once the started calls have stopped, so a retry never runs alongside them.
   */
  async discard(): Promise<CompletedCall[]> {
    // Only calls that finished before the cut ran to completion; remember them so a re-sent copy is not run again.
    const finished = this.calls.flatMap((call) =>
      call.state === 'done' && call.outcome && call.outcome.status !== 'cancelled'
        ? [{ request: call.request, outcome: call.outcome }]
        : [],
    );
    this.discarded = true;
    this.options.signal.removeEventListener('abort', this.onTurnAbort);
    const reason: CancellationReason = { kind: 'discarded' };
    for (const batch of this.batches) batch.controller.abort(reason);
    await this.waitForSettle();
    return finished;
  }

  private async waitForSettle(): Promise<void> {
    await settleWithin(this.settling, this.options.settleGraceMs ?? DEFAULT_SETTLE_GRACE_MS);
  }

  private pump(): void {
    if (this.discarded) return;
    if (this.options.signal.aborted || this.turnStopped) {
      const reason: CancellationReason = this.options.signal.aborted
        ? { kind: 'user_interrupt' }
        : { kind: 'turn_stopped' };
      for (const call of this.calls) {
        if (call.state === 'queued') this.complete(call, cancelledOutcome(call.request, call.request.input, reason));
      }
      return;
    }
    const current = this.batches.find((batch) => batch.calls.some((call) => call.state !== 'done'));
    if (!current) return;
    if (!current.isConcurrencySafe) {
      const only = current.calls[0]!;
      if (only.state === 'queued') this.start(only);
      return;
    }
    let running = current.calls.filter((call) => call.state === 'running').length;
    for (const call of current.calls) {
      if (running >= this.options.maxConcurrency) break;
      if (call.state !== 'queued') continue;
      if (current.failed) {
        this.complete(call, cancelledOutcome(call.request, call.request.input, cancellationOf(current.controller.signal)));
        continue;
      }
      this.start(call);
      running++;
    }
  }

  private start(call: TrackedCall): void {
    call.state = 'running';
    const { request } = call;
    const batch = call.batch!;
    const abort = linkedAbortController([this.options.signal, batch.controller.signal]);
    call.abort = abort;
    const context: ToolUseContext = {
      ...this.options.getContext(),
      abortSignal: abort.controller.signal,
      toolUseId: request.id,
    };
    this.options.emit({ type: 'tool_started', toolUseId: request.id, toolName: request.name, input: request.input });
    runToolUse(request, {
      env: this.options.env,
      context,
      onProgress: (progress) => {
        if (!this.discarded) {
          this.options.emit({ type: 'tool_progress', toolUseId: request.id, toolName: request.name, progress });
        }
      },
      onSettled: (settled) => this.settling.push(settled),
      ...(call.preparation ? { preparation: call.preparation } : {}),
    })
      .catch(
        (error: unknown): ToolCallOutcome => ({
          toolUseId: request.id,
          toolName: request.name,
          input: request.input,
          status: 'error',
          result: errorResult(request.id, `Internal error: ${String(error)}`),
        }),
      )
      .then((outcome) => {
        abort.dispose();
        this.complete(call, outcome);
      });
  }

  private complete(call: TrackedCall, outcome: ToolCallOutcome): void {
    if (call.state === 'done') return;
    call.state = 'done';
    call.outcome = outcome;
    const batch = call.batch!;
    const cancelSiblingsOnError = call.preparation?.ok === true && call.preparation.prepared.tool.cancelSiblingsOnError;

    if (!batch.isConcurrencySafe && outcome.status === 'success' && outcome.contextModifier) {
      this.options.setContext(outcome.contextModifier(this.options.getContext()));
    }
    if (batch.isConcurrencySafe && outcome.status === 'error' && cancelSiblingsOnError && !batch.failed) {
      batch.failed = true;
      batch.controller.abort({ kind: 'sibling_error', toolUseId: outcome.toolUseId, toolName: outcome.toolName });
    }
    if (outcome.stopTurn) this.turnStopped = true;

    this.emitInOrder();
    this.advance();
  }

  private emitInOrder(): void {
    while (this.nextToEmit < this.calls.length && this.calls[this.nextToEmit]!.state === 'done') {
      const outcome = this.calls[this.nextToEmit]!.outcome!;
      this.nextToEmit++;
      if (!this.discarded) this.options.emit({ type: 'tool_result', outcome });
    }
    if (this.nextToEmit === this.calls.length) {
      for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }
}

function callKey(toolName: string, input: unknown): string {
  return `${toolName}\u0000${stableJson(input)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function reuseOutcome(outcome: ToolCallOutcome, toolUseId: string): ToolCallOutcome {
  return { ...outcome, toolUseId, result: { ...outcome.result, tool_use_id: toolUseId } };
}
