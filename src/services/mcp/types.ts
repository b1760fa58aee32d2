/** What the engine knows about a connected MCP server; the MCP service owns the details. */
export type McpServerStatus = 'pending' | 'connected' | 'failed' | 'disabled';

export type McpClientHandle = {
  readonly name: string;
  readonly status: McpServerStatus;
};
