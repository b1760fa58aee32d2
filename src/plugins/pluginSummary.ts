/**
 * What a plugin would add, in words, shown before it is enabled: its
 * commands, agents and skills by name, every hook with what it runs, every
 * MCP server with the program it starts — the code the user is about to let run.
 */
import { readdir } from 'node:fs/promises';
import type { LoadedPlugin } from './plugin.js';

export async function describePluginContents(plugin: LoadedPlugin): Promise<string> {
  const entries = await pluginEntryNames(plugin);
  const named = (label: string, list: readonly string[]): string => `  ${label}: ${list.length > 0 ? list.join(', ') : 'none'}`;
  const hooks = plugin.hooks.map((hook) => {
    const action = hook.type === 'command' ? `runs ${hook.command.replaceAll('${CLAUDE_PLUGIN_ROOT}', plugin.root)}` : hook.type === 'http' ? `posts to ${hook.url}` : `asks a model (${hook.type} hook)`;
    return `    ${hook.event}${hook.matcher.pattern ? ` (${hook.matcher.pattern})` : ''}: ${action}`;
  });
  const servers = Object.entries(plugin.mcpServers).map(([name, config]) => {
    const record = (config ?? {}) as Record<string, unknown>;
    const what = typeof record['command'] === 'string' ? `starts ${[record['command'], ...(Array.isArray(record['args']) ? record['args'] : [])].join(' ')}` : `connects to ${String(record['url'] ?? '?')}`;
    return `    ${name}: ${what}`;
  });
  return [
    `  ${plugin.name}${plugin.version ? ` ${plugin.version}` : ''}${plugin.description ? ` — ${plugin.description}` : ''}`,
    named('commands', entries.commands.map((name) => `/${name}`)),
    named('agents', entries.agents),
    named('skills', entries.skills),
    `  hooks that will run: ${hooks.length === 0 ? 'none' : ''}`,
    ...hooks,
    `  MCP servers that will start: ${servers.length === 0 ? 'none' : ''}`,
    ...servers,
  ].join('\n');
}

/** The names a plugin's folders hold (commands, agents, skills), for the summary's first lines. */
export async function pluginEntryNames(plugin: LoadedPlugin): Promise<{ commands: string[]; agents: string[]; skills: string[] }> {
  const names = async (dirs: readonly string[], pick: (entry: { name: string; isDirectory(): boolean }) => string | undefined): Promise<string[]> =>
    (await Promise.all(dirs.map((dir) => readdir(dir, { withFileTypes: true }).catch(() => [])))).flat().flatMap((entry) => pick(entry) ?? []).map((name) => `${plugin.name}:${name}`);
  return {
    commands: await names(plugin.commandDirs, (entry) => (entry.name.endsWith('.md') ? entry.name.slice(0, -3) : undefined)),
    agents: await names(plugin.agentDirs, (entry) => (entry.name.endsWith('.md') ? entry.name.slice(0, -3) : undefined)),
    skills: await names(plugin.skillDirs, (entry) => (entry.isDirectory() ? entry.name : undefined)),
  };
}
