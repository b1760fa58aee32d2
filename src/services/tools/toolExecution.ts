/**
 * L3 — one tool call's pipeline (ARCHITECTURE §4):
 *   1 find the tool  2 parse input (zod)  3 validateInput  4 PreToolUse hooks
 *   5 permission     6 call, streaming progress           7 PostToolUse hooks + size control
 *
 * Every failure at every step becomes an is_error tool_result the model can
 * read and act on. Nothing thrown inside a tool escapes this function.
 */
import type { Tool, ToolUseContext } from '../../Tool.js';
import { findToolByName } from '../../Tool.js';
import type { ToolHooks } from '../../hooks/types.js';
import type { CanUseToolFn } from '../../permissions/canUseTool.js';
import type {
  PermissionAsk,
  PermissionDecision,
  PermissionDenialRecord,
  PermissionResponse,
} from '../../permissions/types.js';
import type { ToolResultBlockParam, UserMessage } from '../../types/messages.js';
import { closestNames } from '../../utils/closestNames.js';
import { errorMessageOf } from '../../utils/errors.js';
import { cancellationOf, describeCancellation, type CancellationReason } from './cancellation.js';
import { formatZodError } from './formatZodError.js';
import { persistLargeResult } from './toolResultStorage.js';

export type ToolCallStatus = 'success' | 'error' | 'denied' | 'rejected' | 'cancelled' | 'interrupted';

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
    if (request.inputJsonError !== undefined) {
      return fail('error', invalidJsonMessage(request));
    }

    // Step 1: find the tool by name or alias.
    const tool = findToolByName(context.tools, request.name);
    if (!tool) return fail('error', unknownToolMessage(request.name, context));

    // Step 2: schema.
    const parsed = tool.inputSchema.safeParse(request.input);
    if (!parsed.success) {
      const hint = options.env.schemaNotSentHint?.(tool, context);
      return fail('error', formatZodError(tool.name, parsed.error, request.input) + (hint ? `\n\n${hint}` : ''));
    }
    let input: unknown = parsed.data;

    // Step 3: semantic validation.
    const validation = await tool.validateInput(input, context);
    if (!validation.result) return fail('error', validation.message, input);

    // Step 4: PreToolUse hooks, in order; a hook may rewrite the input (re-checked against the schema).
    for (const hook of options.env.hooks.preToolUse) {
      const outcome = await hook({ tool, input, context });
      if (outcome.action === 'block') return fail('denied', `Blocked by a PreToolUse hook: ${outcome.message}`, input);
      if (outcome.updatedInput !== undefined) {
        const reparsed = tool.inputSchema.safeParse(outcome.updatedInput);
        if (!reparsed.success) return fail('error', formatZodError(tool.name, reparsed.error, outcome.updatedInput), input);
        input = reparsed.data;
      }
    }

    // Step 5: permission.
    if (context.abortSignal.aborted) return cancelled(input);
    const permission = await decidePermission(tool, input, request.id, options);
    if (permission.kind === 'refused') return { ...permission.outcome, input };
    if (permission.updatedInput !== undefined) {
      const reparsed = tool.inputSchema.safeParse(permission.updatedInput);
      if (reparsed.success) input = reparsed.data;
    }

    // Step 6: call.
    if (context.abortSignal.aborted) return cancelled(input);
    const call = tool.call(input, context, (progress) => {
      if (!context.abortSignal.aborted) options.onProgress(progress);
    });
    options.onSettled?.(call.catch(() => undefined));
    const settled = await raceAbort(call, context.abortSignal);
    if (settled.kind === 'aborted') return cancelled(input);
    if (settled.kind === 'threw') {
      if (context.abortSignal.aborted) return cancelled(input);
      return fail('error', `${tool.name} failed: ${errorMessageOf(settled.error)}`, input);
    }
    const toolResult = settled.value;

    // Step 7: PostToolUse hooks, then size control.
    let block = tool.mapToolResultToToolResultBlockParam(toolResult.data, request.id);
    for (const hook of options.env.hooks.postToolUse) {
      const outcome = await hook({ tool, input, context, result: block });
      if (outcome.action === 'replace') {
        block = { ...block, content: outcome.content, ...(outcome.isError ? { is_error: true } : {}) };
      }
    }
    block = await persistLargeResult(block, tool.maxResultSizeChars, context.session);

    return {
      toolUseId: request.id,
      toolName: tool.name,
      input,
      status: block.is_error ? 'error' : 'success',
      result: block,
      data: toolResult.data,
      contextModifier: toolResult.contextModifier,
      newMessages: toolResult.newMessages,
    };
  } catch (error) {
    // A bug in a validator, hook or mapper: still an answer the model can read.
    if (context.abortSignal.aborted) return cancelled(request.input);
    return fail('error', `Internal error while running ${request.name}: ${errorMessageOf(error)}`);
  }
}

