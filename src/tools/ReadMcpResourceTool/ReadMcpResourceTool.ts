/**
 * ReadMcpResource: one resource from one MCP server. Text is returned as
 * text, images as images; other binary content is written to the session's
 * tool-results folder, because base64 in the context helps nobody.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageBlockParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import { buildTool, toolResultsDir } from '../../contract/tool.js';
import { unknownServerMessage } from '../ListMcpResourcesTool/ListMcpResourcesTool.js';
import { READ_MCP_RESOURCE_TOOL_NAME, readMcpResourcePrompt } from './prompt.js';

export type ReadMcpResourceInput = { readonly server: string; readonly uri: string };

export type ReadResourcePart =
  | { readonly kind: 'text'; readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly kind: 'image'; readonly uri: string; readonly mimeType: ImageMediaType; readonly base64: string }
  | { readonly kind: 'saved'; readonly uri: string; readonly mimeType?: string; readonly file: string; readonly bytes: number };

export type ReadMcpResourceOutput = { readonly server: string; readonly uri: string; readonly parts: readonly ReadResourcePart[] };

const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

export const ReadMcpResourceTool = buildTool<ReadMcpResourceInput, ReadMcpResourceOutput>({
  name: READ_MCP_RESOURCE_TOOL_NAME,
  searchHint: 'mcp server resource read uri document',
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({
      server: z.string().min(1).describe('The MCP server that offers the resource'),
      uri: z.string().min(1).describe('The resource URI'),
    }),
  description: (input) => `Read ${input?.uri ?? 'a resource'} from ${input?.server ?? 'an MCP server'}`,
  prompt: readMcpResourcePrompt,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async validateInput(input, context) {
    if (context.mcpClients.some((client) => client.name === input.server)) return { result: true };
    return { result: false, message: unknownServerMessage(input.server, context.mcpClients) };
  },
  async call(input, context) {
    const client = context.mcpClients.find((candidate) => candidate.name === input.server);
    if (!client) throw new Error(unknownServerMessage(input.server, context.mcpClients));
    const contents = await client.readResource(input.uri, context.abortSignal);
    const parts: ReadResourcePart[] = [];
    for (const [index, content] of contents.entries()) {
      const mimeType = content.mimeType;
      if (content.text !== undefined) {
        parts.push({ kind: 'text', uri: content.uri, ...(mimeType ? { mimeType } : {}), text: content.text });
      } else if (content.blob !== undefined && isImageMediaType(mimeType)) {
        parts.push({ kind: 'image', uri: content.uri, mimeType, base64: content.blob });
      } else if (content.blob !== undefined) {
        const bytes = Buffer.from(content.blob, 'base64');
        const file = path.join(toolResultsDir(context.session), `${safeName(context.toolUseId)}-${index}${extensionFor(content.uri)}`);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, bytes);
        parts.push({ kind: 'saved', uri: content.uri, ...(mimeType ? { mimeType } : {}), file, bytes: bytes.length });
      }
    }
    return { data: { server: input.server, uri: input.uri, parts } };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    const content: (TextBlockParam | ImageBlockParam)[] = output.parts.map((part) => {
      switch (part.kind) {
        case 'text':
          return { type: 'text', text: `[${part.uri}${part.mimeType ? ` (${part.mimeType})` : ''}]\n${part.text}` };
        case 'image':
          return { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.base64 } };
        case 'saved':
          return {
            type: 'text',
            text: `[${part.uri} is binary (${part.mimeType ?? 'unknown type'}, ${part.bytes} bytes); saved to ${part.file}]`,
          };
      }
    });
    if (content.length === 0) content.push({ type: 'text', text: `The resource ${output.uri} has no content.` });
    return { type: 'tool_result', tool_use_id: toolUseId, content };
  },
  ui: () => import('./UI.js'),
});

function isImageMediaType(mimeType: string | undefined): mimeType is ImageMediaType {
  return mimeType !== undefined && (IMAGE_MEDIA_TYPES as readonly string[]).includes(mimeType);
}

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'resource';
}

/** Keeps a short, safe extension from the URI so the saved file opens with the right program. */
function extensionFor(uri: string): string {
  const match = /\.([A-Za-z0-9]{1,8})(?:[?#].*)?$/.exec(uri);
  return match ? `.${match[1]}` : '.bin';
}
