/**
 * stdin in the Agent SDK's stream-json: one JSON message per line, for the
 * whole session. Control messages go to the control channel the moment they
 * arrive (an interrupt must not wait behind a running turn); user messages
 * are queued as turns. A line that is not a message we understand is
 * reported in one stderr line and skipped — one bad line never ends a
 * session the client is still driving.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { ContentBlockParam } from '../../types/messages.js';
import { isRecord, type ControlChannel } from './controlChannel.js';

/** A user message from the client: its content, and the uuid it may carry for the result's echo. */
export type SdkUserMessage = {
  readonly content: string | ContentBlockParam[];
  readonly uuid?: string;
};

export type SdkInputHandlers = {
  readonly channel: ControlChannel;
  readonly onUserMessage: (message: SdkUserMessage) => void;
  readonly onProblem: (message: string) => void;
  /** stdin closed: no more messages or answers will come. */
  readonly onEnd: () => void;
};

/** Reads until stdin closes; every line is dispatched as it arrives. */
export function readSdkInput(stdin: Readable, handlers: SdkInputHandlers): void {
  let lineNumber = 0;
  const lines = createInterface({ input: stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    lineNumber++;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      handlers.onProblem(`stdin line ${lineNumber} is not valid JSON; ignored (one JSON message per line expected)`);
      return;
    }
    if (!isRecord(parsed) || typeof parsed.type !== 'string') {
      handlers.onProblem(`stdin line ${lineNumber} is not a message (no "type"); ignored`);
      return;
    }
    if (handlers.channel.receive(parsed)) return;
    if (parsed.type === 'user') {
      const message = userMessageOf(parsed);
      if (typeof message === 'string') handlers.onProblem(`stdin line ${lineNumber}: ${message}; ignored`);
      else handlers.onUserMessage(message);
      return;
    }
    // Liveness pings carry nothing for us.
    if (parsed.type === 'keep_alive') return;
    handlers.onProblem(`stdin line ${lineNumber}: unknown message type "${parsed.type}"; ignored`);
  });
  lines.on('close', () => handlers.onEnd());
}

/** The user message's content, or why it is not one. Text and image blocks are kept as blocks. */
export function userMessageOf(line: Readonly<Record<string, unknown>>): SdkUserMessage | string {
  const message = line.message;
  if (!isRecord(message)) return 'a user message without "message"';
  const uuid = typeof line.uuid === 'string' ? { uuid: line.uuid } : {};
  const content = message.content;
  if (typeof content === 'string') return content.trim() === '' ? 'an empty user message' : { content, ...uuid };
  if (!Array.isArray(content)) return 'a user message whose content is neither text nor a list of blocks';
  const blocks: ContentBlockParam[] = [];
  for (const block of content) {
    const parsed = contentBlockOf(block);
    if (typeof parsed === 'string') return parsed;
    blocks.push(parsed);
  }
  if (blocks.length === 0) return 'an empty user message';
  return { content: blocks, ...uuid };
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type ImageMediaType = (typeof IMAGE_TYPES)[number];

function isImageMediaType(value: unknown): value is ImageMediaType {
  return typeof value === 'string' && (IMAGE_TYPES as readonly string[]).includes(value);
}

function contentBlockOf(block: unknown): ContentBlockParam | string {
  if (!isRecord(block)) return 'a content block that is not an object';
  if (block.type === 'text') {
    return typeof block.text === 'string' ? { type: 'text', text: block.text } : 'a text block without text';
  }
  if (block.type === 'image') {
    const source = block.source;
    if (!isRecord(source)) return 'an image block without a source';
    if (source.type === 'base64' && typeof source.data === 'string' && isImageMediaType(source.media_type)) {
      return { type: 'image', source: { type: 'base64', media_type: source.media_type, data: source.data } };
    }
    if (source.type === 'url' && typeof source.url === 'string') return { type: 'image', source: { type: 'url', url: source.url } };
    return 'an image block whose source is neither base64 (png, jpeg, gif, webp) nor a url';
  }
  return `a content block of type "${String(block.type)}" (only text and image blocks are accepted)`;
}
