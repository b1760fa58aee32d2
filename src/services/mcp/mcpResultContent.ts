/**
 * Turns an MCP tools/call result into tool_result content for the model.
 * Text stays text; images the API accepts stay images; embedded resources
 * become their text (or an image, or a note saying what binary was left
 * out); links become a line the model can follow with ReadMcpResource.
 * Nothing the model cannot take is sent raw.
 */
import type { ImageBlockParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { sniffImageType } from '../../utils/files/fileKinds.js';

export type McpResultBlock = TextBlockParam | ImageBlockParam;

export type McpToolOutput = {
  readonly content: readonly McpResultBlock[];
  readonly isError: boolean;
  /** The server's typed result, kept for the UI; the model gets it only when there is no other content. */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
};

const API_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
type ApiImageType = (typeof API_IMAGE_TYPES)[number];

export function toMcpToolOutput(result: unknown, serverName: string): McpToolOutput {
  const record = isRecord(result) ? result : {};
  // Servers on the 2024-10 protocol answer {toolResult} instead of {content}.
  const items: unknown[] = Array.isArray(record.content)
    ? record.content
    : record.toolResult !== undefined
      ? [{ type: 'text', text: typeof record.toolResult === 'string' ? record.toolResult : JSON.stringify(record.toolResult) }]
      : [];
  const structuredContent = isRecord(record.structuredContent) ? record.structuredContent : undefined;
  // The API refuses a text block with nothing but whitespace in it: an empty item says nothing anyway.
  const content = items.map((item) => toBlock(item, serverName)).filter((block) => block.type !== 'text' || block.text.trim() !== '');
  if (content.length === 0) {
    content.push(text(structuredContent ? JSON.stringify(structuredContent, null, 2) : '(the tool returned no content)'));
  }
  return { content, isError: record.isError === true, ...(structuredContent ? { structuredContent } : {}) };
}

function toBlock(item: unknown, serverName: string): McpResultBlock {
  if (!isRecord(item)) return text(`[unreadable content item from ${serverName}]`);
  switch (item.type) {
    case 'text':
      return text(textOf(item.text));
    case 'image':
      return imageOrNote(textOf(item.data), textOf(item.mimeType), 'image');
    case 'audio':
      return text(`[audio (${textOf(item.mimeType) || 'unknown type'}, ${approximateBytes(item.data)}) not shown: audio cannot be passed to the model]`);
    case 'resource':
      return embeddedResource(isRecord(item.resource) ? item.resource : {});
    case 'resource_link':
      return text(
        `[Resource link: ${textOf(item.name ?? item.uri)} — ${textOf(item.uri)}${item.description ? ` (${textOf(item.description)})` : ''}. Read it with ReadMcpResource (server "${serverName}").]`,
      );
    default:
      return text(`[content of type ${JSON.stringify(item.type)} from ${serverName} is not supported and was left out]`);
  }
}

function embeddedResource(resource: Record<string, unknown>): McpResultBlock {
  const uri = textOf(resource.uri);
  const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : '';
  if (typeof resource.text === 'string') return text(`[Resource ${uri}${mimeType ? ` (${mimeType})` : ''}]\n${resource.text}`);
  if (typeof resource.blob === 'string') {
    if (isApiImageType(mimeType)) return imageOrNote(resource.blob, mimeType, `resource ${uri}`);
    return text(`[binary resource ${uri} (${mimeType || 'unknown type'}, ${approximateBytes(resource.blob)}) not shown]`);
  }
  return text(`[resource ${uri} had no content]`);
}

function imageOrNote(data: string, mimeType: string, what: string): McpResultBlock {
  if (!isApiImageType(mimeType)) {
    return text(`[${what} of type ${mimeType || 'unknown'} not shown: only ${API_IMAGE_TYPES.join(', ')} can be passed to the model]`);
  }
  // The API decodes every image and refuses the whole request when the bytes are not what the type
  // says — and it would be refused again on every later turn, since the result stays in the history.
  if (!BASE64.test(data) || sniffImageType(Buffer.from(data.slice(0, 64), 'base64')) !== mimeType) {
    return text(`[${what} not shown: its data is not a valid ${mimeType} image]`);
  }
  return { type: 'image', source: { type: 'base64', media_type: mimeType, data } };
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A server's field as text, whatever it sent: String() throws on an object without a prototype. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[unreadable value]';
  }
}

function isApiImageType(mimeType: string): mimeType is ApiImageType {
  return (API_IMAGE_TYPES as readonly string[]).includes(mimeType);
}

function approximateBytes(base64: unknown): string {
  const length = typeof base64 === 'string' ? Math.floor((base64.length * 3) / 4) : 0;
  return length >= 1024 ? `${Math.round(length / 1024)} KB` : `${length} bytes`;
}

function text(value: string): TextBlockParam {
  return { type: 'text', text: value };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
