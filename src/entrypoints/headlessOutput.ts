/**
 * Headless output in Claude Code's shapes (ARCHITECTURE §6), so existing
 * tooling can read agentcli's `--output-format json|stream-json`.
 */
import type { Session } from '../session/createSession.js';
import type { QueryStopReason } from '../query/events.js';
import type { AssistantMessage, UserMessage } from '../types/messages.js';

export type ResultSubtype = 'success' | 'error_max_turns' | 'error_during_execution';

export type HeadlessResult = {
  readonly type: 'result';
  readonly subtype: ResultSubtype;
  readonly is_error: boolean;
  readonly result: string;
  readonly session_id: string;
  readonly num_turns: number;
  readonly duration_ms: number;
  readonly duration_api_ms: number;
  readonly total_cost_usd: number;
  readonly usage: ReturnType<Session['costTracker']['totalUsage']>;
  readonly modelUsage: Record<string, unknown>;
  readonly permission_denials: Session['permissionDenials'];
  readonly stop_reason: QueryStopReason;
};

export function initLine(session: Session) {
  return {
    type: 'system',
    subtype: 'init',
    session_id: session.id,
    cwd: session.cwd,
    model: session.model,
    permissionMode: session.appState.get().toolPermissionContext.mode,
    tools: session.tools.map((tool) => tool.name),
    mcp_servers: (session.mcp?.describe() ?? []).map((server) => ({ name: server.name, status: server.status })),
  };
}

export function assistantLine(session: Session, message: AssistantMessage) {
  return {
    type: 'assistant',
    message: {
      id: message.id,
      type: 'message',
      role: 'assistant',
      model: message.model,
      content: message.content,
      stop_reason: message.stopReason,
      stop_sequence: null,
      usage: message.usage,
    },
    parent_tool_use_id: null,
    session_id: session.id,
  };
}

export function userLine(session: Session, message: UserMessage) {
  return {
    type: 'user',
    message: { role: 'user', content: message.content },
    parent_tool_use_id: null,
    session_id: session.id,
  };
}

export function resultLine(
  session: Session,
  outcome: { readonly reason: QueryStopReason; readonly turns: number; readonly text: string; readonly error?: string },
  durationMs: number,
): HeadlessResult {
  const subtype: ResultSubtype =
    outcome.reason === 'completed' ? 'success' : outcome.reason === 'max_turns' ? 'error_max_turns' : 'error_during_execution';
  return {
    type: 'result',
    subtype,
    is_error: subtype !== 'success',
    result: outcome.error ?? outcome.text,
    session_id: session.id,
    num_turns: outcome.turns,
    duration_ms: Math.round(durationMs),
    duration_api_ms: Math.round(session.costTracker.totalApiDurationMs),
    total_cost_usd: session.costTracker.totalCostUsd,
    usage: session.costTracker.totalUsage(),
    modelUsage: Object.fromEntries(session.costTracker.modelUsage),
    permission_denials: session.permissionDenials,
    stop_reason: outcome.reason,
  };
}
