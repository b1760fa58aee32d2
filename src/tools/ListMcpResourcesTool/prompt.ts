/** Model-facing text for ListMcpResources. */
export const LIST_MCP_RESOURCES_TOOL_NAME = 'ListMcpResources';

export function listMcpResourcesPrompt(): string {
  return [
    'Lists the resources that connected MCP servers offer: documents, records, files and other data a server can hand over by URI.',
    'Give "server" to list one server\'s resources; leave it out to list every server\'s.',
    'Each entry has the server name and the URI to pass to ReadMcpResource.',
  ].join('\n');
}
