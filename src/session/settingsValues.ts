/**
 * Plain values from the settings files (not rules): the nearest file that
 * sets a key wins — .claude/settings.local.json, then .claude/settings.json,
 * then the user's settings.json. A file that is missing or not JSON gives
 * nothing here; the permission loader reports a malformed file at start-up
 * with its line.
 */
import { readFile } from 'node:fs/promises';
import { settingsPaths } from '../permissions/loadPermissionRules.js';

export type SettingsValues = {
  /** `alwaysThinkingEnabled`: extended thinking on for every prompt. */
  readonly alwaysThinking: boolean;
};

export async function readSettingsValues(cwd: string, configDir: string): Promise<SettingsValues> {
  const paths = settingsPaths(cwd, configDir);
  const files = await Promise.all([paths.local, paths.project, paths.user].map(readJsonObject));
  const nearest = (key: string): unknown => files.find((file) => file && key in file)?.[key];
  return { alwaysThinking: nearest('alwaysThinkingEnabled') === true };
}

async function readJsonObject(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : undefined;
  } catch {
    return undefined;
  }
}
