/**
 * L3 — one tool call's pipeline (ARCHITECTURE §4):
 *   1 prepare: find the tool, parse input (zod), declare facts   2 validateInput
 *   3 PreToolUse hooks   4 permission   5 call, streaming progress   6 PostToolUse hooks + size control
 *
 * The call is prepared once (prepareToolCall.ts) — usually by the executor,
 * which needed it to partition — and that prepared call is what every step
 * sees. It is prepared again only when its input is rewritten (a hook, a
 * permission) or an earlier serial call moved the cwd it was prepared in.
 *
 * Every failure at every step becomes an is_error tool_result the model can
 * read and act on. Nothing thrown inside a tool escapes this function.
 */
import type { CallGrant, PreparedCall, Tool, ToolUseContext } from '../../contract/tool.js';
import { withHookPermission } from '../../hooks/hookPermission.js';
import { runPermissionDeniedHooks, runPermissionRequestHooks } from '../../hooks/permissionHooks.js';
import { runPostToolUseFailureHooks, runPostToolUseHooks, runPreToolUseHooks, type HookStop, type ToolHookCall } from '../../hooks/toolHooks.js';
import type { ToolHooks } from '../../hooks/types.js';
import type { CanUseToolFn } from '../../permissions/canUseTool.js';
import type { PermissionAllow, PermissionAsk, PermissionDecision, PermissionDeny } from '../../contract/permissions.js';
import type { PermissionDenialRecord, PermissionResponse } from '../../permissions/types.js';
import type { ToolResultBlockParam, UserMessage } from '../../types/messages.js';
import { errorMessageOf } from '../../utils/errors.js';
import { cancellationOf, describeCancellation, type CancellationReason } from './cancellation.js';
import { formatZodError } from './formatZodError.js';
import { askQueueFor } from './permissionAskQueue.js';
import { callScopeOf, declareCall, prepareToolCall, type Preparation, type PreparedToolCall } from './prepareToolCall.js';
import { revalidateInput } from './revalidateInput.js';
import { persistLargeResult } from './toolResultStorage.js';

import type { ToolCallStatus } from '../../contract/toolRenderers.js';
export type { ToolCallStatus };

export type ToolCallOutcome = {
  readonly toolUseId: string;
  readonly toolName: string;
  /** The parsed input when parsing succeeded, else what the model sent. */
  readonly input: unknown;
  readonly status: ToolCallStatus;
  readonly result: ToolResultBlockParam;
  /** The tool's own output (for its result renderer); only on success. */
  readonly data?: unknown;
  readonly contextModifier?: (context: ToolUseContext) => ToolUseContext;
  readonly newMessages?: readonly UserMessage[];
  /** The user said no without telling the model what to do instead: end the turn. */
  readonly stopTurn?: boolean;
  /** A hook answered `continue: false`: end the turn once this call is answered. */
  readonly hookStop?: HookStop;
};

export type PermissionRequest = {
  readonly tool: Tool;
  readonly input: unknown;
  readonly toolUseId: string;
  readonly decision: PermissionAsk;
  readonly signal: AbortSignal;
  /** Set when a subagent asks: the dialog names it ("reviewer wants to …"). */
  readonly agentName?: string;
};
export type PermissionAsker = (request: PermissionRequest) => Promise<PermissionResponse>;

/** What the pipeline needs from its surroundings; one per session front end. */
export type ToolRunEnv = {
  readonly canUseTool: CanUseToolFn;
  /** Present in the REPL; absent in headless runs, where `ask` becomes a denial. */
  readonly askPermission?: PermissionAsker;
  readonly hooks: ToolHooks;
  readonly onPermissionDenied?: (record: PermissionDenialRecord) => void;
  /** Persists "yes, and don't ask again" rules and makes them live for the session. */
  readonly onAllowAlways?: (rules: readonly string[], context: ToolUseContext) => Promise<void>;
  /** Hint appended to schema errors of deferred tools whose schema the model never saw. */
  readonly schemaNotSentHint?: (tool: Tool, context: ToolUseContext) => string | undefined;
  /**
   * Runs just before an allowed call starts, with the call as it will run:
   * the conversation's checkpoints snapshot the files before a prompt's
   * first change here. It never refuses a call.
   */
  readonly beforeToolRuns?: (tool: Tool, call: PreparedCall) => Promise<void>;
};

export type ToolUseRequest = {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  /** Set when the streamed input JSON could not be parsed. */
  readonly inputJsonError?: string;
};

