/**
 * What a headless prompt sends. A prompt as typed goes as it is, with the
 * images it names attached (src/app/promptAttachments.ts). A prompt that starts with a
 * slash command is handled by headlessSlashCommand.ts, loaded only then, so
 * an ordinary `-p` run never loads the commands.
 */
import { headlessPromptContent } from '../app/promptAttachments.js';
import { parseSlashInput } from '../commands/registry.js';
import type { ConversationSession } from '../session/conversationSession.js';
import type { ContentBlockParam } from '../types/messages.js';

export type PreparedHeadlessPrompt =
  | {
      readonly ok: true;
      readonly content: string | ContentBlockParam[];
      /** A command's `model:`, for this run only. */
      readonly model?: string;
      /** Ends what the prompt put in force for its run (a command's allowed-tools); call when the run ends. */
      readonly release: () => void;
    }
  | { readonly ok: false; readonly error: string }
  /**
   * A command answered here (/doctor, /permissions): its text is the run's result, and nothing goes to
   * the model. `failed`: what it reports is a failure (a /doctor check failed): the run exits non-zero.
   */
  | { readonly ok: 'answered'; readonly text: string; readonly failed?: string };

export type HeadlessPromptOptions = { readonly conversation: ConversationSession; readonly signal: AbortSignal };

export const NOTHING_TO_RELEASE = (): void => {};

export async function prepareHeadlessPrompt(prompt: string, options: HeadlessPromptOptions): Promise<PreparedHeadlessPrompt> {
  if (parseSlashInput(prompt)) {
    const { prepareSlashPrompt } = await import('./headlessSlashCommand.js');
    return prepareSlashPrompt(prompt, options);
  }
  return typedPrompt(prompt, options);
}

/** A prompt as typed: only the images it names are attached. */
export async function typedPrompt(prompt: string, options: HeadlessPromptOptions): Promise<PreparedHeadlessPrompt> {
  const content = await promptContent(prompt, options, 'images');
  return { ok: true, content, release: NOTHING_TO_RELEASE };
}

export function promptContent(text: string, options: HeadlessPromptOptions, mentions: 'images' | 'all'): Promise<string | ContentBlockParam[]> {
  const { conversation, signal } = options;
  return headlessPromptContent(text, { session: conversation.session, cwd: conversation.cwd, signal, messages: conversation.messages, mentions });
}
