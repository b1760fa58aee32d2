/**
 * `session/load`: the saved conversation told again as updates, so the
 * editor shows it as it was — the user's prompts, the model's text and
 * thinking, and every tool call with its outcome. Loop-written messages
 * (tool results, nudges, the compaction summary) are not the user's words
 * and are not replayed as such.
 */
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { findToolByName } from '../../contract/tool.js';
import { prepareToolCall } from '../../services/tools/prepareToolCall.js';
import type { ToolCallOutcome } from '../../services/tools/toolExecution.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import type { ContentBlockParam, ToolResultBlockParam } from '../../types/messages.js';
import { describeToolCall, toolCallContent } from './toolCallView.js';

export async function replayConversation(conversation: ConversationSession, send: (update: SessionUpdate) => Promise<void>): Promise<void> {
  const results = new Map<string, ToolResultBlockParam>();
  for (const message of conversation.messages) {
    if (message.type !== 'user' || typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_result') results.set(block.tool_use_id, block);
  }
  const signal = new AbortController().signal;
  for (const message of conversation.messages) {
    if (message.type === 'user') {
      if (message.isMeta || message.isCompactSummary) continue;
      for (const block of userBlocks(message.content)) await send({ sessionUpdate: 'user_message_chunk', content: block });
      continue;
    }
    for (const block of message.content) {
      if (block.type === 'text' && block.text !== '') await send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: block.text } });
      else if (block.type === 'thinking' && block.thinking !== '') await send({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: block.thinking } });
      else if (block.type === 'tool_use') await replayToolCall(conversation, block, results.get(block.id), signal, send);
    }
  }
}

type ReplayedContent = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

function userBlocks(content: string | ContentBlockParam[]): ReplayedContent[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  const blocks: ReplayedContent[] = [];
  for (const block of content) {
    if (block.type === 'text' && block.text !== '' && !block.text.startsWith('<system-reminder>')) blocks.push({ type: 'text', text: block.text });
    if (block.type === 'image' && block.source.type === 'base64') blocks.push({ type: 'image', data: block.source.data, mimeType: block.source.media_type });
  }
  return blocks;
}

async function replayToolCall(
  conversation: ConversationSession,
  block: { id: string; name: string; input: unknown },
  result: ToolResultBlockParam | undefined,
  signal: AbortSignal,
  send: (update: SessionUpdate) => Promise<void>,
): Promise<void> {
  const tool = findToolByName(conversation.tools, block.name);
  const preparation = tool ? await prepareToolCall({ id: block.id, name: block.name, input: block.input }, conversation.toolContext(signal, { toolUseId: block.id })) : undefined;
  const view = tool ? await describeToolCall(tool, preparation?.ok ? preparation.prepared.call : undefined, conversation.cwd) : undefined;
  const failed = result === undefined || result.is_error === true;
  const outcome: ToolCallOutcome | undefined = result
    ? { toolUseId: block.id, toolName: block.name, input: block.input, status: failed ? 'error' : 'success', result }
    : undefined;
  await send({
    sessionUpdate: 'tool_call',
    toolCallId: block.id,
    title: view?.title ?? block.name,
    kind: view?.kind ?? 'other',
    status: failed ? 'failed' : 'completed',
    locations: view?.locations ?? [],
    rawInput: block.input,
    content: outcome ? toolCallContent(outcome, view?.kind ?? 'other') : [],
  });
}
