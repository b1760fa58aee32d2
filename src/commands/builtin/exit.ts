import type { SlashCommand } from '../types.js';

export const exitCommand: SlashCommand = {
  name: 'exit',
  aliases: ['quit'],
  description: 'Leave agentcli',
  run: () => ({ type: 'exit' }),
};
