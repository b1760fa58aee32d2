import type { SlashCommand } from '../types.js';

export const modelCommand: SlashCommand = {
  name: 'model',
  description: 'Show or change the model for the next prompts',
  argumentHint: '[model]',
  run(args, context) {
    const requested = args.trim();
    if (requested === '') {
      return { type: 'text', text: `Model: ${context.getModel()}\nChange it with /model <name>, e.g. /model claude-opus-4-1.` };
    }
    if (!/^[\w.:@/-]+$/.test(requested)) {
      return { type: 'text', tone: 'error', text: `"${requested}" does not look like a model name.` };
    }
    context.setModel(requested);
    return { type: 'text', text: `Model set to ${requested} for the next prompts.` };
  },
};
