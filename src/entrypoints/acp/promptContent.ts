/**
 * An ACP prompt as the model's user message: text as text, images as image
 * blocks, an embedded resource (a file or selection the editor attached) as
 * text wrapped with where it came from, and a resource link as a mention of
 * it the model can Read.
 */
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { ContentBlockParam } from '../../types/messages.js';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type ImageMediaType = (typeof IMAGE_TYPES)[number];

function imageMediaType(mimeType: string | null | undefined): ImageMediaType | undefined {
  const normal = mimeType?.toLowerCase() === 'image/jpg' ? 'image/jpeg' : mimeType?.toLowerCase();
  return IMAGE_TYPES.find((type) => type === normal);
}

/** A `file://` URI as a path; any other URI as it is. */
export function uriToPath(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

export function promptContent(blocks: readonly ContentBlock[]): ContentBlockParam[] {
  const content: ContentBlockParam[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        content.push({ type: 'text', text: block.text });
        break;
      case 'image': {
        const mediaType = imageMediaType(block.mimeType);
        if (mediaType) content.push({ type: 'image', source: { type: 'base64', media_type: mediaType, data: block.data } });
        else content.push({ type: 'text', text: `[an image of type ${block.mimeType} was attached; only PNG, JPEG, GIF and WebP images can be sent to the model]` });
        break;
      }
      case 'resource': {
        const resource = block.resource;
        if ('text' in resource) {
          content.push({ type: 'text', text: `<context ref="${uriToPath(resource.uri)}">\n${resource.text}\n</context>` });
        } else {
          const mediaType = imageMediaType(resource.mimeType);
          if (mediaType) content.push({ type: 'image', source: { type: 'base64', media_type: mediaType, data: resource.blob } });
          else content.push({ type: 'text', text: `[binary content attached from ${uriToPath(resource.uri)} (${resource.mimeType ?? 'unknown type'}) was left out]` });
        }
        break;
      }
      case 'resource_link':
        content.push({ type: 'text', text: `@${uriToPath(block.uri)}` });
        break;
      case 'audio':
        content.push({ type: 'text', text: '[an audio clip was attached; audio cannot be sent to the model]' });
        break;
    }
  }
  return content;
}
