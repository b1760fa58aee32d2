/**
 * The agent loop: stream a model turn, run its tools, append the assistant
 * message and one user message holding every tool_result, and repeat until
 * the model ends its turn, --max-turns is reached, or the user interrupts.
 *
 * Whatever happens, the conversation it returns is valid for the API: every
 * tool_use has its tool_result.
 */
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { Tools, ToolUseContext } from './contract/tool.js';
import type { CostTracker } from './services/api/cost.js';
import type { ThinkingRequest } from './services/api/thinking.js';
import { toApiTools } from './services/api/toolSchemas.js';
import { thinkingStyleOf } from './services/api/models.js';
import type { ModelClient, ModelRequest } from './contract/modelClient.js';
import { isPromptTooLong, isRetryable, retryDelayMs, type ApiFailure, type RetryPolicy } from './services/api/withRetry.js';
import type { AssembledMessage } from './services/api/messageAssembler.js';
import type { CompletedCall } from './services/tools/StreamingToolExecutor.js';
import { errorResult, type ToolCallOutcome, type ToolRunEnv } from './services/tools/toolExecution.js';
import type { AssistantMessage, ContentBlockParam, ConversationMessage, UserMessage } from './types/messages.js';
import { sleep } from './utils/abort.js';
import { newUuid, nowIso } from './utils/ids.js';
import type { CompactionHook, QueryEvent, QueryOutcome, QueryStopReason } from './query/events.js';
import { withModeReminder, withReminders } from './query/modeReminder.js';
import { buildModelRequest } from './query/requestBuilder.js';
import { runPostToolBatchHooks } from './hooks/batchHooks.js';
import type { StopAnswer } from './hooks/types.js';
import { streamAttempt } from './query/streamAttempt.js';

export type { QueryEvent, QueryOutcome } from './query/events.js';

export type QueryParams = {
  /** The conversation so far, ending with the user's new prompt. */
  readonly messages: readonly ConversationMessage[];
  readonly systemPrompt: readonly TextBlockParam[];
  readonly modelClient: ModelClient;
  readonly model: string;
  readonly maxOutputTokens: number;
  readonly maxTurns?: number;
  /** The context tools start from; its `tools` is the whole pool the model may call. */
  readonly context: ToolUseContext;
  readonly env: ToolRunEnv;
  readonly signal: AbortSignal;
  readonly costTracker: CostTracker;
  readonly retryPolicy: RetryPolicy;
  readonly maxConcurrency: number;
  /** Which tools' definitions this request carries (ToolSearch withholds deferred ones). Default: all. */
  readonly selectRequestTools?: (context: ToolUseContext) => Tools;
  /** Sees every context change (e.g. a `cd`), so the next query starts where this one ended. */
  readonly onContextChange?: (context: ToolUseContext) => void;
  /**
   * News for the model since the last request (a background task ended, a
   * subfolder's CLAUDE.md now applies), each given once. Sees the
   * conversation so far and the current context.
   */
  /** Extended thinking for every request of this query (decided from the prompt and settings). */
  readonly thinking?: ThinkingRequest;
  /** After FALLBACK_AFTER_OVERLOADS overloaded answers in a row, the query continues on this model. */
  readonly fallbackModel?: string;
  readonly takeReminders?: (messages: readonly ConversationMessage[], context: ToolUseContext) => Promise<readonly string[]>;
  /** Compaction between requests and after a prompt-too-long answer (the session's; none: never compacts). */
  readonly compaction?: CompactionHook;
  /**
   * After the API refused a request as invalid (a 400 that is not "prompt is
   * too long"): the conversation made valid (tool_use/tool_result pairs,
   * alternating roles), or undefined when there was nothing to repair. The
   * request is sent once more with the repaired history; a second refusal is
   * the turn's error.
   */
  readonly repairHistory?: (messages: readonly ConversationMessage[]) => ConversationMessage[] | undefined;
  /**
   * Asked when the model ends its turn (Stop hooks): a reason to keep going
   * (given to the model, and the loop goes on), or undefined to stop.
   * `stopHookActive` says the loop already continued because of it.
   */
  readonly onStop?: (state: { readonly stopHookActive: boolean }) => Promise<StopAnswer>;
  /**
   * --max-budget-usd: no request starts once the session has spent this
   * much (subagents included, so `spentUsd` reads the session's total). An
   * answer already received is kept: the check sits before each request.
   */
  readonly budget?: CostBudget;
  /** Yield raw_stream_event for every API stream event (--include-partial-messages); off costs nothing. */
  readonly rawStreamEvents?: boolean;
  /**
   * --json-schema: the answer is a call to this tool. The query ends as soon
   * as a call to it succeeds (its input becomes the outcome's
   * structuredOutput). A turn ending without one gets `nudge`; after
   * `maxAttempts` refused calls and nudges together, the query stops with
   * structured_output_failed.
   */
  readonly finalAnswerTool?: FinalAnswerTool;
};

