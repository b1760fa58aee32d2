/**
 * A tool_result block as MCP tool-call content: text stays text, images
 * become MCP images; anything else is described in a line of text.
 */
import type { ToolResultBlockParam } from '../../types/messages.js';

export type McpContent = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

export function toolResultContent(result: ToolResultBlockParam): McpContent[] {
  const content = result.content;
  if (content === undefined) return [{ type: 'text', text: '' }];
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((block): McpContent => {
    if (block.type === 'text') return { type: 'text', text: block.text };
    if (block.type === 'image' && block.source.type === 'base64') return { type: 'image', data: block.source.data, mimeType: block.source.media_type };
    return { type: 'text', text: `[${block.type} content not shown]` };
  });
}
