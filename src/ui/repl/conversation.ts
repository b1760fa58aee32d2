/**
 * Adding the user's next prompt to the conversation. The API wants user and
 * assistant turns to alternate, and a turn that ended on tool results (a
 * rejection, an interrupt) already ends with a user message — so the prompt
 * joins that message instead of starting a second one.
 */
import { userPromptMessage } from '../../query.js';
import type { ContentBlockParam, ConversationMessage, UserMessage } from '../../types/messages.js';

export function withUserPrompt(
  messages: readonly ConversationMessage[],
  content: string | ContentBlockParam[],
): { readonly messages: ConversationMessage[]; readonly prompt: UserMessage } {
  const prompt = userPromptMessage(typeof content === 'string' ? content : '');
  const promptMessage: UserMessage = typeof content === 'string' ? prompt : { ...prompt, content };
  const last = messages.at(-1);
  if (last?.type !== 'user') return { messages: [...messages, promptMessage], prompt: promptMessage };
  const merged: UserMessage = {
    ...last,
    isMeta: false,
    content: [...asBlocks(last.content), ...asBlocks(promptMessage.content)],
  };
  return { messages: [...messages.slice(0, -1), merged], prompt: merged };
}

/**
 * After an interrupt that came before any reply, the prompt is taken back out
 * (the user gets it back in the input box to edit and resend).
 */
export function withoutUnansweredPrompt(
  messages: readonly ConversationMessage[],
  before: readonly ConversationMessage[],
  prompt: UserMessage,
): readonly ConversationMessage[] {
  return messages.at(-1)?.uuid === prompt.uuid ? before : messages;
}

function asBlocks(content: string | ContentBlockParam[]): ContentBlockParam[] {
  return typeof content === 'string' ? (content === '' ? [] : [{ type: 'text', text: content }]) : content;
}

export function lastContextTokens(messages: readonly ConversationMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type === 'assistant') {
      const usage = message.usage;
      return (
        usage.input_tokens +
        (usage.cache_read_input_tokens ?? 0) +
        (usage.cache_creation_input_tokens ?? 0) +
        usage.output_tokens
      );
    }
  }
  return 0;
}
