/**
 * An MCP server's elicitation, forwarded to the Agent SDK client as its
 * `elicitation` control request (the client's onElicitation callback; a
 * client without one answers "decline"). The answer is the MCP ElicitResult
 * the callback returned; the connection checks accepted content against the
 * schema before anything reaches the server.
 */
import type { ElicitationHandler, ElicitationResponse } from '../../services/mcp/elicitation.js';
import type { ControlChannel } from './controlChannel.js';

export function sdkElicitationHandler(channel: ControlChannel, onProblem: (message: string) => void): ElicitationHandler {
  return async (request, signal) => {
    let answer: Record<string, unknown>;
    try {
      answer = await channel.request(
        {
          subtype: 'elicitation',
          mcp_server_name: request.server,
          message: request.message,
          mode: 'form',
          requested_schema: request.requestedSchema,
          property_order: request.fields.map((field) => field.name),
        },
        signal,
      );
    } catch {
      return { action: 'cancel' };
    }
    return responseOf(answer, onProblem);
  };
}

function responseOf(answer: Record<string, unknown>, onProblem: (message: string) => void): ElicitationResponse {
  switch (answer.action) {
    case 'accept': {
      const content = answer.content;
      if (typeof content === 'object' && content !== null && !Array.isArray(content)) return { action: 'accept', content: content as Record<string, string | number | boolean> };
      onProblem('the elicitation answer "accept" carried no content object; declined');
      return { action: 'decline' };
    }
    case 'decline':
    case 'cancel':
      return { action: answer.action };
    default:
      onProblem(`the elicitation answer's action ${JSON.stringify(answer.action)} is not accept, decline or cancel; declined`);
      return { action: 'decline' };
  }
}
