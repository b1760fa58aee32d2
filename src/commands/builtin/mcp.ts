/**
 * /mcp: the session's MCP servers — status, tool counts, and for a server
 * that failed, why and the end of its stderr. `/mcp reconnect <name>`
 * restarts one (it also forgets earlier crashes, so automatic restarts
 * resume); `/mcp disable <name>` stops one and takes its tools away from
 * the model until `/mcp enable <name>`.
 */
import { formatMcpServers } from '../../services/mcp/mcpStatusView.js';
import { runMcpServerAction, type McpServerAction } from '../../services/mcp/serverActions.js';
import type { McpServersControl } from '../../services/mcp/types.js';
import type { CommandResult, SlashCommand } from '../types.js';

const STDERR_LINES_SHOWN = 5;

export const mcpCommand: SlashCommand = {
  name: 'mcp',
  description: 'List MCP servers and their status; reconnect, disable or enable one',
  argumentHint: '[reconnect|disable|enable <server>]',
  async run(args, context) {
    const mcp = context.session.mcp;
    const [action, ...rest] = args.trim().split(/\s+/).filter(Boolean);
    if (action === undefined) return { type: 'text', text: describeServers(mcp) };
    if (!isServerAction(action)) {
      return { type: 'text', tone: 'error', text: `Unknown /mcp action "${action}". Use /mcp, or /mcp reconnect|disable|enable <server>.` };
    }
    return runAction(mcp, rest.join(' '), action);
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

function isServerAction(action: string): action is McpServerAction {
  return action === 'reconnect' || action === 'disable' || action === 'enable';
}

const DONE: Record<McpServerAction, string> = { reconnect: 'Reconnected', enable: 'Enabled', disable: 'Disabled' };

async function runAction(mcp: McpServersControl | undefined, name: string, action: McpServerAction): Promise<CommandResult> {
  if (name === '') return { type: 'text', tone: 'error', text: `Name the server: /mcp ${action} <server>.` };
  const outcome = await runMcpServerAction(mcp, name, action);
  if (!outcome.ok) return { type: 'text', tone: 'error', text: outcome.error };
  const tools = action === 'disable' ? 'its tools are no longer offered to the model' : `${outcome.view.toolCount} tools`;
  return { type: 'text', text: `${DONE[action]} ${name}: ${tools}.` };
}
