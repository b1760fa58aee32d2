import type { SlashCommand } from '../types.js';

/** `/vim`: vim-style modal editing of the prompt, on or off for this session (keys: src/ui/input/vimMode.ts). */
export const vimCommand: SlashCommand = {
  name: 'vim',
  description: 'Vim-style editing of the prompt on/off (Esc: normal mode; i/a/o: insert)',
  run(_args, context) {
    const on = context.toggleVimMode();
    return {
      type: 'text',
      text: on
        ? 'Vim editing on: Esc for normal mode (hjkl, w/b/e, 0/$, x, dd; i/a/I/A/o/O to insert); Enter sends. /vim again to turn it off.'
        : 'Vim editing off.',
    };
  },
};
