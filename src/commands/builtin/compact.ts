import type { SlashCommand } from '../types.js';

export const compactCommand: SlashCommand = {
  name: 'compact',
  description: 'Summarise the conversation to free context (the full history stays in the transcript)',
  argumentHint: '[instructions for the summary]',
  run(args) {
    const instructions = args.trim();
    return { type: 'compact', ...(instructions ? { instructions } : {}) };
  },
};
