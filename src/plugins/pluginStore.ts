/**
 * Where installed plugins and known marketplaces live, under
 * `$AGENTCLI_CONFIG_DIR/plugins/` (Claude Code keeps the same files under
 * `~/.claude/plugins/`):
 *   known_marketplaces.json   {"<marketplace>": {"source": {...}, "installLocation": "<dir>"}}
 *   marketplaces/<name>/      a marketplace cloned from git
 *   cache/<marketplace>/<plugin>/   an installed plugin's copy
 *   installed_plugins.json    {"plugins": {"<plugin>@<marketplace>": {"installPath", "version", "installedAt"}}}
 * and whether each is enabled: `enabledPlugins` in the user's settings.json,
 * as Claude Code writes it ({"<plugin>@<marketplace>": true | false}).
 */
import path from 'node:path';
import { readJsonObjectFile as readJson, writeJsonObjectFile as writeJson } from '../settings/updateSettingsFile.js';

export type MarketplaceSource =
  | { readonly source: 'directory'; readonly path: string }
  | { readonly source: 'git'; readonly url: string }
  | { readonly source: 'github'; readonly repo: string };

export type KnownMarketplace = { readonly source: MarketplaceSource; readonly installLocation: string };
export type InstalledPlugin = { readonly installPath: string; readonly version?: string; readonly installedAt: string };

export function pluginsDir(configDir: string): string {
  return path.join(configDir, 'plugins');
}

export async function readKnownMarketplaces(configDir: string): Promise<Record<string, KnownMarketplace>> {
  return (await readJson(path.join(pluginsDir(configDir), 'known_marketplaces.json'))) as Record<string, KnownMarketplace>;
}

export async function writeKnownMarketplaces(configDir: string, value: Record<string, KnownMarketplace>): Promise<void> {
  await writeJson(path.join(pluginsDir(configDir), 'known_marketplaces.json'), value);
}

export async function readInstalledPlugins(configDir: string): Promise<Record<string, InstalledPlugin>> {
  const data = await readJson(path.join(pluginsDir(configDir), 'installed_plugins.json'));
  const plugins = data['plugins'];
  return typeof plugins === 'object' && plugins !== null ? (plugins as Record<string, InstalledPlugin>) : {};
}

export async function writeInstalledPlugins(configDir: string, plugins: Record<string, InstalledPlugin>): Promise<void> {
  await writeJson(path.join(pluginsDir(configDir), 'installed_plugins.json'), { version: 1, plugins });
}

/** Sets (or with `undefined`, removes) one `enabledPlugins` entry of the user's settings.json, keeping every other key. */
export async function setPluginEnabled(configDir: string, id: string, enabled: boolean | undefined): Promise<void> {
  const file = path.join(configDir, 'settings.json');
  const settings = await readJson(file);
  const current = typeof settings['enabledPlugins'] === 'object' && settings['enabledPlugins'] !== null ? { ...(settings['enabledPlugins'] as Record<string, unknown>) } : {};
  if (enabled === undefined) delete current[id];
  else current[id] = enabled;
  await writeJson(file, { ...settings, enabledPlugins: current });
}
