/**
 * `--permission-prompt-tool stdio`: every call that would ask becomes a
 * `can_use_tool` control request to the client (the Agent SDK's canUseTool).
 * The client's answer is not trusted further than a person at the REPL's
 * dialog: an `updatedInput` is validated and decided against the deny rules
 * again by the pipeline before it runs, and an answer that cannot be read is
 * a refusal.
 */
import { z } from 'zod';
import type { PermissionAsker, PermissionRequest } from '../../services/tools/toolExecution.js';
import type { PermissionResponse } from '../../permissions/types.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { ControlChannel } from './controlChannel.js';
import { applyPermissionUpdates, permissionUpdateSchema, suggestionsFor, type PermissionUpdateTarget } from './permissionUpdates.js';

const answerSchema = z.discriminatedUnion('behavior', [
  z.object({
    behavior: z.literal('allow'),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    updatedPermissions: z.array(permissionUpdateSchema).optional(),
  }),
  z.object({ behavior: z.literal('deny'), message: z.string().optional(), interrupt: z.boolean().optional() }),
]);
export type PermissionAnswer = z.infer<typeof answerSchema>;

export function sdkPermissionAsker(options: { readonly channel: ControlChannel; readonly target: PermissionUpdateTarget }): PermissionAsker {
  return async (request) => {
    let raw: Record<string, unknown>;
    try {
      raw = await options.channel.request(canUseToolRequest(request), request.signal);
    } catch (error) {
      return refusal(request, `the client did not answer the permission request (${errorMessageOf(error)})`);
    }
    return responseOf(request, raw, options.target);
  };
}

/** The client's answer (canUseTool's, or a permission-prompt tool's JSON) as the pipeline's response. */
export async function responseOf(request: PermissionRequest, raw: unknown, target: PermissionUpdateTarget): Promise<PermissionResponse> {
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) return refusal(request, 'the permission answer was neither {"behavior":"allow"} nor {"behavior":"deny","message":"..."}');
  const answer = parsed.data;
  if (answer.behavior === 'deny') {
    const message = answer.message?.trim() || `The user denied this ${request.tool.name} call; it did not run.`;
    return { type: 'refuse', message, interrupt: answer.interrupt ?? false };
  }
  if (answer.updatedPermissions) await applyPermissionUpdates(answer.updatedPermissions, target);
  return answer.updatedInput !== undefined ? { type: 'allow_once', updatedInput: answer.updatedInput } : { type: 'allow_once' };
}

function refusal(request: PermissionRequest, why: string): PermissionResponse {
  return { type: 'refuse', message: `Permission to use ${request.tool.name} was not granted: ${why}.`, interrupt: false };
}

function canUseToolRequest(request: PermissionRequest) {
  const { decision } = request;
  const blockedPath = decision.trace?.find((entry) => entry.behavior === 'ask' && entry.subject.startsWith('/'))?.subject;
  return {
    subtype: 'can_use_tool',
    tool_name: request.tool.name,
    input: isRecordInput(request.input) ? request.input : {},
    tool_use_id: request.toolUseId,
    permission_suggestions: suggestionsFor(decision.suggestedRules ?? []),
    decision_reason: decision.message,
    decision_reason_type: decision.reason.type === 'rule' ? 'rule' : decision.reason.type === 'mode' ? 'mode' : 'other',
    ...(blockedPath ? { blocked_path: blockedPath } : {}),
    ...(request.agentName ? { agent_id: request.agentName } : {}),
  };
}

function isRecordInput(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