export type RunToolUseOptions = {
  readonly env: ToolRunEnv;
  /** The per-call context: its abortSignal and toolUseId belong to this call. */
  readonly context: ToolUseContext;
  readonly onProgress: (progress: unknown) => void;
  /** Receives the tool's own promise, so an aborted call can be awaited until it really stops. */
  readonly onSettled?: (settled: Promise<unknown>) => void;
  /** The call, already prepared (by the executor, to partition it); prepared here when absent. */
  readonly preparation?: Preparation;
};

export async function runToolUse(request: ToolUseRequest, options: RunToolUseOptions): Promise<ToolCallOutcome> {
  const { context } = options;
  const fail = (status: ToolCallStatus, message: string, input: unknown = request.input): ToolCallOutcome => ({
    toolUseId: request.id,
    toolName: request.name,
    input,
    status,
    result: errorResult(request.id, message),
  });
  const cancelled = (input: unknown): ToolCallOutcome => cancelledOutcome(request, input, cancellationOf(context.abortSignal));

  try {
    // Step 1: the prepared call (found, parsed, its facts declared against this call's cwd).
    let preparation = options.preparation ?? (await prepareToolCall(request, context, options.env));
    if (preparation.ok && preparation.prepared.call.scope.cwd !== context.cwd) {
      // An earlier serial call (a `cd`) moved the cwd after this call was prepared: its paths mean something else now.
      preparation = await prepareToolCall(request, context, options.env);
    }
    if (!preparation.ok) return fail('error', preparation.message);
    const { tool } = preparation.prepared;
    let call: PreparedCall = preparation.prepared.call;
    const redeclare = async (input: unknown): Promise<PreparedCall> => declareCall(tool, input, callScopeOf(context));

    // Step 2: semantic validation.
    const validation = await tool.validateInput(call.input, context);
    if (!validation.result) return fail('error', validation.message, call.input);

    // Step 3: PreToolUse hooks (src/hooks/toolHooks.ts): they may block the call, decide, or rewrite its input.
    const hooks = options.env.hooks;
    const pre = await runPreToolUseHooks(hooks, { tool, input: call.input, toolUseId: request.id, context });
    if (pre.kind === 'blocked') return { ...fail('denied', pre.message, call.input), ...(pre.stop ? { hookStop: pre.stop } : {}) };
    if (pre.updatedInput !== undefined) {
      // Validated again (schema and validateInput) and prepared again, so the permission decision sees the new input.
      const rewritten = await revalidateInput(tool, pre.updatedInput, context, 'a PreToolUse hook');
      if (!rewritten.ok) return fail('error', rewritten.message, call.input);
      call = await redeclare(rewritten.input);
    }

    // Step 4: permission, on the call as the hooks left it, with their decision laid over the rules'.
    if (context.abortSignal.aborted) return cancelled(call.input);
    const permissionOptions = pre.permission ? { ...options, env: { ...options.env, canUseTool: withHookPermission(options.env.canUseTool, pre.permission) } } : options;
    const permission = await decideCallPermission({ ...preparation.prepared, call }, permissionOptions);
    if (permission.kind === 'refused') return withDeniedHooks(hooks, { tool, input: call.input, toolUseId: request.id, context }, { ...permission.outcome, input: call.input });
    if (permission.updatedInput !== undefined) {
      const rewritten = await revalidateInput(tool, permission.updatedInput, context, 'the permission decision');
      if (!rewritten.ok) return fail('error', rewritten.message, call.input);
      call = await redeclare(rewritten.input);
      // Whoever rewrote the input (a client's canUseTool may be anyone) cannot rewrite it past a deny rule.
      const again = await options.env.canUseTool(tool, call, context);
      if (again.behavior === 'deny') {
        options.env.onPermissionDenied?.({ tool_name: tool.name, tool_use_id: request.id, tool_input: call.input, reason: again.message });
        return fail('denied', `Permission denied: ${again.message}`, call.input);
      }
    }
    const input = call.input;

    // Step 5: call.
    if (context.abortSignal.aborted) return cancelled(input);
    await options.env.beforeToolRuns?.(tool, call);
    if (context.abortSignal.aborted) return cancelled(input);
    const grant: CallGrant = { by: permission.by, ...(permission.outsideSandbox ? { outsideSandbox: true } : {}), facts: call.facts };
    const running = tool.call(input, { ...context, grant }, (progress) => {
      if (!context.abortSignal.aborted) options.onProgress(progress);
    });
    options.onSettled?.(running.catch(() => undefined));
    const settled = await raceAbort(running, context.abortSignal);
    if (settled.kind === 'aborted') return interruptedCall(hooks, { tool, input, toolUseId: request.id, context }, cancelled(input));
    if (settled.kind === 'threw') {
      if (context.abortSignal.aborted) return interruptedCall(hooks, { tool, input, toolUseId: request.id, context }, cancelled(input));
      const message = `${tool.name} failed: ${errorMessageOf(settled.error)}`;
      return failedCall(hooks, { tool, input, toolUseId: request.id, context, error: message }, fail('error', message, input));
    }
    const toolResult = settled.value;

    // Step 6: PostToolUse hooks (PostToolUseFailure for an error result); the result stays as it was. Then size control.
    let block = tool.mapToolResultToToolResultBlockParam(toolResult.data, request.id);
    const post = block.is_error
      ? await runPostToolUseFailureHooks(hooks, { tool, input, toolUseId: request.id, context, error: resultText(block), isInterrupt: false })
      : await runPostToolUseHooks(hooks, { tool, input, toolUseId: request.id, context, response: toolResult.data });
    block = await persistLargeResult(block, tool.maxResultSizeChars, context.session);
    const hookMessages = [pre.feedback, post.feedback].filter((message) => message !== undefined);

    return {
      toolUseId: request.id,
      toolName: tool.name,
      input,
      status: block.is_error ? 'error' : 'success',
      result: block,
      data: toolResult.data,
      contextModifier: toolResult.contextModifier,
      newMessages: hookMessages.length > 0 ? [...(toolResult.newMessages ?? []), ...hookMessages] : toolResult.newMessages,
      ...(post.stop ? { hookStop: post.stop } : {}),
    };
  } catch (error) {
    // A bug in a validator, hook or mapper: still an answer the model can read.
    if (context.abortSignal.aborted) return cancelled(request.input);
    return fail('error', `Internal error while running ${request.name}: ${errorMessageOf(error)}`);
  }
}

