/**
 * What the REPL lets commands change while it runs (FrontEndCommandHooks):
 * the status line program, verbose output, the theme. Built from getters
 * because the controller and the status line slot exist only after the
 * controller that receives these hooks.
 */
import type { FrontEndCommandHooks } from '../../commands/types.js';
import type { StatusLineSlot } from '../status/statusLineSlot.js';
import { applyTheme } from '../theme.js';
import type { ReplController } from './replController.js';

export function replCommandHooks(controller: () => ReplController | undefined, statusLine: () => StatusLineSlot | undefined): FrontEndCommandHooks {
  return {
    applyStatusLine: (command) => statusLine()?.set(command),
    isVerbose: () => controller()?.getStatus().verbose ?? false,
    setVerbose: (on) => {
      const repl = controller();
      if (repl && repl.getStatus().verbose !== on) repl.toggleVerbose();
    },
    isVimMode: () => controller()?.getStatus().vimMode ?? false,
    applyTheme,
  };
}
