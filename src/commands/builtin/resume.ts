import type { SlashCommand } from '../types.js';

export const resumeCommand: SlashCommand = {
  name: 'resume',
  aliases: ['continue'],
  description: 'Resume a saved session of this project (a picker, or the id given)',
  argumentHint: '[session id]',
  run(args) {
    const id = args.trim();
    return { type: 'resume', ...(id ? { id } : {}) };
  },
};