export type FinalAnswerTool = { readonly name: string; readonly maxAttempts: number; readonly nudge: string };

export type CostBudget = { readonly maxUsd: number; readonly spentUsd: () => number };

/** A Stop hook that keeps blocking is obeyed this many times per query, then the turn ends anyway. */
export const MAX_STOP_HOOK_CONTINUATIONS = 5;
/** Overloaded answers in a row (529 / overloaded_error) before a query moves to its fallback model. */
export const FALLBACK_AFTER_OVERLOADS = 3;

/** Up to this many times a reply cut off by max_tokens is asked to continue. */
const MAX_OUTPUT_TOKEN_RECOVERIES = 3;

export async function* query(params: QueryParams): AsyncGenerator<QueryEvent, QueryOutcome> {
  const messages: ConversationMessage[] = [...params.messages];
  let context = params.context;
  const getContext = (): ToolUseContext => context;
  const setContext = (next: ToolUseContext): void => {
    context = next;
    params.onContextChange?.(next);
  };
  let turns = 0;
  const warmUp = toolWarmUp();
  let recoveries = 0;
  let stopContinuations = 0;
  let model = params.model;
  let contextModel = context.model;
  let finalAnswerMisses = 0;
  const stop = (reason: QueryStopReason, failure?: ApiFailure, detail?: string): QueryOutcome => ({
    reason,
    messages,
    turns,
    ...(failure ? { failure } : {}),
    ...(detail !== undefined ? { detail } : {}),
  });
  const finalAnswerFailed = (tool: FinalAnswerTool): QueryOutcome =>
    stop('structured_output_failed', undefined, `no valid ${tool.name} call after ${tool.maxAttempts} attempts`);
  let compactedForTooLong = false;
  let repairedHistory = false;

  turnLoop: for (;;) {
    if (params.signal.aborted) return stop('interrupted');
    if (params.budget && params.budget.spentUsd() >= params.budget.maxUsd) {
      return stop('max_budget', undefined, `spent $${params.budget.spentUsd().toFixed(4)} of the $${params.budget.maxUsd} budget`);
    }
    if (params.compaction) {
      const step = yield* params.compaction.beforeRequest(messages, params.signal);
      if (step.kind === 'failed') return stop('compaction_failed', undefined, step.error);
      if (step.kind === 'compacted') messages.splice(0, messages.length, ...step.messages);
    }
    const mode = context.appState.get().toolPermissionContext.mode;
    const last = messages.at(-1);
    if (last) {
      const reminders = (await params.takeReminders?.(messages, context)) ?? [];
      messages[messages.length - 1] = withReminders(withModeReminder(last, mode, context.isInteractive), reminders);
    }
    // A tool may switch the model for the rest of this query (a skill's `model`, through its contextModifier).
    if (context.model !== contextModel) model = contextModel = context.model;
    const requestTools = params.selectRequestTools?.(context) ?? context.tools;
    const apiTools = await toApiTools(requestTools, { tools: context.tools, permissionMode: mode });
    let request = buildModelRequest({
      model,
      maxTokens: params.maxOutputTokens,
      system: params.systemPrompt,
      messages,
      tools: apiTools,
      // Thinking settings are the query's model's kind (budget or adaptive); another kind of model goes without.
      thinking: thinkingStyleOf(model) === thinkingStyleOf(params.model) ? params.thinking : undefined,
    });

    // Retry loop for one turn: failed requests and cut streams alike.
    let completedBefore: readonly CompletedCall[] = [];
    let attempt = 0;
    let overloadedInARow = 0;
    let result;
    let completedAssistant: AssistantMessage | undefined;
    for (;;) {
      attempt++;
      yield { type: 'request_start', turn: turns + 1, attempt };
      const attemptRun = streamAttempt({
        modelClient: params.modelClient,
        request,
        env: params.env,
        getContext,
        setContext,
        signal: params.signal,
        maxConcurrency: params.maxConcurrency,
        completedBefore,
        rawStreamEvents: params.rawStreamEvents ?? false,
        onFirstStreamEvent: () => warmUp.arm(context.tools),
        onStreamDuration: (ms) => {
          warmUp.cancel();
          params.costTracker.addApiDuration(ms);
        },
      });
      // The message is final when its stream ends: it is announced then (transcripts save it before its tools finish).
      for (;;) {
        const step = await attemptRun.next();
        if (step.done) {
          result = step.value;
          break;
        }
        if (step.value.type === 'stream_complete') {
          completedAssistant = toAssistantMessage(step.value.message, model);
          yield { type: 'assistant_complete', message: completedAssistant };
        } else {
          yield step.value;
        }
      }
      if (result.kind !== 'failed') break;
      completedAssistant = undefined;
      completedBefore = [...completedBefore, ...result.completedCalls];
      // The prompt outgrew the window: compact and send again, once per turn.
      if (params.compaction && isPromptTooLong(result.failure) && !compactedForTooLong && completedBefore.length === 0) {
        compactedForTooLong = true;
        const step = yield* params.compaction.onPromptTooLong(messages, params.signal);
        if (step.kind === 'failed') return stop('compaction_failed', result.failure, step.error);
        if (step.kind === 'compacted') {
          messages.splice(0, messages.length, ...step.messages);
          continue turnLoop;
        }
      }
      if (params.repairHistory && result.failure.kind === 'invalid_request' && !isPromptTooLong(result.failure) && !repairedHistory && completedBefore.length === 0) {
        repairedHistory = true;
        const repaired = params.repairHistory(messages);
        if (repaired) {
          messages.splice(0, messages.length, ...repaired);
          continue turnLoop;
        }
      }
      overloadedInARow = result.failure.kind === 'overloaded' ? overloadedInARow + 1 : 0;
      if (params.fallbackModel && model !== params.fallbackModel && overloadedInARow >= FALLBACK_AFTER_OVERLOADS) {
        yield { type: 'model_fallback', from: model, to: params.fallbackModel };
        model = params.fallbackModel;
        request = requestForFallback(request, model);
        overloadedInARow = 0;
        continue;
      }
      if (!isRetryable(result.failure) || attempt > params.retryPolicy.maxRetries) {
        return stop('api_error', result.failure);
      }
      const delayMs = retryDelayMs(attempt, params.retryPolicy, result.failure);
      yield { type: 'retry', attempt, delayMs, failure: result.failure, maxRetries: params.retryPolicy.maxRetries };
      try {
        await sleep(delayMs, params.signal);
      } catch {
        return stop('interrupted');
      }
    }

    const assistant = completedAssistant ?? toAssistantMessage(result.message, model);
    if (result.kind === 'interrupted') {
      if (assistant.content.length > 0) {
        messages.push(assistant);
        yield { type: 'assistant_message', message: assistant };
        const answers = toolResultMessage(result.outcomes, []);
        if (answers) {
          messages.push(answers);
          yield { type: 'user_message', message: answers };
        }
      }
      return stop('interrupted');
    }

    turns++;
    compactedForTooLong = false;
    params.costTracker.add(assistant.model, assistant.usage);
    messages.push(assistant);
    yield { type: 'assistant_message', message: assistant };

    const unfinished = result.message.incompleteToolUses;
    if (result.outcomes.length === 0 && unfinished.length === 0) {
      if (assistant.stopReason === 'max_tokens' && recoveries < MAX_OUTPUT_TOKEN_RECOVERIES) {
        recoveries++;
        const nudge = metaUserMessage(
          'Your reply was cut off by the output token limit. Continue exactly where you stopped, without repeating anything.',
        );
        messages.push(nudge);
        yield { type: 'user_message', message: nudge };
        continue;
      }
      const finalTool = params.finalAnswerTool;
      if (finalTool && !params.signal.aborted) {
        if (++finalAnswerMisses >= finalTool.maxAttempts) return finalAnswerFailed(finalTool);
        const nudge = metaUserMessage(finalTool.nudge);
        messages.push(nudge);
        yield { type: 'user_message', message: nudge };
        continue;
      }
      const answer = params.onStop && !params.signal.aborted ? await params.onStop({ stopHookActive: stopContinuations > 0 }) : undefined;
      if (answer?.kind === 'halt') return stop('stopped_by_hook', undefined, answer.reason);
      if (answer?.kind === 'continue' && stopContinuations < MAX_STOP_HOOK_CONTINUATIONS && !params.signal.aborted) {
        stopContinuations++;
        const feedback = metaUserMessage(`Stop hook feedback: ${answer.reason}`);
        messages.push(feedback);
        yield { type: 'user_message', message: feedback };
        continue;
      }
      return stop(params.signal.aborted ? 'interrupted' : 'completed');
    }

    const batch = params.signal.aborted
      ? { context: [] }
      : await runPostToolBatchHooks(
          params.env.hooks,
          context,
          result.outcomes.map((outcome) => ({
            tool_name: outcome.toolName,
            tool_input: outcome.input,
            tool_use_id: outcome.toolUseId,
            tool_response: outcome.status === 'success' ? outcome.data : outcome.result.content,
          })),
        );
    const answers = toolResultMessage(result.outcomes, [
      ...unfinished.map((call) => errorResult(call.id, `${call.name} did not run: ${call.inputJsonError}. Send it again with a shorter input (split large content into several calls).`)),
      ...batch.context.map((text): ContentBlockParam => ({ type: 'text', text })),
    ]);
    if (answers) {
      messages.push(answers);
      yield { type: 'user_message', message: answers };
    }
    if (params.signal.aborted || result.outcomes.some((outcome) => outcome.status === 'interrupted')) {
      return stop('interrupted');
    }
    const finalTool = params.finalAnswerTool;
    const finalCalls = finalTool ? result.outcomes.filter((outcome) => outcome.toolName === finalTool.name) : [];
    const accepted = finalCalls.find((outcome) => outcome.status === 'success');
    if (accepted) return { ...stop('completed'), structuredOutput: accepted.input };
    if (result.outcomes.some((outcome) => outcome.stopTurn)) return stop('rejected_by_user');
    const hookStop = result.outcomes.find((outcome) => outcome.hookStop)?.hookStop ?? batch.stop;
    if (hookStop) return stop('stopped_by_hook', undefined, hookStop.reason);
    finalAnswerMisses += finalCalls.length;
    if (finalTool && finalAnswerMisses >= finalTool.maxAttempts) return finalAnswerFailed(finalTool);
    if (params.maxTurns !== undefined && turns >= params.maxTurns) return stop('max_turns');
  }
}

