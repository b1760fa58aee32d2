/**
 * A plugin, in Claude Code's layout, so plugins written for it load as they are:
 *
 *   my-plugin/
 *     .claude-plugin/plugin.json   {"name": "my-plugin", "version", "description", "author",
 *                                   and optionally "commands", "agents", "skills", "outputStyles"
 *                                   (extra paths), "hooks" (a path or the hooks object),
 *                                   "mcpServers" (a path or the servers object)}
 *     commands/*.md                 → /my-plugin:name
 *     agents/*.md                   → subagent_type "my-plugin:name"
 *     skills/<name>/SKILL.md        → skill "my-plugin:name"
 *     hooks/hooks.json              {"hooks": {...}} as in settings
 *     .mcp.json                     {"mcpServers": {...}}
 *     output-styles/*.md            output styles
 *
 * `${CLAUDE_PLUGIN_ROOT}` in hook commands, MCP configurations and command
 * and skill text is the plugin's folder. What a plugin adds is read here
 * once; what it does is decided by the session that enables it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseHooksSettings, type ConfiguredHook } from '../hooks/hooksConfig.js';
import { errorMessageOf } from '../utils/errors.js';

export const PLUGIN_MANIFEST = path.join('.claude-plugin', 'plugin.json');
const PLUGIN_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export type LoadedPlugin = {
  readonly name: string;
  readonly version?: string;
  readonly description?: string;
  readonly root: string;
  readonly commandDirs: readonly string[];
  readonly agentDirs: readonly string[];
  readonly skillDirs: readonly string[];
  readonly outputStyleDirs: readonly string[];
  readonly hooks: readonly ConfiguredHook[];
  /** The plugin's MCP servers as a `{"mcpServers": {...}}` document, `${CLAUDE_PLUGIN_ROOT}` filled in. */
  readonly mcpServers: Readonly<Record<string, unknown>>;
};

export type PluginLoad = { readonly ok: true; readonly plugin: LoadedPlugin } | { readonly ok: false; readonly error: string };

export async function loadPlugin(root: string): Promise<PluginLoad> {
  const manifestFile = path.join(root, PLUGIN_MANIFEST);
  let manifest: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(await readFile(manifestFile, 'utf8'));
    if (!isRecord(parsed)) return { ok: false, error: `${manifestFile}: expected a JSON object` };
    manifest = parsed;
  } catch (error) {
    return { ok: false, error: `${manifestFile}: ${errorMessageOf(error)}` };
  }
  const name = manifest['name'];
  if (typeof name !== 'string' || !PLUGIN_NAME.test(name)) return { ok: false, error: `${manifestFile}: "name" must be a plugin name such as "my-plugin"` };
  const within = (value: unknown, key: string): string[] | string => {
    const list = value === undefined ? [] : typeof value === 'string' ? [value] : Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? value : undefined;
    if (!list) return `${manifestFile}: "${key}" must be a path or a list of paths`;
    const resolved = list.map((entry) => path.resolve(root, entry));
    // A manifest may only point inside its own folder: a plugin is what its folder holds.
    const outside = resolved.find((entry) => entry !== root && !entry.startsWith(root + path.sep));
    return outside ? `${manifestFile}: "${key}" points outside the plugin (${outside})` : resolved;
  };
  const dirs: Record<'commands' | 'agents' | 'skills' | 'outputStyles', string[]> = { commands: [], agents: [], skills: [], outputStyles: [] };
  const defaults = { commands: 'commands', agents: 'agents', skills: 'skills', outputStyles: 'output-styles' } as const;
  for (const key of Object.keys(dirs) as Array<keyof typeof dirs>) {
    const extra = within(manifest[key], key);
    if (typeof extra === 'string') return { ok: false, error: extra };
    dirs[key] = [path.join(root, defaults[key]), ...extra];
  }
  const hooks = await pluginHooks(root, manifest, manifestFile);
  if (!hooks.ok) return hooks;
  const servers = await pluginMcpServers(root, manifest, manifestFile);
  if (!servers.ok) return servers;
  return {
    ok: true,
    plugin: {
      name,
      ...(typeof manifest['version'] === 'string' ? { version: manifest['version'] } : {}),
      ...(typeof manifest['description'] === 'string' ? { description: manifest['description'] } : {}),
      root,
      commandDirs: dirs.commands,
      agentDirs: dirs.agents,
      skillDirs: dirs.skills,
      outputStyleDirs: dirs.outputStyles,
      hooks: hooks.hooks,
      mcpServers: servers.servers,
    },
  };
}

async function pluginHooks(root: string, manifest: Record<string, unknown>, manifestFile: string): Promise<{ ok: true; hooks: ConfiguredHook[] } | { ok: false; error: string }> {
  const declared = manifest['hooks'];
  let file = path.join(root, 'hooks', 'hooks.json');
  let text: string | undefined;
  if (isRecord(declared)) {
    file = manifestFile;
    text = JSON.stringify({ hooks: declared['hooks'] ?? declared }, null, 2);
  } else {
    if (typeof declared === 'string') file = path.resolve(root, declared);
    text = await readOptional(file);
  }
  if (text === undefined) return { ok: true, hooks: [] };
  const parsed = parseHooksSettings(text, { file, kind: 'plugin', fromRepository: true, pluginRoot: root });
  if (parsed.errors.length > 0) return { ok: false, error: parsed.errors.map((error) => `${error.file}${error.line ? `:${error.line}` : ''}: ${error.message}`).join('; ') };
  return { ok: true, hooks: parsed.hooks };
}

async function pluginMcpServers(root: string, manifest: Record<string, unknown>, manifestFile: string): Promise<{ ok: true; servers: Record<string, unknown> } | { ok: false; error: string }> {
  const declared = manifest['mcpServers'];
  let servers: unknown;
  if (isRecord(declared)) servers = declared;
  else {
    const file = typeof declared === 'string' ? path.resolve(root, declared) : path.join(root, '.mcp.json');
    const text = await readOptional(file);
    if (text === undefined) return { ok: true, servers: {} };
    try {
      const parsed: unknown = JSON.parse(text);
      servers = isRecord(parsed) && isRecord(parsed['mcpServers']) ? parsed['mcpServers'] : parsed;
    } catch (error) {
      return { ok: false, error: `${file}: ${errorMessageOf(error)}` };
    }
  }
  if (!isRecord(servers)) return { ok: false, error: `${manifestFile}: "mcpServers" must be an object` };
  return { ok: true, servers: withPluginRoot(servers, root) as Record<string, unknown> };
}

/** `${CLAUDE_PLUGIN_ROOT}` in every string of a JSON value. */
export function withPluginRoot(value: unknown, root: string): unknown {
  if (typeof value === 'string') return value.replaceAll('${CLAUDE_PLUGIN_ROOT}', root);
  if (Array.isArray(value)) return value.map((entry) => withPluginRoot(entry, root));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withPluginRoot(entry, root)]));
  return value;
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
