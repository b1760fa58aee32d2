/**
 * Adding the user's next prompt to the conversation. The API wants user and
 * assistant turns to alternate, and a turn that ended on tool results (a
 * rejection, an interrupt) already ends with a user message — so the prompt
 * joins that message instead of starting a second one. The joined message
 * is a new message (new uuid): the transcript records it as a sibling of
 * the one it replaces.
 */
import { userPromptMessage } from '../query.js';
import type { ContentBlockParam, ConversationMessage, UserMessage } from '../types/messages.js';
import { newUuid } from '../utils/ids.js';
import { asBlocks } from './transcript/repairConversation.js';

export type PromptAddition = {
  readonly messages: ConversationMessage[];
  readonly prompt: UserMessage;
  /** The message the prompt was merged into (and replaces), if any. */
  readonly replaced: UserMessage | undefined;
};

export function withUserPrompt(messages: readonly ConversationMessage[], content: string | ContentBlockParam[]): PromptAddition {
  const prompt = userPromptMessage(typeof content === 'string' ? content : '');
  const promptMessage: UserMessage = typeof content === 'string' ? prompt : { ...prompt, content };
  const last = messages.at(-1);
  if (last?.type !== 'user') return { messages: [...messages, promptMessage], prompt: promptMessage, replaced: undefined };
  const merged: UserMessage = {
    ...last,
    uuid: newUuid(),
    isMeta: false,
    isCompactSummary: false,
    content: [...asBlocks(last.content), ...asBlocks(promptMessage.content)],
  };
  return { messages: [...messages.slice(0, -1), merged], prompt: merged, replaced: last };
}

/** The text the user typed, for titles and pickers. */
export function promptTitle(content: string | ContentBlockParam[]): string {
  // Structured prompts carry attachments and shell output first; what the user typed comes last.
  const text = typeof content === 'string' ? content : (content.findLast((block) => block.type === 'text')?.text ?? '');
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
