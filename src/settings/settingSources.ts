/**
 * `--setting-sources <list>`: which settings files a session reads — `user`
 * ($AGENTCLI_CONFIG_DIR/settings.json), `project` (.claude/settings.json),
 * `local` (.claude/settings.local.json). Comma-separated; an empty value
 * means none of them. Without the flag all three are read.
 */
export const SETTING_SOURCES = ['user', 'project', 'local'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

export function isSettingSource(value: string): value is SettingSource {
  return (SETTING_SOURCES as readonly string[]).includes(value);
}

export function parseSettingSources(text: string): SettingSource[] {
  const sources: SettingSource[] = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!isSettingSource(name)) throw new Error(`unknown setting source "${name}"; expected a comma-separated list of ${SETTING_SOURCES.join(', ')}.`);
    if (!sources.includes(name)) sources.push(name);
  }
  return sources;
}
