/**
 * MCP tool names as the model and permission rules see them:
 * `mcp__<server>__<tool>`. The API accepts only `[A-Za-z0-9_-]{1,64}` for
 * tool names, so anything else becomes `_` and long names are cut.
 */
export const MCP_TOOL_PREFIX = 'mcp__';
const MAX_API_TOOL_NAME_LENGTH = 64;

export function normalizeNameForMcp(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

export function buildMcpToolName(serverName: string, toolName: string): string {
  const full = `${MCP_TOOL_PREFIX}${normalizeNameForMcp(serverName)}__${normalizeNameForMcp(toolName)}`;
  return full.slice(0, MAX_API_TOOL_NAME_LENGTH);
}
