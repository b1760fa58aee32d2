/**
 * /mcp: the session's MCP servers — status, tool counts, and for a server
 * that failed, why and the end of its stderr. `/mcp reconnect <name>`
 * restarts one (it also forgets earlier crashes, so automatic restarts
 * resume); `/mcp disable <name>` stops one and takes its tools away from
 * the model until `/mcp enable <name>`. `/mcp login <name>` signs in to a
 * remote server that needs OAuth (the browser opens; the URL is shown too),
 * `/mcp logout <name>` forgets its credentials.
 */
import { formatMcpServers } from '../../services/mcp/mcpStatusView.js';
import { runMcpServerAction, type McpServerAction } from '../../services/mcp/serverActions.js';
import type { McpServersControl } from '../../services/mcp/types.js';
import type { CommandContext, SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

const STDERR_LINES_SHOWN = 5;

export const mcpCommand: SlashCommand = {
  name: 'mcp',
  description: 'List MCP servers and their status; reconnect, disable, enable, log in to or log out of one',
  argumentHint: '[reconnect|disable|enable|login|logout <server>]',
  async run(args, context) {
    const mcp = context.session.mcp;
    const [action, ...rest] = args.trim().split(/\s+/).filter(Boolean);
    if (action === undefined) return { type: 'text', text: describeServers(mcp) };
    const name = rest.join(' ');
    if (action === 'login' || action === 'logout') {
      if (name === '') return { type: 'text', tone: 'error', text: `Name the server: /mcp ${action} <server>.` };
      if (!mcp) return { type: 'text', tone: 'error', text: 'No MCP servers are configured.' };
      return action === 'login' ? login(mcp, name, context) : logout(mcp, name);
    }
    if (!isServerAction(action)) {
      return { type: 'text', tone: 'error', text: `Unknown /mcp action "${action}". Use /mcp, or /mcp reconnect|disable|enable|login|logout <server>.` };
    }
    return runAction(mcp, name, action);
  },
};

async function login(mcp: McpServersControl, name: string, context: CommandContext): Promise<CommandResult> {
  const outcome = await mcp.login(name, {
    onAuthorizationUrl: (url) => context.notify?.(`Opening your browser to sign in to ${name}. If it does not open, visit:\n${url}`),
  });
  if (!outcome.ok) return { type: 'text', tone: 'error', text: `Could not log in to ${name}: ${outcome.error}` };
  const view = mcp.describe().find((candidate) => candidate.name === name);
  const state = view?.status === 'connected' ? `connected, ${view.toolCount} tools` : (view?.problem ?? view?.status ?? 'unknown state');
  return { type: 'text', text: `${outcome.alreadyAuthorized ? `${name} did not ask for a login` : `Logged in to ${name}`}: ${state}.` };
}

async function logout(mcp: McpServersControl, name: string): Promise<CommandResult> {
  const outcome = await mcp.logout(name);
  if (!outcome.ok) return { type: 'text', tone: 'error', text: outcome.error };
  return { type: 'text', text: outcome.hadCredentials ? `Logged out of ${name}; its credentials are deleted.` : `${name} had no stored credentials.` };
}

function describeServers(mcp: McpServersControl | undefined): string {
  const views = mcp?.describe() ?? [];
  const withTails = views.map((view) => ({ ...view, stderrTail: view.stderrTail.slice(-STDERR_LINES_SHOWN) }));
  const lines = [formatMcpServers(withTails)];
  for (const view of withTails) {
    if (view.status !== 'failed' || view.stderrTail.length === 0) continue;
    lines.push('', `${view.name} stderr (last lines):`, ...view.stderrTail.map((line) => `  ${line}`));
  }
  if (views.some((view) => view.status === 'failed')) lines.push('', 'Restart a server with /mcp reconnect <server>.');
  for (const view of views) if (view.status === 'needs-auth') lines.push('', `Log in to ${view.name} with /mcp login ${view.name}.`);
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