/** A refused call: PermissionDenied hooks hear of it, and may tell the model it can try again. */
async function withDeniedHooks(hooks: ToolHooks, call: ToolHookCall, outcome: ToolCallOutcome): Promise<ToolCallOutcome> {
  if (outcome.status !== 'denied' && outcome.status !== 'rejected') return outcome;
  const { retry } = await runPermissionDeniedHooks(hooks, { ...call, reason: resultText(outcome.result) });
  if (!retry) return outcome;
  return { ...outcome, result: errorResult(outcome.toolUseId, `${resultText(outcome.result)}\nA PermissionDenied hook says you may try this call again.`) };
}

/** A call that ran and failed: PostToolUseFailure hooks see the error; their feedback follows the result. */
async function failedCall(hooks: ToolHooks, call: ToolHookCall & { readonly error: string }, outcome: ToolCallOutcome): Promise<ToolCallOutcome> {
  const post = await runPostToolUseFailureHooks(hooks, { ...call, isInterrupt: false });
  return {
    ...outcome,
    ...(post.feedback ? { newMessages: [post.feedback] } : {}),
    ...(post.stop ? { hookStop: post.stop } : {}),
  };
}

/**
 * An interrupted call: its PostToolUseFailure hooks are started but not
 * waited for — the user asked to stop, and the turn ends now.
 */
function interruptedCall(hooks: ToolHooks, call: ToolHookCall, outcome: ToolCallOutcome): ToolCallOutcome {
  if (hooks.has('PostToolUseFailure', call.tool.name)) {
    void runPostToolUseFailureHooks(hooks, { ...call, error: resultText(outcome.result), isInterrupt: outcome.status === 'interrupted' }).catch(() => undefined);
  }
  return outcome;
}

