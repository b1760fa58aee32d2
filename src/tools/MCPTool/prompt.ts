/**
 * Model-facing text for MCP tools. Each server tool's description is the
 * server's own; these only frame or bound it.
 */

/** Stands in until a server tool replaces it; never sent for a real tool. */
export const MCP_TOOL_TEMPLATE_PROMPT = 'A tool provided by an MCP server. Its description and parameters come from the server.';

/**
 * Some servers ship descriptions of many kilobytes; every request repeats
 * them, so they are cut here.
 */
export const MAX_MCP_DESCRIPTION_CHARS = 4_096;

export function mcpToolPrompt(serverDescription: string | undefined): string {
  const description = (serverDescription ?? '').trim();
  if (description === '') return 'A tool provided by an MCP server (the server gave no description).';
  if (description.length <= MAX_MCP_DESCRIPTION_CHARS) return description;
  return `${description.slice(0, MAX_MCP_DESCRIPTION_CHARS)}… [description cut to ${MAX_MCP_DESCRIPTION_CHARS} characters]`;
}
