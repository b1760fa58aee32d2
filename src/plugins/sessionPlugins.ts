/**
 * The plugins a session runs: each `--plugin-dir` folder, then each
 * installed plugin that `enabledPlugins` turns on (the nearest settings
 * layer that names it decides). A plugin runs code (hooks, MCP servers) and
 * steers the model (commands, agents, skills, styles), so in a folder that
 * is not trusted none of them load. A plugin that fails to load is one
 * warning; the others still load.
 */
import path from 'node:path';
import type { SettingsSelection } from '../settings/settingsFiles.js';
import { settingsSnapshotOf, type SettingsSnapshot } from '../settings/settingsSnapshot.js';
import { loadPlugin, type LoadedPlugin } from './plugin.js';
import { readInstalledPlugins } from './pluginStore.js';

export type SessionPlugins = { readonly plugins: readonly LoadedPlugin[]; readonly warnings: readonly string[] };

export const NO_PLUGINS: SessionPlugins = { plugins: [], warnings: [] };

/**
 * A plugin folder named for this session: `--plugin-dir <dir>` (a plain
 * path), or `--plugin-dir-no-mcp <dir>` (`skipMcp`: its commands, agents,
 * skills, hooks and styles load, its MCP servers do not — the Agent SDK's
 * `skipMcpDiscovery`, for a host that runs those servers itself).
 */
export type PluginDir = string | { readonly dir: string; readonly skipMcp: boolean };

function pluginDirEntry(choice: PluginDir): { readonly dir: string; readonly skipMcp: boolean } {
  return typeof choice === 'string' ? { dir: choice, skipMcp: false } : choice;
}

export async function loadSessionPlugins(options: (SettingsSelection | SettingsSnapshot) & { readonly isTrusted: boolean; readonly pluginDirs?: readonly PluginDir[] }): Promise<SessionPlugins> {
  if (!options.isTrusted) return NO_PLUGINS;
  const enabled = await enabledPluginIds(options);
  const installed = enabled.length > 0 ? await readInstalledPlugins(options.configDir).catch(() => ({})) : {};
  const warnings: string[] = [];
  const roots = [
    ...(options.pluginDirs ?? []).map(pluginDirEntry).map(({ dir, skipMcp }) => ({
      root: path.resolve(options.cwd, dir),
      label: `${skipMcp ? '--plugin-dir-no-mcp' : '--plugin-dir'} ${dir}`,
      skipMcp,
    })),
    ...enabled.flatMap((id) => {
      const record = (installed as Record<string, { installPath: string }>)[id];
      if (!record) {
        warnings.push(`plugin ${id} is enabled in settings but not installed; install it with /plugin install ${id}`);
        return [];
      }
      return [{ root: record.installPath, label: id, skipMcp: false }];
    }),
  ];
  const plugins: LoadedPlugin[] = [];
  for (const { entry, load } of await Promise.all(roots.map(async (entry) => ({ entry, load: await loadPlugin(entry.root) })))) {
    if (!load.ok) warnings.push(`plugin ${entry.label} not loaded: ${load.error}`);
    else if (plugins.some((plugin) => plugin.name === load.plugin.name)) warnings.push(`plugin ${entry.label}: another plugin named "${load.plugin.name}" is already loaded`);
    else plugins.push(entry.skipMcp ? { ...load.plugin, mcpServers: {} } : load.plugin);
  }
  return { plugins, warnings };
}

async function enabledPluginIds(selection: SettingsSelection | SettingsSnapshot): Promise<string[]> {
  return [...(await enabledPluginStates(selection))].filter(([, on]) => on).map(([id]) => id);
}

/** `enabledPlugins` across the settings layers, nearest first: the first layer that names a plugin decides. */
export async function enabledPluginStates(selection: SettingsSelection | SettingsSnapshot): Promise<ReadonlyMap<string, boolean>> {
  const decided = new Map<string, boolean>();
  for (const layer of (await settingsSnapshotOf(selection)).objects) {
    const value = layer.values['enabledPlugins'];
    if (typeof value !== 'object' || value === null) continue;
    for (const [id, on] of Object.entries(value as Record<string, unknown>)) {
      if (!decided.has(id) && typeof on === 'boolean') decided.set(id, on);
    }
  }
  return decided;
}
