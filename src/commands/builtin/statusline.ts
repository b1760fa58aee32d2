/**
 * `/statusline <command>`: a program whose first line of output shows under
 * the input box (the `statusLine` setting, {"type": "command", "command":
 * …}, as Claude Code spells it), saved in the user's settings so every
 * project gets it; `/statusline off` removes it; `/statusline` alone says
 * what is configured. The REPL switches to the new program at once.
 */
import path from 'node:path';
import { loadDisplaySettings } from '../../settings/displaySettings.js';
import { updateJsonObjectFile } from '../../settings/updateSettingsFile.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { CommandContext, SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

const USAGE = [
  'Set one with /statusline <command>: it gets JSON about the session on stdin (session_id, model, cwd, cost, …)',
  'and its first line of output shows under the input box, refreshed as the session changes and after each turn.',
  'Example: /statusline echo "$(git branch --show-current) · $(date +%H:%M)"',
  '/statusline off removes it.',
].join('\n');

export const statuslineCommand: SlashCommand = {
  name: 'statusline',
  description: 'Show a program\'s output in the status area (saved in your user settings); "off" removes it',
  argumentHint: '[command|off]',
  async run(args, context) {
    const wanted = args.trim();
    const display = await loadDisplaySettings(context.session.settings);
    if (wanted === '') {
      const current = display.statusLine ? `Status line program: ${display.statusLine.command} (from ${display.statusLine.source})` : 'No status line program is set.';
      return { type: 'text', text: `${current}\n${USAGE}` };
    }
    const file = path.join(context.session.info.configDir, 'settings.json');
    const off = /^(off|none|remove|clear)$/i.test(wanted);
    try {
      await updateJsonObjectFile(file, (settings) => {
        const { statusLine: _previous, ...rest } = settings;
        return off ? rest : { ...rest, statusLine: { type: 'command', command: wanted } };
      });
    } catch (error) {
      return { type: 'text', tone: 'error', text: `Could not save the status line: ${errorMessageOf(error)}` };
    }
    return applyEffective(context, file, off ? 'Status line program removed' : `Status line program set: ${wanted}`);
  },
};

/** A nearer settings file (the project's) still wins over the user's: the REPL runs what is in force, and says so. */
async function applyEffective(context: CommandContext, file: string, done: string): Promise<CommandResult> {
  const effective = (await loadDisplaySettings(context.session.settings)).statusLine;
  const shadowed = effective && effective.source !== file ? `\nBut ${effective.source} sets one too, and it wins: ${effective.command}` : '';
  if (context.applyStatusLine) {
    context.applyStatusLine(effective?.command);
    return { type: 'text', text: `${done} (saved in ${file}).${shadowed}` };
  }
  return { type: 'text', text: `${done} (saved in ${file}); it applies from the next start.${shadowed}` };
}
