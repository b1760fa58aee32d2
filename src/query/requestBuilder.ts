/**
 * Builds each Messages API request. Three cache breakpoints keep the prompt
 * cache warm from turn to turn: the last tool definition, the system prompt,
 * and the newest message (so the next request reuses this whole prefix).
 */
import type { ContentBlockParam, MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ThinkingRequest } from '../services/api/thinking.js';
import type { ApiTool } from '../services/api/toolSchemas.js';
import type { ModelRequest } from '../contract/modelClient.js';
import { type ConversationMessage, toApiMessages } from '../types/messages.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

export function buildModelRequest(options: {
  readonly model: string;
  readonly maxTokens: number;
  readonly system: readonly TextBlockParam[];
  readonly messages: readonly ConversationMessage[];
  readonly tools: readonly ApiTool[];
  /** This query's thinking configuration (thinking.ts), the same for all its requests. */
  readonly thinking?: ThinkingRequest;
}): ModelRequest {
  const tools = options.tools.map((tool, index) =>
    index === options.tools.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool,
  );
  const system = options.system.map((block, index) =>
    index === options.system.length - 1 ? { ...block, cache_control: EPHEMERAL } : block,
  );
  const thinking = options.thinking ?? {};
  return {
    model: options.model,
    max_tokens: Math.max(options.maxTokens, thinking.minMaxTokens ?? 0),
    system,
    messages: withLastMessageBreakpoint(toApiMessages(options.messages)),
    tools,
    ...(thinking.thinking ? { thinking: thinking.thinking } : {}),
    ...(thinking.outputConfig ? { output_config: thinking.outputConfig } : {}),
  };
}

const CACHEABLE_TYPES: ReadonlySet<string> = new Set(['text', 'image', 'tool_use', 'tool_result', 'document']);

function withLastMessageBreakpoint(messages: MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  if (!last) return messages;
  const content: ContentBlockParam[] =
    typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [...last.content];
  const index = content.findLastIndex((block) => CACHEABLE_TYPES.has(block.type));
  if (index < 0) return messages;
  content[index] = { ...content[index], cache_control: EPHEMERAL } as ContentBlockParam;
  return [...messages.slice(0, -1), { ...last, content } as MessageParam];
}
