/**
 * Where a setting a command changes is written, and where the value in
 * force comes from. Commands write to one of two files: the user's
 * settings (every project) or the project's `.claude/settings.local.json`
 * (this checkout, not committed). `.claude/settings.json` is the team's
 * file and is left to the team; a value there still shows as its scope.
 */
import path from 'node:path';
import type { SettingsLayerKind, SettingsSelection } from '../../settings/settingsFiles.js';
import { readSettingsSnapshot } from '../../settings/settingsSnapshot.js';
import { updateJsonObjectFile } from '../../settings/updateSettingsFile.js';

export type WritableScope = 'user' | 'local';

/** What these helpers need of a session: its project folder and config folder, and which settings it reads. */
export type SettingsOwner = { readonly cwd: string; readonly info: { readonly configDir: string } };

export const SCOPE_LABELS: Record<SettingsLayerKind, string> = {
  flagSettings: '--settings',
  localSettings: 'project, local',
  projectSettings: 'project, shared',
  userSettings: 'user',
};

export function settingsFileFor(session: SettingsOwner, scope: WritableScope): string {
  return scope === 'user' ? path.join(session.info.configDir, 'settings.json') : path.join(session.cwd, '.claude', 'settings.local.json');
}

/** Sets `key` (undefined: removes it) in the scope's file, keeping every other key; returns the file. */
export async function saveSetting(session: SettingsOwner, scope: WritableScope, key: string, value: unknown): Promise<string> {
  const file = settingsFileFor(session, scope);
  await updateJsonObjectFile(file, (settings) => {
    const { [key]: _previous, ...rest } = settings;
    return value === undefined ? rest : { ...rest, [key]: value };
  });
  return file;
}

export type SettingOrigin = { readonly kind: SettingsLayerKind; readonly file: string; readonly value: unknown };

/** For each key, the nearest settings layer that sets it (the one in force), read once. */
export async function settingOrigins(session: { readonly settings: SettingsSelection }): Promise<(key: string) => SettingOrigin | undefined> {
  const layers = (await readSettingsSnapshot(session.settings)).objects;
  return (key) => {
    const layer = layers.find((candidate) => key in candidate.values);
    return layer ? { kind: layer.kind, file: layer.file, value: layer.values[key] } : undefined;
  };
}
