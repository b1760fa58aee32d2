/**
 * A resumed conversation on screen: its last prompts, replies and tool
 * calls, each call drawn as it was drawn live (the command, the diff, the
 * result summary), so the user sees where it stands. Only the end is drawn —
 * about two screens of text — because drawing it stands between the user
 * and the prompt; the rest is in the transcript file (and /export).
 */
import type { ToolCallStatus } from '../../services/tools/toolExecution.js';
import type { ConversationMessage, ToolResultBlockParam } from '../../types/messages.js';
import { textOfContent } from '../../types/messages.js';
import { boundedResultText } from './liveSegments.js';

/** At most this many messages from the end are shown... */
const REPLAYED_MESSAGES = 40;
/** ...and older ones stop being added once this much text is shown. */
const REPLAYED_CHARS = 6_000;
/** A call's result counts this much at most against REPLAYED_CHARS (its preview shows a few lines). */
const RESULT_CHARS_COUNTED = 400;

export type ReplayItem =
  | { readonly kind: 'user_prompt'; readonly text: string }
  | { readonly kind: 'assistant_text'; readonly text: string; readonly continuation: boolean }
  | {
      readonly kind: 'tool_call';
      /** The tool_use id: what the REPL still holds about the call (a subagent's steps) is found by it. */
      readonly toolUseId: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly status: ToolCallStatus;
      readonly resultText: string;
      readonly progress: readonly unknown[];
      /** Drawn from the saved conversation: the tool's own output object is gone, only the model's text is left. */
      readonly replayed: true;
    };

/** `whole`: every message, not only the end (the transcript view, Ctrl+O). */
export function replayItems(messages: readonly ConversationMessage[], options: { readonly whole?: boolean } = {}): ReplayItem[] {
  const whole = options.whole ?? false;
  const shownMessages = whole ? messages : messages.slice(-REPLAYED_MESSAGES);
  const results = new Map<string, ToolResultBlockParam>();
  for (const message of shownMessages) {
    if (message.type !== 'user' || typeof message.content === 'string') continue;
    for (const block of message.content) if (block.type === 'tool_result') results.set(block.tool_use_id, block);
  }
  const newestFirst: ReplayItem[] = [];
  let shown = 0;
  for (const message of [...shownMessages].reverse()) {
    if (!whole && shown >= REPLAYED_CHARS) break;
    for (const item of itemsOf(message, results).reverse()) {
      newestFirst.push(item);
      shown += item.kind === 'tool_call' ? Math.min(RESULT_CHARS_COUNTED, item.resultText.length) : item.text.length;
    }
  }
  return newestFirst.reverse();
}

function itemsOf(message: ConversationMessage, results: ReadonlyMap<string, ToolResultBlockParam>): ReplayItem[] {
  if (message.type === 'user') {
    if (message.isMeta || message.isCompactSummary) return [];
    const blocks = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
    const typed = blocks.findLast((block) => block.type === 'text');
    return typed && typed.type === 'text' && !typed.text.startsWith('<system-reminder>') ? [{ kind: 'user_prompt', text: typed.text }] : [];
  }
  const items: ReplayItem[] = [];
  const text = textOfContent(message.content).trim();
  if (text) items.push({ kind: 'assistant_text', text, continuation: false });
  for (const block of message.content) {
    if (block.type !== 'tool_use') continue;
    const result = results.get(block.id);
    items.push({
      kind: 'tool_call',
      toolUseId: block.id,
      toolName: block.name,
      input: block.input,
      status: result ? statusOf(result) : 'interrupted',
      resultText: result ? boundedResultText(result) : 'No result was saved for this call.',
      progress: [],
      replayed: true,
    });
  }
  return items;
}

function statusOf(result: ToolResultBlockParam): ToolCallStatus {
  if (!result.is_error) return 'success';
  const text = typeof result.content === 'string' ? result.content : '';
  return /^The user rejected this /.test(text) ? 'rejected' : 'error';
}
