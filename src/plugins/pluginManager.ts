/**
 * What /plugin does: marketplaces added and listed; plugins installed
 * (copied, checked, recorded — not yet enabled), enabled, disabled,
 * updated and removed. Enabling writes `enabledPlugins` in the user's
 * settings.json as Claude Code does; plugins load when a session starts.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { SettingsSelection } from '../settings/settingsFiles.js';
import { readSettingsSnapshot } from '../settings/settingsSnapshot.js';
import { copyPlugin, fetchMarketplace, readMarketplace, refreshMarketplace, type Marketplace } from './marketplaces.js';
import { loadPlugin, type LoadedPlugin } from './plugin.js';
import {
  pluginsDir,
  readInstalledPlugins,
  readKnownMarketplaces,
  setPluginEnabled,
  writeInstalledPlugins,
  writeKnownMarketplaces,
  type KnownMarketplace,
  type MarketplaceSource,
} from './pluginStore.js';

export type PluginId = { readonly plugin: string; readonly marketplace: string };

export function parsePluginId(text: string): PluginId | undefined {
  const match = /^([\w.-]+)@([\w.-]+)$/.exec(text.trim());
  return match ? { plugin: match[1]!, marketplace: match[2]! } : undefined;
}

export const pluginKey = (id: PluginId): string => `${id.plugin}@${id.marketplace}`;

export async function addMarketplace(configDir: string, source: MarketplaceSource): Promise<Marketplace> {
  const { marketplace, known } = await fetchMarketplace(configDir, source);
  const all = await readKnownMarketplaces(configDir);
  await writeKnownMarketplaces(configDir, { ...all, [marketplace.name]: known });
  return marketplace;
}

/** The user's marketplaces, and those a settings file names in `extraKnownMarketplaces` (the user's own win). */
export async function knownMarketplaces(selection: SettingsSelection): Promise<Record<string, KnownMarketplace>> {
  const fromSettings: Record<string, KnownMarketplace> = {};
  for (const layer of [...(await readSettingsSnapshot(selection)).objects].reverse()) {
    const extra = layer.values['extraKnownMarketplaces'];
    if (typeof extra !== 'object' || extra === null) continue;
    for (const [name, value] of Object.entries(extra as Record<string, { source?: MarketplaceSource }>)) {
      const source = value?.source;
      if (source?.source === 'directory') fromSettings[name] = { source: { source: 'directory', path: path.resolve(selection.cwd, source.path) }, installLocation: path.resolve(selection.cwd, source.path) };
      else if (source?.source === 'git' || source?.source === 'github') fromSettings[name] = { source, installLocation: path.join(pluginsDir(selection.configDir), 'marketplaces', name) };
    }
  }
  return { ...fromSettings, ...(await readKnownMarketplaces(selection.configDir)) };
}

async function marketplaceNamed(selection: SettingsSelection, name: string): Promise<{ marketplace: Marketplace; known: KnownMarketplace }> {
  const known = (await knownMarketplaces(selection))[name];
  if (!known) throw new Error(`no marketplace named "${name}"; add one with /plugin marketplace add <folder or git URL>`);
  if (known.source.source !== 'directory') {
    try {
      return { marketplace: await readMarketplace(known.installLocation), known };
    } catch {
      // Named in settings but never fetched here: fetch it now.
      const fetched = await fetchMarketplace(selection.configDir, known.source);
      await writeKnownMarketplaces(selection.configDir, { ...(await readKnownMarketplaces(selection.configDir)), [name]: fetched.known });
      return fetched;
    }
  }
  return { marketplace: await readMarketplace(known.installLocation), known };
}

/** Copies the plugin into the config folder and checks it loads; it is not enabled yet. */
export async function installPlugin(selection: SettingsSelection, id: PluginId): Promise<LoadedPlugin> {
  const { marketplace } = await marketplaceNamed(selection, id.marketplace);
  return installFrom(selection.configDir, marketplace, id);
}

async function installFrom(configDir: string, marketplace: Marketplace, id: PluginId): Promise<LoadedPlugin> {
  const entry = marketplace.plugins.find((candidate) => candidate.name === id.plugin);
  if (!entry) throw new Error(`marketplace "${id.marketplace}" has no plugin "${id.plugin}" (it has: ${marketplace.plugins.map((plugin) => plugin.name).join(', ') || 'none'})`);
  const target = path.join(pluginsDir(configDir), 'cache', id.marketplace, id.plugin);
  await copyPlugin(marketplace, entry, target);
  const loaded = await loadPlugin(target);
  if (!loaded.ok) {
    await rm(target, { recursive: true, force: true });
    throw new Error(`the plugin does not load: ${loaded.error}`);
  }
  const installed = await readInstalledPlugins(configDir);
  await writeInstalledPlugins(configDir, {
    ...installed,
    [pluginKey(id)]: { installPath: target, ...(loaded.plugin.version ? { version: loaded.plugin.version } : {}), installedAt: new Date().toISOString() },
  });
  return loaded.plugin;
}

export async function setEnabled(configDir: string, id: PluginId, enabled: boolean): Promise<void> {
  if (!(await readInstalledPlugins(configDir))[pluginKey(id)]) throw new Error(`${pluginKey(id)} is not installed`);
  await setPluginEnabled(configDir, pluginKey(id), enabled);
}

/** Fetches the marketplace again and reinstalls the plugin from it (its enabled state is kept). */
export async function updatePlugin(selection: SettingsSelection, id: PluginId): Promise<LoadedPlugin> {
  if (!(await readInstalledPlugins(selection.configDir))[pluginKey(id)]) throw new Error(`${pluginKey(id)} is not installed`);
  const { known } = await marketplaceNamed(selection, id.marketplace);
  return installFrom(selection.configDir, await refreshMarketplace(known), id);
}

export async function removePlugin(configDir: string, id: PluginId): Promise<void> {
  const installed = await readInstalledPlugins(configDir);
  const record = installed[pluginKey(id)];
  if (!record) throw new Error(`${pluginKey(id)} is not installed`);
  await rm(record.installPath, { recursive: true, force: true });
  const { [pluginKey(id)]: _removed, ...rest } = installed;
  await writeInstalledPlugins(configDir, rest);
  await setPluginEnabled(configDir, pluginKey(id), undefined);
}
