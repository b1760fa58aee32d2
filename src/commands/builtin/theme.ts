/**
 * `/theme`: pick the palette (ansi, dark, light) in a picker, or name it;
 * it applies at once to everything drawn from then on and is saved as
 * `theme` in the user's settings, so every project starts with it.
 */
import { loadDisplaySettings } from '../../settings/displaySettings.js';
import { DEFAULT_THEME, isThemeName, THEME_DESCRIPTIONS, THEME_NAMES, type ThemeName } from '../../settings/themeSetting.js';
import { saveSetting } from '../config/settingScopes.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { CommandContext, SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

export const themeCommand: SlashCommand = {
  name: 'theme',
  description: 'Choose the colour theme (ansi, dark, light; saved in your user settings)',
  argumentHint: `[${THEME_NAMES.join('|')}]`,
  async run(args, context) {
    const named = args.trim().toLowerCase();
    const current = (await loadDisplaySettings(context.session.settings)).theme ?? DEFAULT_THEME;
    if (named !== '') {
      if (!isThemeName(named)) return { type: 'text', tone: 'error', text: `There is no theme "${named}". Themes: ${THEME_NAMES.join(', ')}.` };
      return setTheme(named, context);
    }
    const chosen = await context.choose({
      title: 'Which colour theme?',
      current,
      options: THEME_NAMES.map((name) => ({ value: name, label: name, description: THEME_DESCRIPTIONS[name] })),
    });
    if (chosen === undefined || !isThemeName(chosen)) return { type: 'text', text: `Theme unchanged: ${current}.` };
    return setTheme(chosen, context);
  },
};

async function setTheme(name: ThemeName, context: CommandContext): Promise<CommandResult> {
  context.applyTheme?.(name);
  let file: string;
  try {
    file = await saveSetting(context.session, 'user', 'theme', name);
  } catch (error) {
    return { type: 'text', tone: 'error', text: `Theme ${name} for this session, but it could not be saved: ${errorMessageOf(error)}` };
  }
  const effective = (await loadDisplaySettings(context.session.settings)).theme;
  const shadowed = effective !== undefined && effective !== name ? ` A project settings file sets theme ${effective}, which wins at the next start.` : '';
  return { type: 'text', text: `Theme: ${name}${context.applyTheme ? '' : ' (from the next start)'}; saved in ${file}.${shadowed}` };
}
