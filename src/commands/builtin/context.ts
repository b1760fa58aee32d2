import { formatContextUsage, measureContext } from '../../session/context/contextUsage.js';
import type { SlashCommand } from '../types.js';

export const contextCommand: SlashCommand = {
  name: 'context',
  description: 'Show what fills the context window, by part',
  async run(_args, context) {
    return { type: 'text', text: formatContextUsage(await measureContext(context.conversation)) };
  },
};
