/**
 * The MCP servers a client names in session/new or session/load, as one
 * inline `--mcp-config` document: they start exactly like servers given on
 * the command line, next to the project's own (.mcp.json, settings).
 */
import type { McpServer } from '@agentclientprotocol/sdk';

export function mcpConfigOfClientServers(servers: readonly McpServer[]): string | undefined {
  if (servers.length === 0) return undefined;
  const mcpServers: Record<string, unknown> = {};
  for (const server of servers) {
    if ('type' in server && (server.type === 'http' || server.type === 'sse')) {
      mcpServers[server.name] = { type: server.type, url: server.url, headers: Object.fromEntries(server.headers.map((header) => [header.name, header.value])) };
    } else if ('command' in server) {
      mcpServers[server.name] = { command: server.command, args: server.args, env: Object.fromEntries(server.env.map((variable) => [variable.name, variable.value])) };
    }
  }
  return JSON.stringify({ mcpServers });
}
