import type { SlashCommand } from '../types.js';

export const clearCommand: SlashCommand = {
  name: 'clear',
  aliases: ['reset', 'new'],
  description: 'Start a new conversation (new session; the old one stays saved and can be resumed)',
  async run(_args, context) {
    await context.clearConversation();
    return { type: 'text', text: `Conversation cleared. New session ${context.conversation.id}.` };
  },
};
