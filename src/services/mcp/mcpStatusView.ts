/**
 * What `/mcp` shows: each server with where it was configured, its status,
 * how many tools it brought, and — when it failed — why, with the tail of its
 * stderr. Plain data, so the REPL renders it and tests read it.
 */
import type { McpManager } from './McpManager.js';
import type { McpServerView } from './types.js';

export type { McpServerView };

export function describeMcpServers(manager: McpManager): McpServerView[] {
  const running: McpServerView[] = manager.connections.map((connection) => ({
    name: connection.name,
    scope: connection.server.scope,
    source: connection.server.source,
    transport: connection.transportKind,
    status: connection.status,
    toolCount: connection.tools.length,
    ...(connection.sandbox ? { sandbox: connection.sandbox } : {}),
    ...(connection.problem ? { problem: connection.problem } : {}),
    stderrTail: connection.stderr.lines(10),
  }));
  const waiting: McpServerView[] = manager.awaitingTrust.map((server) => ({
    name: server.name,
    scope: server.scope,
    source: server.source,
    transport: server.config.type,
    status: 'awaiting trust',
    toolCount: 0,
    problem: 'declared in .mcp.json; starts once you trust this folder',
    stderrTail: [],
  }));
  return [...running, ...waiting];
}

/** A plain-text rendering, for headless diagnostics and a minimal /mcp. */
export function formatMcpServers(views: readonly McpServerView[]): string {
  if (views.length === 0) return 'No MCP servers configured. Add them to .mcp.json, to settings.json "mcpServers", or pass --mcp-config.';
  return views
    .map((view) => {
      const tools = view.status === 'connected' ? ` · ${view.toolCount} ${view.toolCount === 1 ? 'tool' : 'tools'}` : '';
      const sandbox = view.sandbox === undefined ? '' : view.sandbox.sandboxed ? ' · sandboxed' : ` · not sandboxed (${view.sandbox.why})`;
      const status = view.status === 'needs-auth' ? 'needs authentication' : view.status;
      const lines = [`${view.name} (${view.transport}, ${view.scope}) — ${status}${tools}${sandbox}`];
      if (view.problem && view.problem !== status) lines.push(`  ${view.problem.split('\n').join('\n  ')}`);
      return lines.join('\n');
    })
    .join('\n');
}