function resultText(block: ToolResultBlockParam): string {
  if (typeof block.content === 'string') return block.content;
  return (block.content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

type PermissionOutcome =
  | { readonly kind: 'granted'; readonly by: CallGrant['by']; readonly updatedInput?: unknown; readonly outsideSandbox?: boolean }
  | { readonly kind: 'refused'; readonly outcome: ToolCallOutcome };

async function decideCallPermission(prepared: PreparedToolCall, options: RunToolUseOptions): Promise<PermissionOutcome> {
  const { env, context } = options;
  const { tool, call } = prepared;
  const toolUseId = prepared.request.id;
  const input = call.input;
  const refuse = (status: ToolCallStatus, message: string, stopTurn = false): PermissionOutcome => ({
    kind: 'refused',
    outcome: { toolUseId, toolName: tool.name, input, status, result: errorResult(toolUseId, message), stopTurn },
  });
  const recordDenial = (reason: string): void =>
    env.onPermissionDenied?.({ tool_name: tool.name, tool_use_id: toolUseId, tool_input: input, reason });
  const settle = (decision: PermissionAllow | PermissionDeny): PermissionOutcome => {
    if (decision.behavior === 'allow') return { kind: 'granted', by: 'rules', updatedInput: decision.updatedInput };
    recordDenial(decision.message);
    return refuse('denied', `Permission denied: ${decision.message}`);
  };

  const first = await env.canUseTool(tool, call, context);
  if (first.behavior !== 'ask') return settle(first);

  // A PermissionRequest hook may answer the question before anyone is asked (headless included).
  const hooked = await runPermissionRequestHooks(env.hooks, { tool, input, toolUseId, context, decision: first });
  // A hook's allow is not a person's approval: the call runs under what its analysis claimed.
  if (hooked.kind === 'allow') return { kind: 'granted', by: 'rules', ...(hooked.updatedInput ? { updatedInput: hooked.updatedInput } : {}) };
  if (hooked.kind === 'deny') {
    recordDenial(hooked.message);
    return refuse('denied', `Permission denied by a PermissionRequest hook: ${hooked.message}`, hooked.interrupt);
  }

  const askPermission = env.askPermission;
  if (!askPermission) {
    const message = headlessDenialMessage(tool, first);
    recordDenial(message);
    return refuse('denied', message);
  }
  const interrupted = (): PermissionOutcome => ({
    kind: 'refused',
    outcome: cancelledOutcome(prepared.request, input, cancellationOf(context.abortSignal)),
  });
  return askQueueFor(askPermission).run(context.abortSignal, interrupted, async (waited) => {
    let decision: PermissionDecision = first;
    if (waited) {
      // An answer given meanwhile ("don't ask again") may cover this call now.
      decision = await env.canUseTool(tool, call, context);
      if (decision.behavior !== 'ask') return settle(decision);
    }
    const response = await askPermission({ tool, input, toolUseId, decision, signal: context.abortSignal });
    if (response.type === 'allow_once') {
      return { kind: 'granted', by: 'user', ...(response.updatedInput !== undefined ? { updatedInput: response.updatedInput } : {}), ...(response.outsideSandbox ? { outsideSandbox: true } : {}) };
    }
    if (response.type === 'refuse') {
      recordDenial(response.message);
      return refuse('rejected', response.message, response.interrupt);
    }
    if (response.type === 'allow_always') {
      await env.onAllowAlways?.(response.rules, context);
      return { kind: 'granted', by: 'user' };
    }
    const feedback = response.feedback?.trim();
    return feedback
      ? refuse('rejected', `The user rejected this ${tool.name} call; it did not run. The user said: ${feedback}`)
      : refuse(
          'rejected',
          `The user rejected this ${tool.name} call; it did not run. Stop and wait for the user to say how to proceed.`,
          true,
        );
  });
}

function headlessDenialMessage(tool: Tool, decision: PermissionAsk): string {
  const rule = decision.suggestedRules?.[0] ?? tool.name;
  return [
    `Permission to use ${tool.name} was not granted: ${decision.message}`,
    'This run is non-interactive, so nobody could approve it.',
    `To allow it, re-run with --allowedTools "${rule}" (or --permission-mode acceptEdits / bypassPermissions), or add the line "allow: ${rule}" to CLAUDE.md.`,
  ].join(' ');
}

type Raced<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'threw'; readonly error: unknown }
  | { readonly kind: 'aborted' };

/** Stops waiting the moment the signal fires, even if the tool ignores it. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<Raced<T>> {
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise((resolve) => {
    const onAbort = (): void => resolve({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'value', value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'threw', error });
      },
    );
  });
}

export function errorResult(toolUseId: string, message: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, content: message, is_error: true };
}

export function cancelledOutcome(request: ToolUseRequest, input: unknown, reason: CancellationReason): ToolCallOutcome {
  return {
    toolUseId: request.id,
    toolName: request.name,
    input,
    status: reason.kind === 'user_interrupt' ? 'interrupted' : 'cancelled',
    result: errorResult(request.id, describeCancellation(reason)),
  };
}
