/**
 * Enabled plugins' MCP servers, as documents the MCP configuration loader
 * reads like one more `--mcp-config` (src/services/mcp/loadMcpConfig.ts):
 * one per plugin, named after it so a bad entry names the plugin.
 */
import type { McpConfigText } from '../services/mcp/loadMcpConfig.js';
import type { LoadedPlugin } from './plugin.js';

export function pluginMcpDocuments(plugins: readonly LoadedPlugin[]): McpConfigText[] {
  return plugins
    .filter((plugin) => Object.keys(plugin.mcpServers).length > 0)
    .map((plugin) => ({ source: `plugin ${plugin.name} (${plugin.root})`, text: JSON.stringify({ mcpServers: plugin.mcpServers }) }));
}
