/**
 * What the model gets for a file the user attached: the Read tool's result
 * as content blocks of the prompt — text under a "Contents of @path" line,
 * and images as image blocks (the picture itself, which the model can see,
 * rather than a placeholder).
 */
import type { ContentBlockParam, ToolResultBlockParam } from '../types/messages.js';

export type AttachmentRead = { readonly status: string; readonly result: ToolResultBlockParam };

export function attachmentBlocks(typed: string, read: AttachmentRead): ContentBlockParam[] {
  const status = read.status === 'success' ? '' : ` (not attached: ${read.status})`;
  const content = read.result.content;
  if (typeof content === 'string' || content === undefined) {
    return [{ type: 'text', text: `Contents of @${typed}${status}:\n${content ?? ''}` }];
  }
  const texts: string[] = [];
  const images: ContentBlockParam[] = [];
  for (const block of content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'image') images.push(block);
  }
  if (images.length > 0 && texts.length === 0) return [{ type: 'text', text: `Image @${typed}${status}:` }, ...images];
  return [{ type: 'text', text: `Contents of @${typed}${status}:\n${texts.join('\n')}` }, ...images];
}
