import type { SlashCommand } from '../types.js';

export const clearCommand: SlashCommand = {
  name: 'clear',
  aliases: ['reset'],
  description: 'Start a new conversation (the model forgets everything so far)',
  run(_args, context) {
    context.clearConversation();
    return { type: 'text', text: 'Conversation cleared. The next prompt starts fresh.' };
  },
};
