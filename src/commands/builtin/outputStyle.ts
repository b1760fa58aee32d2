/**
 * `/output-style`: lists the output styles; `/output-style <name>` switches
 * to one now (the next request's system prompt carries it) and saves it as
 * `outputStyle` in .claude/settings.local.json, as Claude Code does, so the
 * project's next sessions start with it too.
 */
import path from 'node:path';
import { updateJsonObjectFile } from '../../settings/updateSettingsFile.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { SlashCommand } from '../types.js';

export const outputStyleCommand: SlashCommand = {
  name: 'output-style',
  description: 'List the output styles, or switch to one (saved for this project)',
  argumentHint: '[style]',
  async run(args, context) {
    const { session } = context;
    const name = args.trim();
    if (name === '') {
      const lines = session.outputStyles.styles.map((style) => {
        const current = style === session.outputStyle ? '● ' : '  ';
        return `${current}${style.name} — ${style.description}${style.file ? ` (${style.file})` : ''}`;
      });
      return { type: 'text', text: ['Output styles:', ...lines, 'Switch with /output-style <name>.'].join('\n') };
    }
    const problem = session.setOutputStyle(name);
    if (problem) return { type: 'text', tone: 'error', text: problem };
    const file = path.join(session.cwd, '.claude', 'settings.local.json');
    const chosen = session.outputStyle.name;
    try {
      await updateJsonObjectFile(file, (current) => ({ ...current, outputStyle: chosen }));
    } catch (error) {
      return { type: 'text', tone: 'error', text: `Switched to ${chosen} for this session, but could not save it: ${errorMessageOf(error)}` };
    }
    return { type: 'text', text: `Output style: ${chosen} (from the next request; saved in ${file}).` };
  },
};
