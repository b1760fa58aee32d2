/**
 * Reconnecting, disabling and enabling one MCP server by name, for `/mcp`
 * and for the Agent SDK's reconnectMcpServer / toggleMcpServer: one place
 * decides what counts as done and words what went wrong.
 */
import type { McpServersControl, McpServerView } from './types.js';

export type McpServerAction = 'reconnect' | 'enable' | 'disable';

export type McpServerActionOutcome = { readonly ok: true; readonly view: McpServerView } | { readonly ok: false; readonly error: string };

export async function runMcpServerAction(mcp: McpServersControl | undefined, name: string, action: McpServerAction): Promise<McpServerActionOutcome> {
  const found = mcp !== undefined && (action === 'reconnect' ? await mcp.reconnect(name) : await mcp.setEnabled(name, action === 'enable'));
  if (!found) {
    const names = (mcp?.describe() ?? []).map((view) => view.name);
    return { ok: false, error: `No MCP server named "${name}".${names.length > 0 ? ` Servers: ${names.join(', ')}.` : ''}` };
  }
  const view = mcp.describe().find((candidate) => candidate.name === name);
  if (view && view.status === (action === 'disable' ? 'disabled' : 'connected')) return { ok: true, view };
  return { ok: false, error: `${name} did not come back: ${view?.problem ?? view?.status ?? 'unknown state'}` };
}
