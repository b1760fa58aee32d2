/**
 * An MCP server's elicitation in an editor: ACP has no form request, so a
 * question that fits a choice becomes a `session/request_permission` — no
 * fields (accept or decline), one yes/no field, or one field with a list of
 * choices (each choice an option, plus decline). Anything that needs typing
 * is declined: the editor cannot collect it.
 */
import type { AgentContext, PermissionOption, RequestPermissionResponse } from '@agentclientprotocol/sdk';
import type { ElicitationField, ElicitationHandler, ElicitationResponse, ElicitationValue } from '../../services/mcp/elicitation.js';

const DECLINE = 'decline';
let nextRequest = 0;

export function acpElicitationHandler(options: { readonly client: AgentContext; readonly sessionId: () => string }): ElicitationHandler {
  return async (request, signal) => {
    const choices = choicesFor(request.fields);
    if (!choices) return { action: 'decline' };
    const permissionOptions: PermissionOption[] = [
      ...choices.map((choice, index) => ({ optionId: `answer_${index}`, name: choice.label, kind: 'allow_once' as const })),
      { optionId: DECLINE, name: 'Decline', kind: 'reject_once' },
    ];
    let answer: RequestPermissionResponse;
    try {
      answer = await options.client.request(
        'session/request_permission',
        {
          sessionId: options.sessionId(),
          toolCall: {
            toolCallId: `elicitation_${process.pid}_${++nextRequest}`,
            title: `${request.server} asks: ${request.message}`,
            kind: 'other',
            status: 'pending',
            content: [{ type: 'content', content: { type: 'text', text: request.message } }],
          },
          options: permissionOptions,
        },
        { cancellationSignal: signal, stopWaitingOnCancel: true },
      );
    } catch {
      return { action: 'cancel' };
    }
    return responseOf(answer, choices);
  };
}

type Choice = { readonly label: string; readonly content: Record<string, ElicitationValue> };

function choicesFor(fields: readonly ElicitationField[]): Choice[] | undefined {
  if (fields.length === 0) return [{ label: 'Accept', content: {} }];
  if (fields.length !== 1) return undefined;
  const field = fields[0]!;
  if (field.kind === 'boolean') {
    return [
      { label: `${field.title}: yes`, content: { [field.name]: true } },
      { label: `${field.title}: no`, content: { [field.name]: false } },
    ];
  }
  if (field.kind === 'choice') return field.options.map((option) => ({ label: option.label, content: { [field.name]: option.value } }));
  return undefined;
}

function responseOf(answer: RequestPermissionResponse, choices: readonly Choice[]): ElicitationResponse {
  if (answer.outcome.outcome !== 'selected') return { action: 'cancel' };
  if (answer.outcome.optionId === DECLINE) return { action: 'decline' };
  const index = /^answer_(\d+)$/.exec(answer.outcome.optionId)?.[1];
  const choice = index === undefined ? undefined : choices[Number(index)];
  return choice ? { action: 'accept', content: choice.content } : { action: 'decline' };
}
