/**
 * The conversation as agentcli keeps it: API-shaped messages plus the few
 * fields the transcript and the UI need. Only `role` and `content` travel to
 * the API (see toApiMessages).
 */
import type {
  ContentBlock,
  ContentBlockParam,
  MessageParam,
  StopReason,
  ToolResultBlockParam,
  ToolUseBlock,
  Usage,
} from '@anthropic-ai/sdk/resources/messages';

export type {
  ContentBlock,
  ContentBlockParam,
  MessageParam,
  StopReason,
  ToolResultBlockParam,
  ToolUseBlock,
  Usage,
};

export type UserMessage = {
  readonly type: 'user';
  readonly uuid: string;
  readonly timestamp: string;
  readonly content: string | ContentBlockParam[];
  /** True for messages the loop wrote itself (tool results, continuation nudges). */
  readonly isMeta?: boolean;
  /** The summary that opens a compacted conversation (not a prompt the user typed). */
  readonly isCompactSummary?: boolean;
};

export type AssistantMessage = {
  readonly type: 'assistant';
  readonly uuid: string;
  readonly timestamp: string;
  /** The API's message id (msg_...). */
  readonly id: string;
  readonly model: string;
  readonly content: ContentBlockParam[];
  readonly stopReason: StopReason | null;
  readonly usage: Usage;
};

export type ConversationMessage = UserMessage | AssistantMessage;

/** An assistant message in the API's Message shape: how transcripts and stream-json write it (Claude Code's shape). */
export function apiAssistantMessage(message: AssistantMessage) {
  return {
    id: message.id,
    type: 'message' as const,
    role: 'assistant' as const,
    model: message.model,
    content: message.content,
    stop_reason: message.stopReason,
    stop_sequence: null,
    usage: message.usage,
  };
}

export function toApiMessages(messages: readonly ConversationMessage[]): MessageParam[] {
  return messages.map((message) =>
    message.type === 'user'
      ? { role: 'user' as const, content: message.content }
      : { role: 'assistant' as const, content: message.content },
  );
}

export function textOfContent(content: string | readonly ContentBlockParam[]): string {
  if (typeof content === 'string') return content;
  return content
    .filter((block): block is Extract<ContentBlockParam, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('');
}
