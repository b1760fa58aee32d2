/**
 * A resumed conversation on screen: its last prompts and replies as plain
 * items (tool calls in one line each), so the user sees where it stands.
 */
import type { ConversationMessage } from '../../types/messages.js';
import { textOfContent } from '../../types/messages.js';

/** How many messages from the end are shown; the rest is in the transcript file. */
const REPLAYED_MESSAGES = 40;

export type ReplayItem =
  | { readonly kind: 'user_prompt'; readonly text: string }
  | { readonly kind: 'assistant_text'; readonly text: string; readonly continuation: boolean }
  | { readonly kind: 'notice'; readonly tone: 'info'; readonly text: string };

export function replayItems(messages: readonly ConversationMessage[]): ReplayItem[] {
  const items: ReplayItem[] = [];
  for (const message of messages.slice(-REPLAYED_MESSAGES)) {
    if (message.type === 'user') {
      if (message.isMeta || message.isCompactSummary) continue;
      const blocks = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
      const typed = blocks.findLast((block) => block.type === 'text');
      if (typed && typed.type === 'text' && !typed.text.startsWith('<system-reminder>')) items.push({ kind: 'user_prompt', text: typed.text });
      continue;
    }
    const text = textOfContent(message.content).trim();
    if (text) items.push({ kind: 'assistant_text', text, continuation: false });
    const calls = message.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []));
    if (calls.length > 0) items.push({ kind: 'notice', tone: 'info', text: `(ran ${calls.join(', ')})` });
  }
  return items;
}
