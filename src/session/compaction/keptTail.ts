/**
 * Which recent messages a compaction keeps verbatim. The cut always falls
 * before an assistant message, or before a user message that carries no
 * tool_result, so every kept tool_use keeps its tool_result and every kept
 * tool_result its tool_use.
 *
 * Preferred: start at a real user prompt at or before the latest one, as
 * far back as fits the budget (~20 % of the window) — the latest prompt and
 * everything after it at least. When even that is over budget (one long
 * autonomous run), the cut moves after the latest prompt: the prompt itself
 * then travels verbatim inside the summary message.
 */
import type { ConversationMessage } from '../../types/messages.js';
import { estimateMessageTokens } from './tokenEstimate.js';

export type KeptTail = {
  /** Messages before this index are summarised; from it on they are kept. */
  readonly cut: number;
  /** The latest real prompt, when the cut falls after it (it must be carried in the summary). */
  readonly carriedPrompt: ConversationMessage | undefined;
};

export function isRealPrompt(message: ConversationMessage): boolean {
  return message.type === 'user' && !message.isMeta && !message.isCompactSummary;
}

function hasToolResult(message: ConversationMessage): boolean {
  return message.type === 'user' && typeof message.content !== 'string' && message.content.some((block) => block.type === 'tool_result');
}

function isCutPoint(messages: readonly ConversationMessage[], index: number): boolean {
  const message = messages[index];
  if (!message) return index === messages.length;
  return message.type === 'assistant' || !hasToolResult(message);
}

export function selectKeptTail(messages: readonly ConversationMessage[], budgetTokens: number): KeptTail {
  const promptIndex = messages.findLastIndex(isRealPrompt);
  // Size of messages[index..] for every index, from the end.
  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let index = messages.length - 1; index >= 0; index--) suffix[index] = suffix[index + 1]! + estimateMessageTokens(messages[index]!);

  // Cut points at or before the latest prompt, furthest back first: the suffix only shrinks going forward.
  let earliestFit: number | undefined;
  let earliestPromptFit: number | undefined;
  for (let index = 1; index <= promptIndex; index++) {
    if (suffix[index]! > budgetTokens || !isCutPoint(messages, index)) continue;
    earliestFit ??= index;
    if (isRealPrompt(messages[index]!)) {
      earliestPromptFit = index;
      break;
    }
  }
  // A turn is best kept whole: start at a prompt when one fits.
  const cut = earliestPromptFit ?? earliestFit;
  if (cut !== undefined) return { cut, carriedPrompt: undefined };
  for (let index = Math.max(promptIndex + 1, 1); index < messages.length; index++) {
    if (messages[index]!.type === 'assistant' && suffix[index]! <= budgetTokens) {
      return { cut: index, carriedPrompt: promptIndex >= 0 ? messages[promptIndex] : undefined };
    }
  }
  return { cut: messages.length, carriedPrompt: promptIndex >= 0 ? messages[promptIndex] : undefined };
}
