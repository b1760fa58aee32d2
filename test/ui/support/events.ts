// Small builders for QueryEvents, so store tests read like the loop's output.
import type { QueryEvent } from '../../../src/query.js';
import type { ToolCallOutcome, ToolCallStatus } from '../../../src/services/tools/toolExecution.js';
import type { AssistantMessage, Usage } from '../../../src/types/messages.js';
import { EMPTY_USAGE } from '../../../src/services/api/cost.js';

export const requestStart = (attempt = 1): QueryEvent => ({ type: 'request_start', turn: 1, attempt });
export const textDelta = (text: string): QueryEvent => ({ type: 'text_delta', text });
export const toolUseStart = (toolUseId: string, toolName: string): QueryEvent => ({ type: 'tool_use_start', toolUseId, toolName });
export const toolInputDelta = (toolUseId: string, toolName: string, partialJson: string): QueryEvent => ({ type: 'tool_input_delta', toolUseId, toolName, partialJson });
export const toolStarted = (toolUseId: string, toolName: string, input: unknown): QueryEvent => ({ type: 'tool_started', toolUseId, toolName, input });
export const toolProgress = (toolUseId: string, toolName: string, progress: unknown): QueryEvent => ({ type: 'tool_progress', toolUseId, toolName, progress });

export function outcome(toolUseId: string, toolName: string, status: ToolCallStatus, text: string, data?: unknown, input: unknown = {}): ToolCallOutcome {
  return {
    toolUseId,
    toolName,
    input,
    status,
    result: { type: 'tool_result', tool_use_id: toolUseId, content: text, ...(status === 'success' ? {} : { is_error: true }) },
    ...(data !== undefined ? { data } : {}),
  };
}

export const toolResult = (result: ToolCallOutcome): QueryEvent => ({ type: 'tool_result', outcome: result });

export function usage(input: number, output: number): Usage {
  return { ...EMPTY_USAGE, input_tokens: input, output_tokens: output };
}

export function assistantMessage(text: string, outputTokens = 10): QueryEvent {
  const message: AssistantMessage = {
    type: 'assistant',
    uuid: `uuid-${Math.random()}`,
    timestamp: new Date().toISOString(),
    id: 'msg_1',
    model: 'claude-test',
    content: text ? [{ type: 'text', text }] : [],
    stopReason: 'end_turn',
    usage: usage(100, outputTokens),
  };
  return { type: 'assistant_message', message };
}

export const retry = (attempt: number, message = 'connection reset'): QueryEvent => ({
  type: 'retry',
  attempt,
  delayMs: 2000,
  maxRetries: 10,
  failure: { kind: 'stream_cut', message },
});
