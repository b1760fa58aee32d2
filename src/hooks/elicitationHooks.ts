/**
 * Elicitation and ElicitationResult for MCP servers' questions: before the
 * user is asked, an Elicitation hook may answer for them (or decline); after,
 * an ElicitationResult hook may change or block the answer that goes back to
 * the server. The MCP manager calls this layer around whichever front end
 * answers (REPL form, SDK callback, ACP request, headless decline), so every
 * front end gets the same hooks. A hook's content is checked against the
 * server's schema again by the connection, like the user's.
 */
import type { ElicitationContent, ElicitationHookLayer, ElicitationResponse, ElicitationValue } from '../services/mcp/elicitation.js';
import type { ElicitationAnswer } from './hookVerdict.js';
import { runElicitationHooks, runElicitationResultHooks } from './lifecycleEventHooks.js';
import type { SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

export function elicitationHookLayer(hooks: HookSet, callFor: () => SessionHookCall): ElicitationHookLayer | undefined {
  if (!hooks.has('Elicitation') && !hooks.has('ElicitationResult')) return undefined;
  return {
    before: async (request) => {
      if (!hooks.has('Elicitation')) return undefined;
      const answer = await runElicitationHooks(hooks, callFor(), {
        mcp_server_name: request.server,
        message: request.message,
        mode: 'form',
        requested_schema: request.requestedSchema,
      });
      return answer ? toResponse(answer) : undefined;
    },
    after: async (request, response) => {
      if (!hooks.has('ElicitationResult')) return response;
      const answer = await runElicitationResultHooks(hooks, callFor(), {
        mcp_server_name: request.server,
        action: response.action,
        ...(response.action === 'accept' ? { content: { ...response.content } } : {}),
        mode: 'form',
      });
      return toResponse(answer);
    },
  };
}

/** A hook's JSON answer as a response; values of other types than the form's are left out (the schema check then says what is missing). */
function toResponse(answer: ElicitationAnswer): ElicitationResponse {
  if (answer.action !== 'accept') return { action: answer.action };
  const content: Record<string, ElicitationValue> = {};
  for (const [key, value] of Object.entries(answer.content ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') content[key] = value;
    else if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string')) content[key] = value;
  }
  const typed: ElicitationContent = content;
  return { action: 'accept', content: typed };
}
