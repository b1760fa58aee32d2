import type { SlashCommand } from '../types.js';

export const rewindCommand: SlashCommand = {
  name: 'rewind',
  aliases: ['checkpoint'],
  description: 'Go back to before an earlier prompt: restore the files, the conversation, or both (also Esc Esc)',
  run() {
    return { type: 'rewind' };
  },
};
