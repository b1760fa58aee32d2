/**
 * ListMcpResources: what resources the connected MCP servers offer. It joins
 * the pool only once a server advertises resources, and reads the servers
 * from ToolUseContext.mcpClients, so it stays a static singleton.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { McpClientHandle, McpResource } from '../../contract/mcp.js';
import { errorMessageOf } from '../../utils/errors.js';
import { LIST_MCP_RESOURCES_TOOL_NAME, listMcpResourcesPrompt } from './prompt.js';

export type ListMcpResourcesInput = { readonly server?: string };
export type ListMcpResourcesOutput = {
  readonly resources: readonly McpResource[];
  /** Servers that could not be asked, with the reason. */
  readonly failures: readonly { readonly server: string; readonly error: string }[];
};

export const ListMcpResourcesTool = buildTool<ListMcpResourcesInput, ListMcpResourcesOutput>({
  name: LIST_MCP_RESOURCES_TOOL_NAME,
  searchHint: 'mcp server resources documents list uri',
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({ server: z.string().min(1).optional().describe('Only this server (default: every connected server)') }),
  description: (input) => (input?.server ? `List resources of ${input.server}` : 'List MCP resources'),
  prompt: listMcpResourcesPrompt,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async validateInput(input, context) {
    if (input.server === undefined || context.mcpClients.some((client) => client.name === input.server)) return { result: true };
    return { result: false, message: unknownServerMessage(input.server, context.mcpClients) };
  },
  async call(input, context) {
    const clients = context.mcpClients.filter(
      (client) => (input.server === undefined || client.name === input.server) && (client.hasResources || input.server !== undefined),
    );
    const settled = await Promise.allSettled(clients.map((client) => client.listResources(context.abortSignal)));
    const resources: McpResource[] = [];
    const failures: { server: string; error: string }[] = [];
    settled.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') resources.push(...outcome.value);
      else failures.push({ server: clients[index]!.name, error: errorMessageOf(outcome.reason) });
    });
    return { data: { resources, failures } };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    const lines: string[] = [];
    if (output.resources.length === 0) {
      lines.push('No resources found. (A server may offer tools without offering resources.)');
    } else {
      lines.push(JSON.stringify(output.resources, null, 1));
    }
    for (const failure of output.failures) lines.push(`Could not list resources of "${failure.server}": ${failure.error}`);
    return { type: 'tool_result', tool_use_id: toolUseId, content: lines.join('\n') };
  },
  ui: () => import('./UI.js'),
});

export function unknownServerMessage(server: string, clients: readonly McpClientHandle[]): string {
  const names = clients.map((client) => `"${client.name}"`);
  return `There is no MCP server named "${server}". ${names.length > 0 ? `Connected servers: ${names.join(', ')}.` : 'No MCP servers are connected.'}`;
}
