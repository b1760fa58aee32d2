/**
 * The preparation step, once per tool_use: find the tool, parse the input
 * with its schema, and have the tool declare what the call touches (paths
 * resolved against the call's cwd, a shell command analysed). The prepared
 * call then flows through partitioning, the permission decision, rule
 * suggestions and `call`; nothing downstream parses or analyses again.
 *
 * A failure here is the call's answer (an is_error tool_result): unknown
 * tool, input that is not JSON, input the schema rejects.
 */
import type { CallScope, PreparedCall, Tool, ToolUseContext } from '../../contract/tool.js';
import { findToolByName } from '../../contract/tool.js';
import { permissionContextOf, ruleSetOf } from '../../permissions/canUseTool.js';
import { closestNames } from '../../utils/closestNames.js';
import { errorMessageOf } from '../../utils/errors.js';
import { formatZodError } from './formatZodError.js';
import type { ToolUseRequest } from './toolExecution.js';

export type PreparedToolCall = {
  readonly request: ToolUseRequest;
  readonly tool: Tool;
  readonly call: PreparedCall;
};

export type Preparation =
  | { readonly ok: true; readonly prepared: PreparedToolCall }
  | { readonly ok: false; readonly message: string; readonly request: ToolUseRequest; readonly tool?: Tool };

export type PrepareOptions = {
  /** Hint appended to schema errors of deferred tools whose schema the model never saw. */
  readonly schemaNotSentHint?: (tool: Tool, context: ToolUseContext) => string | undefined;
};

/** The directory the call runs in, and the home directory `~` means to the permission rules. */
export function callScopeOf(context: ToolUseContext): CallScope {
  return { cwd: context.cwd, home: ruleSetOf(permissionContextOf(context), context.projectRoot).home };
}

export async function prepareToolCall(request: ToolUseRequest, context: ToolUseContext, options: PrepareOptions = {}): Promise<Preparation> {
  const fail = (message: string, tool?: Tool): Preparation => ({ ok: false, message, request, ...(tool ? { tool } : {}) });
  if (request.inputJsonError !== undefined) return fail(invalidJsonMessage(request));
  const tool = findToolByName(context.tools, request.name);
  if (!tool) return fail(unknownToolMessage(request.name, context));
  const parsed = tool.inputSchema.safeParse(request.input);
  if (!parsed.success) {
    const hint = options.schemaNotSentHint?.(tool, context);
    return fail(formatZodError(tool.name, parsed.error, request.input) + (hint ? `\n\n${hint}` : ''), tool);
  }
  try {
    return { ok: true, prepared: { request, tool, call: await declareCall(tool, parsed.data, callScopeOf(context)) } };
  } catch (error) {
    return fail(`Internal error while preparing ${tool.name}: ${errorMessageOf(error)}`, tool);
  }
}

/** An already parsed input (a hook's or a permission's rewrite, checked by the caller) prepared again. */
export async function declareCall<Input>(tool: Tool<Input>, input: Input, scope: CallScope): Promise<PreparedCall<Input>> {
  return { input, scope, facts: await tool.declareFacts(input, scope) };
}

/** A throwing check counts as unsafe: the call runs alone. */
export function isPreparedCallConcurrencySafe(preparation: Preparation): boolean {
  if (!preparation.ok) return false;
  try {
    return preparation.prepared.tool.isConcurrencySafe(preparation.prepared.call) === true;
  } catch {
    return false;
  }
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
