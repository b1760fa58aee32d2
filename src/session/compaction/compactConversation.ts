/**
 * Compaction: a side request to the same model summarises the older part of
 * the conversation; the new conversation is the summary (as a user message)
 * followed by the most recent turns verbatim (see keptTail).
 *
 * What a summary may never lose is not left to the model: the user's earlier
 * requests, the open todos, an approved plan and the working directory are
 * written into the summary message verbatim, next to the model's summary.
 */
import type { ContentBlockParam, ConversationMessage, UserMessage } from '../../types/messages.js';
import type { ModelClient } from '../../contract/modelClient.js';
import type { TodoItem } from '../../contract/appState.js';
import { errorMessageOf } from '../../utils/errors.js';
import { newUuid, nowIso } from '../../utils/ids.js';
import { asBlocks } from '../transcript/repairConversation.js';
import { isRealPrompt, selectKeptTail } from './keptTail.js';
import { renderConversation, SUMMARY_SYSTEM_PROMPT, summaryInstructions } from './summaryPrompt.js';
import { CHARS_PER_TOKEN } from './tokenEstimate.js';

/** Opens every summary message; also how a later compaction recognises an earlier summary. */
export const SUMMARY_HEADER = 'This session continues an earlier conversation that outgrew the context window.';

/** Share of the window the verbatim recent turns may take. */
export const KEPT_TAIL_SHARE = 0.2;
const SUMMARY_MAX_TOKENS = 8_000;
const PROMPT_CHARS = 2_000;

export type PreservedState = {
  readonly cwd: string;
  readonly todos: readonly TodoItem[];
};

export type CompactionRequest = {
  readonly messages: readonly ConversationMessage[];
  readonly modelClient: ModelClient;
  readonly model: string;
  readonly windowTokens: number;
  readonly instructions?: string;
  readonly preserved: PreservedState;
  readonly signal: AbortSignal;
};

export type CompactedConversation = {
  readonly messages: ConversationMessage[];
  /** Real user prompts kept verbatim after the summary. */
  readonly keptTurns: number;
  readonly keptMessages: number;
};

export type CompactionOutcome = ({ readonly ok: true } & CompactedConversation) | { readonly ok: false; readonly error: string };

export async function compactConversation(request: CompactionRequest): Promise<CompactionOutcome> {
  const { messages } = request;
  const tail = selectKeptTail(messages, Math.floor(request.windowTokens * KEPT_TAIL_SHARE));
  const head = messages.slice(0, tail.cut);
  if (head.length === 0) return { ok: false, error: 'there is nothing to compact yet' };

  // The summariser must fit in the window itself: its input is capped well below it.
  const maxChars = Math.floor(request.windowTokens * 0.6 * CHARS_PER_TOKEN);
  const text = `${renderConversation(head, maxChars)}\n${summaryInstructions(request.instructions)}`;
  let summary: string;
  try {
    const response = await request.modelClient.createMessage(
      {
        model: request.model,
        max_tokens: SUMMARY_MAX_TOKENS,
        system: [{ type: 'text', text: SUMMARY_SYSTEM_PROMPT }],
        messages: [{ role: 'user', content: text }],
      },
      request.signal,
    );
    summary = response.content.map((block) => (block.type === 'text' ? block.text : '')).join('').trim();
  } catch (error) {
    return { ok: false, error: `the summary request failed: ${errorMessageOf(error)}` };
  }
  if (!summary) return { ok: false, error: 'the summary came back empty' };
  return { ok: true, ...assembleCompacted({ messages, cut: tail.cut, carriedPrompt: tail.carriedPrompt, summary, preserved: request.preserved }) };
}

