/**
 * Adding the user's next prompt to the conversation. The API wants user and
 * assistant turns to alternate, and a turn that ended on tool results (a
 * rejection, an interrupt) already ends with a user message — so the prompt
 * joins that message instead of starting a second one. The joined message
 * is a new message (new uuid): the transcript records it as a sibling of
 * the one it replaces.
 */
import { userPromptMessage } from '../query.js';
import { textOfContent, type ContentBlockParam, type ConversationMessage, type UserMessage } from '../types/messages.js';
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

/** The newest prompt the user typed (not a tool result or a loop's own note): thinking words are read from it. */
export function latestPromptText(messages: readonly ConversationMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type === 'user' && !message.isMeta) return textOfContent(message.content);
  }
  return '';
}

/** What the user typed: the prompt, or a structured prompt's last text (attachments and shell output come first). */
export function typedText(content: string | ContentBlockParam[]): string {
  if (typeof content === 'string') return content;
  const last = content.findLast((block) => block.type === 'text');
  return last?.type === 'text' ? last.text : '';
}

/** The prompt with UserPromptSubmit hooks' context after it, stored with it (so later requests repeat the same bytes). */
export function withHookContext(addition: PromptAddition, context: readonly string[]): PromptAddition {
  if (context.length === 0) return addition;
  const content: ContentBlockParam[] = typeof addition.prompt.content === 'string' ? [{ type: 'text', text: addition.prompt.content }] : [...addition.prompt.content];
  const prompt = { ...addition.prompt, content: [...content, ...context.map((text): ContentBlockParam => ({ type: 'text', text }))] };
  return { ...addition, prompt, messages: [...addition.messages.slice(0, -1), prompt] };
}

/** StopFailure's last_assistant_message: the text of the model's last reply, when there is one. */
export function lastAssistantText(messages: readonly ConversationMessage[]): { last_assistant_message?: string } {
  const last = [...messages].reverse().find((message) => message.type === 'assistant');
  const text = last ? textOfContent(last.content) : '';
  return text ? { last_assistant_message: text } : {};
}

/** The prompt under the uuid its sender chose, unless that uuid is already taken in this conversation. */
export function withPromptUuid(addition: PromptAddition, uuid: string | undefined, before: readonly ConversationMessage[]): PromptAddition {
  if (uuid === undefined || uuid === '' || before.some((message) => message.uuid === uuid)) return addition;
  const prompt = { ...addition.prompt, uuid };
  return { ...addition, prompt, messages: [...addition.messages.slice(0, -1), prompt] };
}