const warmedUp = new WeakSet<Tools[number]>();
/**
 * How long a stream must keep the loop waiting before tools warm up. A
 * model that answers within it (a local or cached one, a fast turn) leaves
 * no time to hide the work in: warming up then would only lengthen the turn
 * (tree-sitter's start-up landed in the second turn of a zero-latency loop,
 * its slowest by far). Real models think for far longer than this.
 */
const WARM_UP_AFTER_MS = 15;

/** One per query: armed by a stream's first event, called off when the stream ends before it fired. */
function toolWarmUp(): { arm(tools: Tools): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    arm(tools) {
      if (timer || tools.every((tool) => warmedUp.has(tool))) return;
      timer = setTimeout(() => warmUpTools(tools), WARM_UP_AFTER_MS).unref();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Lets tools prepare while the model is thinking: their own warm-up, and
 * their input schemas (built lazily, and needed as soon as a call arrives).
 * One tool per macrotask, so stream events and a tool call that arrives
 * meanwhile are never held up behind all the schemas at once (a call builds
 * its own tool's schema on demand). Never fails the turn.
 */
function warmUpTools(tools: Tools): void {
  const pending = tools.filter((tool) => !warmedUp.has(tool));
  for (const tool of pending) warmedUp.add(tool);
  const next = (index: number): void => {
    const tool = pending[index];
    if (!tool) return;
    try {
      void tool.inputSchema;
    } catch {
      // A schema that fails to build fails again, visibly, when the tool is called.
    }
    tool.warmUp?.().catch(() => undefined);
    setImmediate(next, index + 1).unref();
  };
  setImmediate(next, 0).unref();
}

function toAssistantMessage(message: AssembledMessage, fallbackModel: string): AssistantMessage {
  return {
    type: 'assistant',
    uuid: newUuid(),
    timestamp: nowIso(),
    id: message.id,
    model: message.model || fallbackModel,
    content: message.content,
    stopReason: message.stopReason,
    usage: message.usage,
  };
}

/**
 * One user message answering every tool_use of the turn, in call order, then
 * any messages the tools added (kept in the same message so roles alternate).
 */
function toolResultMessage(
  outcomes: readonly ToolCallOutcome[],
  extraResults: readonly ContentBlockParam[],
): UserMessage | undefined {
  const added = outcomes.flatMap((outcome) =>
    (outcome.newMessages ?? []).flatMap((message): ContentBlockParam[] =>
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content,
    ),
  );
  const content: ContentBlockParam[] = [...outcomes.map((outcome) => outcome.result), ...extraResults, ...added];
  if (content.length === 0) return undefined;
  return { type: 'user', uuid: newUuid(), timestamp: nowIso(), content, isMeta: true };
}

function metaUserMessage(text: string): UserMessage {
  return { type: 'user', uuid: newUuid(), timestamp: nowIso(), content: [{ type: 'text', text }], isMeta: true };
}

export function userPromptMessage(text: string): UserMessage {
  return { type: 'user', uuid: newUuid(), timestamp: nowIso(), content: text };
}

/**
 * The same request on the fallback model. Thinking parameters are kept only
 * when the fallback takes the same style (a budget sent to an adaptive model,
 * or the reverse, is refused by the API).
 */
function requestForFallback(request: ModelRequest, fallback: string): ModelRequest {
  if (thinkingStyleOf(fallback) === thinkingStyleOf(request.model)) return { ...request, model: fallback };
  const { thinking: _thinking, output_config: _outputConfig, ...rest } = request;
  return { ...rest, model: fallback };
}