/** The new conversation, without any request: pure, so the property test can drive it. */
export function assembleCompacted(options: {
  readonly messages: readonly ConversationMessage[];
  readonly cut: number;
  readonly carriedPrompt: ConversationMessage | undefined;
  readonly summary: string;
  readonly preserved: PreservedState;
}): CompactedConversation {
  const head = options.messages.slice(0, options.cut);
  const kept = options.messages.slice(options.cut).map((message) => ({ ...message, uuid: newUuid() }));
  const summaryText = summaryMessageText({ head, summary: options.summary, preserved: options.preserved, carriedPrompt: options.carriedPrompt });
  const summaryBlock: ContentBlockParam = { type: 'text', text: summaryText };
  const first = kept[0];
  let result: ConversationMessage[];
  if (first?.type === 'user') {
    // The kept part opens with a prompt: the summary goes in front of it, so roles still alternate.
    result = [{ ...first, content: [summaryBlock, ...asBlocks(first.content)] }, ...kept.slice(1)];
  } else {
    const summaryMessage: UserMessage = { type: 'user', uuid: newUuid(), timestamp: nowIso(), content: [summaryBlock], isCompactSummary: true };
    result = [summaryMessage, ...kept];
  }
  return { messages: result, keptTurns: kept.filter(isRealPrompt).length, keptMessages: kept.length };
}

function summaryMessageText(options: {
  readonly head: readonly ConversationMessage[];
  readonly summary: string;
  readonly preserved: PreservedState;
  readonly carriedPrompt: ConversationMessage | undefined;
}): string {
  const sections = [
    `${SUMMARY_HEADER} Its earlier part is summarised below (the full history is kept in the session transcript). Continue the work from here without asking the user to repeat anything.`,
    `<summary>\n${options.summary}\n</summary>`,
  ];
  const prompts = earlierPrompts(options.head.filter((message) => message !== options.carriedPrompt));
  if (prompts.length > 0) sections.push(`The user's requests so far, verbatim (oldest first):\n${prompts.map((prompt) => `- ${prompt}`).join('\n')}`);
  const plan = approvedPlan(options.head);
  if (plan) sections.push(`The plan the user approved, verbatim:\n${plan}`);
  const open = options.preserved.todos.filter((todo) => todo.status !== 'completed');
  if (open.length > 0) sections.push(`Open todos:\n${open.map((todo) => `- [${todo.status}] ${todo.content}`).join('\n')}`);
  sections.push(`Current working directory: ${options.preserved.cwd}`);
  if (options.carriedPrompt) sections.push(`The user's latest request, verbatim:\n${promptText(options.carriedPrompt)}`);
  return sections.join('\n\n');
}

const MAX_EARLIER_PROMPTS_CHARS = 20_000;

function earlierPrompts(head: readonly ConversationMessage[]): string[] {
  const prompts = head.filter(isRealPrompt).map(promptText).filter((text) => text.trim() !== '');
  const chosen: string[] = [];
  let total = 0;
  // Newest first within the budget, then back in order; the very first request always stays.
  for (let index = prompts.length - 1; index >= 1; index--) {
    const text = clip(prompts[index]!);
    if (total + text.length > MAX_EARLIER_PROMPTS_CHARS) break;
    total += text.length;
    chosen.unshift(text);
  }
  if (prompts[0] !== undefined) chosen.unshift(clip(prompts[0]));
  return chosen;
}

function clip(text: string): string {
  return text.length <= PROMPT_CHARS ? text : `${text.slice(0, PROMPT_CHARS)} […]`;
}

/** The prompt's own words: without tool results, reminders, attachments' bodies or an earlier summary. */
function promptText(message: ConversationMessage): string {
  return asBlocks(message.content)
    .flatMap((block) => (block.type === 'text' && !block.text.startsWith(SUMMARY_HEADER) && !block.text.startsWith('<system-reminder>') ? [block.text] : []))
    .join('\n');
}

const APPROVED_PREFIX = 'The user approved your plan';

function approvedPlan(head: readonly ConversationMessage[]): string | undefined {
  for (let index = head.length - 1; index >= 0; index--) {
    const message = head[index]!;
    if (message.type !== 'user' || typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type !== 'tool_result' || block.is_error) continue;
      const text = typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
      if (!text.startsWith(APPROVED_PREFIX)) continue;
      const marker = text.indexOf('The approved plan:\n');
      return marker >= 0 ? text.slice(marker + 'The approved plan:\n'.length) : text;
    }
  }
  return undefined;
}
