/**
 * The front ends' entry to MCP. startConfiguredMcpServers() reads the config
 * (a bad file is a start-up error) and, only when some server is configured,
 * loads the MCP machinery and starts every server in the background. The
 * REPL passes the returned manager to createSession and shows its prompt at
 * once; headless mode also awaits reportMcpStartup().
 */
import { loadMcpConfig, type McpConfigOptions } from './loadMcpConfig.js';
import type { McpManager } from './McpManager.js';
import type { McpToolKit } from './mcpToolKit.js';
import type { ScopedMcpServerConfig } from './types.js';
import type { McpServerSandbox } from '../../sandbox/mcpServerSandbox.js';

export type StartMcpOptions = McpConfigOptions & {
  /** Servers that come from the front end rather than a file (the Agent SDK client's in-process servers). */
  readonly extraServers?: readonly ScopedMcpServerConfig[];
  /** A manager even with no server configured, for a client that adds servers later (the Agent SDK's setMcpServers). */
  readonly evenWithoutServers?: boolean;
  /** The OS sandbox stdio servers start in. */
  readonly sandbox?: McpServerSandbox;
  /** Loads the tools layer's MCP kit (src/tools/MCPTool/mcpToolKit.ts) along with the MCP machinery, only when a server is configured. */
  readonly loadToolKit: () => Promise<McpToolKit>;
};

export async function startConfiguredMcpServers(options: StartMcpOptions): Promise<McpManager | undefined> {
  const loaded = await loadMcpConfig(options);
  const config = options.extraServers?.length ? { ...loaded, servers: [...loaded.servers, ...options.extraServers] } : loaded;
  if (config.servers.length === 0 && config.awaitingTrust.length === 0 && !options.evenWithoutServers) return undefined;
  const [{ McpManager }, toolKit] = await Promise.all([import('./McpManager.js'), options.loadToolKit()]);
  return McpManager.start(config, {
    toolKit,
    cwd: options.cwd,
    configDir: options.configDir,
    ...(options.env ? { env: options.env } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
}

/**
 * Waits until every server has connected or given up (each bounded by
 * MCP_TIMEOUT) and says on stderr which ones the run goes on without.
 */
export async function reportMcpStartup(manager: McpManager, writeStderr: (text: string) => void): Promise<void> {
  await manager.whenStarted();
  for (const connection of manager.connections) {
    if (connection.status === 'connected') continue;
    if (connection.status === 'needs-auth') {
      writeStderr(`agentcli: MCP server "${connection.name}" needs authentication; run \`agentcli mcp login ${connection.name}\`. Continuing without it.\n`);
      continue;
    }
    const tail = connection.stderr.lines(5);
    const details = tail.length > 0 ? `  its stderr ended with:\n${tail.map((line) => `    ${line}\n`).join('')}` : '';
    writeStderr(`agentcli: MCP server "${connection.name}" ${connection.problem ?? connection.status}; continuing without it.\n${details}`);
  }
}
