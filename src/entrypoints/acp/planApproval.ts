/**
 * Leaving plan mode, asked in the editor: the plan is shown as a call of
 * its own (kind switch_mode, the plan as its content) and the permission
 * request offers what the REPL's plan dialog offers — start with edits
 * accepted, start with every edit asked, or keep planning. A cancelled
 * request keeps planning.
 */
import type { AgentContext, RequestPermissionRequest, SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk';
import type { PlanApproval } from '../../types/userInteraction.js';

let nextApproval = 0;

export async function approvePlanInEditor(options: {
  readonly client: AgentContext;
  readonly sessionId: string;
  readonly plan: string;
  readonly signal: AbortSignal;
  readonly send: (update: SessionUpdate) => Promise<void>;
}): Promise<PlanApproval> {
  const toolCallId = `plan_approval_${process.pid}_${++nextApproval}`;
  const content: ToolCallContent[] = [{ type: 'content', content: { type: 'text', text: options.plan } }];
  await options.send({ sessionUpdate: 'tool_call', toolCallId, title: 'Ready to code?', kind: 'switch_mode', status: 'pending', content });
  let approval: PlanApproval = { approved: false };
  try {
    const request: RequestPermissionRequest = {
      sessionId: options.sessionId,
      toolCall: { toolCallId, title: 'Ready to code?', kind: 'switch_mode', content },
      options: [
        { optionId: 'acceptEdits', name: 'Yes, and accept edits', kind: 'allow_always' },
        { optionId: 'default', name: 'Yes, and ask before each edit', kind: 'allow_once' },
        { optionId: 'plan', name: 'No, keep planning', kind: 'reject_once' },
      ],
    };
    const answer = await options.client.request('session/request_permission', request, { cancellationSignal: options.signal, stopWaitingOnCancel: true });
    if (answer.outcome.outcome === 'selected' && (answer.outcome.optionId === 'acceptEdits' || answer.outcome.optionId === 'default')) {
      approval = { approved: true, mode: answer.outcome.optionId };
    }
  } catch {
    // Cancelled or unanswered: planning goes on.
  }
  await options.send({ sessionUpdate: 'tool_call_update', toolCallId, status: approval.approved ? 'completed' : 'failed' });
  return approval;
}
