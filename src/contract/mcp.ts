/**
 * What a tool may ask of an MCP server connection (list and read its
 * resources), in the contract so tools name no MCP client code. The MCP
 * clients (src/services/mcp/) implement it.
 */

/**
 * pending: starting; connected: tools listed; failed: could not start or died; disabled: not started on purpose;
 * needs-auth: a remote server that asks for an OAuth login (`/mcp login <name>`, `agentcli mcp login <name>`).
 */
export type McpServerStatus = 'pending' | 'connected' | 'failed' | 'disabled' | 'needs-auth';

export type McpResource = {
  readonly server: string;
  readonly uri: string;
  readonly name: string;
  readonly description?: string;
  readonly mimeType?: string;
};

export type McpResourceContent = {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  /** Base64, as the server sent it. */
  readonly blob?: string;
};

/** What tools (and the /mcp view) may ask of one server connection. */
export type McpClientHandle = {
  readonly name: string;
  readonly status: McpServerStatus;
  /** Whether the server offers resources (known once connected). */
  readonly hasResources: boolean;
  listResources(signal: AbortSignal): Promise<readonly McpResource[]>;
  readResource(uri: string, signal: AbortSignal): Promise<readonly McpResourceContent[]>;
};
