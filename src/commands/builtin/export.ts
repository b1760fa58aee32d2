import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { conversationMarkdown } from '../../session/context/exportMarkdown.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { SlashCommand } from '../types.js';

export const exportCommand: SlashCommand = {
  name: 'export',
  description: 'Save the conversation as Markdown to a file, or copy it to the clipboard',
  argumentHint: '[file]',
  async run(args, context) {
    const { conversation } = context;
    if (conversation.messages.length === 0) return { type: 'text', text: 'There is no conversation to export yet.' };
    const markdown = conversationMarkdown(conversation.messages, { sessionId: conversation.id, cwd: conversation.cwd });
    const target = args.trim();
    if (!target) {
      const problem = context.copyToClipboard(markdown);
      if (problem) return { type: 'text', tone: 'error', text: `Not copied: ${problem}` };
      return { type: 'text', text: `Copied the conversation (${conversation.messages.length} messages) to the clipboard.` };
    }
    const file = path.resolve(conversation.cwd, target);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, markdown, { flag: 'w' });
    } catch (error) {
      return { type: 'text', tone: 'error', text: `Could not write ${file}: ${errorMessageOf(error)}` };
    }
    return { type: 'text', text: `Exported the conversation to ${file}.` };
  },
};
