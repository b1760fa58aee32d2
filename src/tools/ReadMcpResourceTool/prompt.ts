/** Model-facing text for ReadMcpResource. */
export const READ_MCP_RESOURCE_TOOL_NAME = 'ReadMcpResource';

export function readMcpResourcePrompt(): string {
  return [
    'Reads one resource from a connected MCP server, by the server name and the resource URI (as ListMcpResources or a tool result gave them).',
    'Text comes back as text and images as images. Other binary content is saved to a file in the session folder and its path is returned, so you can inspect it with other tools.',
  ].join('\n');
}
