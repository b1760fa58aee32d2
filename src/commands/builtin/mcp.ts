/**
 * /mcp: the session's MCP servers — status, tool counts, and for a server
 * that failed, why and the end of its stderr. `/mcp reconnect <name>`
 * restarts one (it also forgets earlier crashes, so automatic restarts
 * resume).
 */
import { formatMcpServers } from '../../services/mcp/mcpStatusView.js';
import type { McpServersControl } from '../../services/mcp/types.js';
import type { CommandResult, SlashCommand } from '../types.js';

const STDERR_LINES_SHOWN = 5;

export const mcpCommand: SlashCommand = {
  name: 'mcp',
  description: 'List MCP servers and their status, or reconnect one',
  argumentHint: '[reconnect <server>]',
  async run(args, context) {
    const mcp = context.session.mcp;
    const [action, ...rest] = args.trim().split(/\s+/).filter(Boolean);
    if (action === undefined) return { type: 'text', text: describeServers(mcp) };
    if (action !== 'reconnect') {
      return { type: 'text', tone: 'error', text: `Unknown /mcp action "${action}". Use /mcp, or /mcp reconnect <server>.` };
    }
    return reconnect(mcp, rest.join(' '));
  },
};

function describeServers(mcp: McpServersControl | undefined): string {
  const views = mcp?.describe() ?? [];
  const withTails = views.map((view) => ({ ...view, stderrTail: view.stderrTail.slice(-STDERR_LINES_SHOWN) }));
  const lines = [formatMcpServers(withTails)];
  for (const view of withTails) {
    if (view.status !== 'failed' || view.stderrTail.length === 0) continue;
    lines.push('', `${view.name} stderr (last lines):`, ...view.stderrTail.map((line) => `  ${line}`));
  }
  if (views.some((view) => view.status === 'failed')) lines.push('', 'Restart a server with /mcp reconnect <server>.');
  return lines.join('\n');
}

async function reconnect(mcp: McpServersControl | undefined, name: string): Promise<CommandResult> {
  if (name === '') return { type: 'text', tone: 'error', text: 'Name the server: /mcp reconnect <server>.' };
  if (!mcp || !(await mcp.reconnect(name))) {
    const names = (mcp?.describe() ?? []).map((view) => view.name);
    return {
      type: 'text',
      tone: 'error',
      text: `No MCP server named "${name}".${names.length > 0 ? ` Servers: ${names.join(', ')}.` : ''}`,
    };
  }
  const view = mcp.describe().find((candidate) => candidate.name === name);
  if (view?.status === 'connected') return { type: 'text', text: `Reconnected ${name}: ${view.toolCount} tools.` };
  return { type: 'text', tone: 'error', text: `${name} did not come back: ${view?.problem ?? view?.status ?? 'unknown state'}` };
}
