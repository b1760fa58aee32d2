/**
 * A resumed conversation on screen: its last prompts and replies as plain
 * items (tool calls in one line each), so the user sees where it stands.
 * Only the end is drawn — about two screens of text — because drawing it
 * stands between the user and the prompt; the rest is in the transcript
 * file (and /export).
 */
import type { ConversationMessage } from '../../types/messages.js';
import { textOfContent } from '../../types/messages.js';

/** At most this many messages from the end are shown... */
const REPLAYED_MESSAGES = 40;
/** ...and older ones stop being added once this much text is shown. */
const REPLAYED_CHARS = 6_000;

export type ReplayItem =
  | { readonly kind: 'user_prompt'; readonly text: string }
  | { readonly kind: 'assistant_text'; readonly text: string; readonly continuation: boolean }
  | { readonly kind: 'notice'; readonly tone: 'info'; readonly text: string };

export function replayItems(messages: readonly ConversationMessage[]): ReplayItem[] {
  const newestFirst: ReplayItem[] = [];
  let shown = 0;
  for (const message of messages.slice(-REPLAYED_MESSAGES).reverse()) {
    if (shown >= REPLAYED_CHARS) break;
    const items = itemsOf(message);
    for (const item of items.reverse()) {
      newestFirst.push(item);
      shown += item.text.length;
    }
  }
  return newestFirst.reverse();
}

function itemsOf(message: ConversationMessage): ReplayItem[] {
  if (message.type === 'user') {
    if (message.isMeta || message.isCompactSummary) return [];
    const blocks = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
    const typed = blocks.findLast((block) => block.type === 'text');
    return typed && typed.type === 'text' && !typed.text.startsWith('<system-reminder>') ? [{ kind: 'user_prompt', text: typed.text }] : [];
  }
  const items: ReplayItem[] = [];
  const text = textOfContent(message.content).trim();
  if (text) items.push({ kind: 'assistant_text', text, continuation: false });
  const calls = message.content.flatMap((block) => (block.type === 'tool_use' ? [block.name] : []));
  if (calls.length > 0) items.push({ kind: 'notice', tone: 'info', text: `(ran ${calls.join(', ')})` });
  return items;
}