type PermissionOutcome =
  | { readonly kind: 'granted'; readonly updatedInput?: unknown }
  | { readonly kind: 'refused'; readonly outcome: ToolCallOutcome };

async function decidePermission(
  tool: Tool,
  input: unknown,
  toolUseId: string,
  options: RunToolUseOptions,
): Promise<PermissionOutcome> {
  const { env, context } = options;
  const decision: PermissionDecision = await env.canUseTool(tool, input, context);
  const refuse = (status: ToolCallStatus, message: string, stopTurn = false): PermissionOutcome => ({
    kind: 'refused',
    outcome: { toolUseId, toolName: tool.name, input, status, result: errorResult(toolUseId, message), stopTurn },
  });
  const recordDenial = (reason: string): void =>
    env.onPermissionDenied?.({ tool_name: tool.name, tool_use_id: toolUseId, tool_input: input, reason });

  if (decision.behavior === 'allow') return { kind: 'granted', updatedInput: decision.updatedInput };
  if (decision.behavior === 'deny') {
    recordDenial(decision.message);
    return refuse('denied', `Permission denied: ${decision.message}`);
  }

  if (!env.askPermission) {
    const message = headlessDenialMessage(tool, decision);
    recordDenial(message);
    return refuse('denied', message);
  }
  const response = await env.askPermission({ tool, input, toolUseId, decision, signal: context.abortSignal });
  if (response.type === 'allow_once') return { kind: 'granted' };
  if (response.type === 'allow_always') {
    await env.onAllowAlways?.(response.rules, context);
    return { kind: 'granted' };
  }
  const feedback = response.feedback?.trim();
  return feedback
    ? refuse('rejected', `The user rejected this ${tool.name} call; it did not run. The user said: ${feedback}`)
    : refuse(
        'rejected',
        `The user rejected this ${tool.name} call; it did not run. Stop and wait for the user to say how to proceed.`,
        true,
      );
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

const MAX_LISTED_TOOL_NAMES = 40;

function unknownToolMessage(name: string, context: ToolUseContext): string {
  const names = context.tools.map((tool) => tool.name);
  const close = closestNames(name, names);
  const suggestion = close.length > 0 ? ` Did you mean ${close.join(', ')}?` : '';
  // With hundreds of MCP tools the full list would cost more than the mistake.
  const listed = names.slice(0, MAX_LISTED_TOOL_NAMES).join(', ');
  const more = names.length > MAX_LISTED_TOOL_NAMES ? `, and ${names.length - MAX_LISTED_TOOL_NAMES} more` : '';
  return `No such tool: "${name}".${suggestion} Available tools: ${listed}${more}.`;
}

function invalidJsonMessage(request: ToolUseRequest): string {
  const raw = typeof request.input === 'string' ? request.input : JSON.stringify(request.input);
  const preview = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
  return `The input for ${request.name} was not valid JSON (${request.inputJsonError}), so the tool did not run. Received: ${preview}. Send the call again with a complete JSON object.`;
}
