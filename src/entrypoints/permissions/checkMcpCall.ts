/**
 * `agentcli permissions check "mcp__server__tool({...})"`: an MCP call decided
 * as the session decides it. The tool's annotations come from the server
 * itself, so the server is started — in the OS sandbox, as a session starts
 * it — its tools listed, and the call described by the session's own
 * describeCall (a readOnlyHint is the server's claim there too).
 */
import os from 'node:os';
import type { PreparedCall } from '../../contract/tool.js';
import type { McpSandboxContext } from '../../sandbox/mcpServerSandbox.js';
import { MCP_TOOL_PREFIX, normalizeNameForMcp } from '../../services/mcp/mcpToolName.js';
import { describeCall } from '../../permissions/canUseTool.js';
import type { ToolCallSubject } from '../../permissions/engine/decisionTypes.js';

export type McpCheckOptions = {
  readonly cwd: string;
  readonly configDir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cliConfigs: readonly string[];
  readonly sandboxContext: McpSandboxContext;
};

export type McpCallExplanation = { readonly subject: ToolCallSubject; readonly notes: readonly string[] };

export async function explainMcpCall(toolName: string, input: Record<string, unknown>, options: McpCheckOptions): Promise<McpCallExplanation> {
  const [{ loadMcpConfig }, { McpManager }, { createMcpServerSandbox }, { mcpToolKit }] = await Promise.all([
    import('../../services/mcp/loadMcpConfig.js'),
    import('../../services/mcp/McpManager.js'),
    import('../../sandbox/mcpServerSandbox.js'),
    import('../../tools/MCPTool/mcpToolKit.js'),
  ]);
  const notes: string[] = [];
  const unknown: ToolCallSubject = { toolName, family: 'other', isReadOnly: false };
  const config = await loadMcpConfig({ cwd: options.cwd, configDir: options.configDir, cliConfigs: options.cliConfigs, isTrusted: true, env: options.env });
  const servers = config.servers.filter((server) => toolName.startsWith(`${MCP_TOOL_PREFIX}${normalizeNameForMcp(server.name)}__`));
  if (servers.length === 0) return { subject: unknown, notes: [`no configured MCP server provides ${toolName}; decided from its name alone`] };
  const sandbox = createMcpServerSandbox({ context: async () => options.sandboxContext, onWarning: (line) => notes.push(line) });
  const manager = McpManager.start({ servers, awaitingTrust: [] }, { cwd: options.cwd, env: options.env, sandbox, toolKit: mcpToolKit });
  try {
    await manager.whenStarted();
    for (const connection of manager.connections) {
      const sandboxed = connection.sandbox === undefined ? '' : connection.sandbox.sandboxed ? '; runs in the OS sandbox (Read-denied paths hidden, protected paths read-only)' : `; not sandboxed: ${connection.sandbox.why}`;
      notes.push(`server "${connection.name}" (${connection.transportKind}, ${connection.server.scope}): ${connection.status}${connection.problem ? ` — ${connection.problem}` : ''}${sandboxed}`);
    }
    const tool = manager.tools().find((candidate) => candidate.name === toolName);
    if (!tool) return { subject: unknown, notes: [...notes, `the server lists no tool ${toolName}; decided from its name alone`] };
    const scope = { cwd: options.cwd, home: os.homedir() };
    const call: PreparedCall = { input, scope, facts: await tool.declareFacts(input, scope) };
    const subject = describeCall(tool, call);
    if (subject.readOnlyClaimedByServer && subject.isReadOnly) notes.push(`the server annotates ${toolName} readOnlyHint: its claim, trusted only when a rule allows the tool or its server`);
    return { subject, notes };
  } finally {
    await manager.close();
  }
}
