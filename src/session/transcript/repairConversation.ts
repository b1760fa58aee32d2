/**
 * Makes a conversation read back from a transcript valid for the API,
 * whatever moment the process died at: consecutive user messages (tool
 * results written one by one) are merged, a tool_use without its result
 * gets a synthetic is_error result, a result without its tool_use is
 * dropped, a trailing assistant message cut off mid-stream is dropped, and
 * the conversation starts with a user message.
 */
import type { ContentBlockParam, ConversationMessage, UserMessage } from '../../types/messages.js';
import { newUuid, nowIso } from '../../utils/ids.js';

export const INTERRUPTED_TOOL_RESULT = 'interrupted: the session ended before this call finished';

export function repairConversation(input: readonly ConversationMessage[]): ConversationMessage[] {
  const merged = mergeConsecutiveUsers(input);
  const out: ConversationMessage[] = [];
  for (let index = 0; index < merged.length; index++) {
    const message = merged[index]!;
    if (message.type === 'assistant') {
      if (message.content.length === 0) continue;
      if (out.length === 0) continue; // the API wants a user message first
      out.push(message);
      const toolUseIds = message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
      const next = merged[index + 1];
      if (toolUseIds.length === 0) continue;
      const answer = next?.type === 'user' ? next : undefined;
      const answered = new Set(answer ? resultIdsOf(answer) : []);
      const missing = toolUseIds.filter((id) => !answered.has(id));
      const synthetic = missing.map((id): ContentBlockParam => ({ type: 'tool_result', tool_use_id: id, content: INTERRUPTED_TOOL_RESULT, is_error: true }));
      if (answer) {
        // Results first, in call order (results saved one by one are in arrival order), then whatever else the message said.
        const blocks = asBlocks(answer.content);
        const resultFor = (id: string): ContentBlockParam =>
          blocks.find((block) => block.type === 'tool_result' && block.tool_use_id === id) ?? synthetic.find((block) => block.type === 'tool_result' && block.tool_use_id === id)!;
        const others = blocks.filter((block) => block.type !== 'tool_result' || !toolUseIds.includes(block.tool_use_id));
        const ordered = [...toolUseIds.map(resultFor), ...others];
        if (missing.length > 0 || ordered.some((block, position) => block !== blocks[position])) merged[index + 1] = { ...answer, uuid: newUuid(), content: ordered };
      } else {
        merged.splice(index + 1, 0, { type: 'user', uuid: newUuid(), timestamp: nowIso(), content: synthetic, isMeta: true });
      }
      continue;
    }
    const previous = out.at(-1);
    const allowed = new Set(previous?.type === 'assistant' ? previous.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : []);
    const content = asBlocks(message.content);
    const kept = content.filter((block) => block.type !== 'tool_result' || allowed.has(block.tool_use_id));
    if (kept.length === 0) continue;
    out.push(kept.length === content.length ? message : { ...message, uuid: newUuid(), content: kept });
  }
  // A reply cut off mid-stream (no stop reason) is dropped; the user's prompt before it stays.
  while (out.at(-1)?.type === 'assistant') {
    const last = out.at(-1)!;
    if (last.type !== 'assistant' || last.stopReason !== null) break;
    out.pop();
  }
  return mergeConsecutiveUsers(out);
}

/**
 * The repaired conversation when repairing changed it, else undefined: for
 * a request the API refused as invalid (query.ts sends it once more).
 */
export function repairedOrUndefined(messages: readonly ConversationMessage[]): ConversationMessage[] | undefined {
  const repaired = repairConversation(messages);
  const same = repaired.length === messages.length && repaired.every((message, index) => message === messages[index]);
  return same ? undefined : repaired;
}

function mergeConsecutiveUsers(messages: readonly ConversationMessage[]): ConversationMessage[] {
  const out: ConversationMessage[] = [];
  for (const message of messages) {
    const last = out.at(-1);
    if (message.type === 'user' && last?.type === 'user') {
      out[out.length - 1] = mergeUsers(last, message);
      continue;
    }
    out.push(message);
  }
  return out;
}

/** Keeps the later message's uuid: the transcript chain already ends there, so nothing is written twice. */
function mergeUsers(first: UserMessage, second: UserMessage): UserMessage {
  const blocks = [...asBlocks(first.content), ...asBlocks(second.content)];
  // tool_result blocks must come first in a user message.
  const results = blocks.filter((block) => block.type === 'tool_result');
  const others = blocks.filter((block) => block.type !== 'tool_result');
  return {
    ...second,
    content: [...dedupeResults(results), ...others],
    isMeta: (first.isMeta ?? false) && (second.isMeta ?? false),
  };
}

function dedupeResults(results: readonly ContentBlockParam[]): ContentBlockParam[] {
  const seen = new Set<string>();
  return results.filter((block) => {
    if (block.type !== 'tool_result') return true;
    if (seen.has(block.tool_use_id)) return false;
    seen.add(block.tool_use_id);
    return true;
  });
}

function resultIdsOf(message: UserMessage): string[] {
  return asBlocks(message.content).flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : []));
}

export function asBlocks(content: string | ContentBlockParam[]): ContentBlockParam[] {
  return typeof content === 'string' ? (content === '' ? [] : [{ type: 'text', text: content }]) : content;
}
