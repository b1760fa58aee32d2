/**
 * `/config`: the common settings in one screen — model, theme, output
 * style, verbose output, editor mode, auto-compact — each with its value and where that
 * value comes from (user, project, --settings, or the default). Choosing
 * one asks for the new value, then whether it is for all the user's
 * projects (user settings) or this project only (.claude/settings.local.json);
 * it is written there and, where the session can, applied at once. The
 * screen stays open for the next change until Esc.
 */
import { CONFIG_ENTRIES, type ConfigEntry } from '../config/configEntries.js';
import { saveSetting, SCOPE_LABELS, settingOrigins, settingsFileFor, type SettingOrigin, type WritableScope } from '../config/settingScopes.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { CommandContext, SlashCommand } from '../types.js';

export const configCommand: SlashCommand = {
  name: 'config',
  aliases: ['settings'],
  description: 'Settings: model, theme, output style, verbose, editor mode, auto-compact (with where each comes from)',
  async run(_args, context) {
    const report: string[] = [];
    for (;;) {
      const originOf = await settingOrigins(context.session);
      const chosenKey = await context.choose({
        title: 'Settings — Enter to change one, Esc to close',
        searchable: true,
        options: CONFIG_ENTRIES.map((entry) => {
          const origin = originOf(entry.key);
          return { value: entry.key, label: `${entry.label}: ${entry.current(context, origin)}`, description: scopeOf(origin) };
        }),
      });
      const entry = CONFIG_ENTRIES.find((candidate) => candidate.key === chosenKey);
      if (!entry) break;
      const line = await changeSetting(entry, originOf(entry.key), context);
      if (line) report.push(line);
    }
    return { type: 'text', text: report.length > 0 ? report.join('\n') : 'No settings changed.' };
  },
};

function scopeOf(origin: SettingOrigin | undefined): string {
  return origin ? `${SCOPE_LABELS[origin.kind]} (${origin.file})` : 'default';
}

async function changeSetting(entry: ConfigEntry, origin: SettingOrigin | undefined, context: CommandContext): Promise<string | undefined> {
  const current = entry.current(context, origin);
  const value = await context.choose({ title: `${entry.label}`, current, options: entry.options(context) });
  if (value === undefined) return undefined;
  const existing: WritableScope | undefined = origin?.kind === 'userSettings' ? 'user' : origin?.kind === 'localSettings' ? 'local' : undefined;
  const scope = await context.choose({
    title: `Save ${entry.label.toLowerCase()} = ${value} for…`,
    current: existing ?? entry.defaultScope,
    options: [
      { value: 'user', label: 'All your projects (user settings)', description: settingsFileFor(context.session, 'user') },
      { value: 'local', label: 'This project only (not committed)', description: settingsFileFor(context.session, 'local') },
    ],
  });
  if (scope !== 'user' && scope !== 'local') return undefined;
  let file: string;
  try {
    file = await saveSetting(context.session, scope, entry.key, entry.toSetting(value));
  } catch (error) {
    return `${entry.label}: not saved — ${errorMessageOf(error)}`;
  }
  const notNow = value === current ? undefined : entry.applyNow(value, context);
  const shadow = (await settingOrigins(context.session))(entry.key);
  const shadowed = shadow && shadow.file !== file ? ` ${shadow.file} also sets it and wins.` : '';
  return `${entry.label}: ${value} (saved in ${file}${notNow ? `; from the next start: ${notNow}` : '; in force now'}).${shadowed}`;
}
