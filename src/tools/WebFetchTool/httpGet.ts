/**
 * One GET over node:http / node:https, with the body read as a stream and
 * cut at a byte limit. node:http rather than global fetch: it is already
 * loaded, costs nothing at start-up, and lets us stop reading (and
 * decompressing) the moment the limit is reached, so a huge or endless
 * body, or a compression bomb, never sits in memory.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { proxyAgentFor } from '../../utils/net/proxyAgent.js';
import { VERSION } from '../../version.js';

export type ResponseHead = {
  readonly status: number;
  readonly statusText: string;
  readonly headers: IncomingHttpHeaders;
};

export type OpenResponse = ResponseHead & {
  /** Reads the (decompressed) body, at most `maxBytes` of it. */
  readBody(maxBytes: number): Promise<{ readonly body: Buffer; readonly truncated: boolean }>;
  /** Drops the connection without reading the body (redirects, binary content). */
  discard(): void;
};

const REQUEST_HEADERS = {
  'user-agent': `agentcli/${VERSION} (WebFetch)`,
  accept: 'text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
} as const;

export async function openGet(url: URL, signal: AbortSignal): Promise<OpenResponse> {
  const [transport, agent] = await Promise.all([
    url.protocol === 'https:' ? import('node:https') : import('node:http'),
    proxyAgentFor(url),
  ]);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = transport.get(url, { headers: REQUEST_HEADERS, signal, ...(agent ? { agent } : {}) }, resolve);
    request.on('error', reject);
  });
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    headers: response.headers,
    readBody: (maxBytes) => readBodyCapped(response, maxBytes, signal),
    discard: () => response.destroy(),
  };
}

async function readBodyCapped(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ body: Buffer; truncated: boolean }> {
  const decoded = await decodedStream(response);
  const onAbort = (): void => {
    decoded.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  try {
    for await (const chunk of decoded) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      const room = maxBytes - total;
      if (buffer.length >= room) {
        chunks.push(buffer.subarray(0, room));
        total += room;
        // Exactly at the limit with nothing after it is not a truncation; we cannot know without
        // reading on, so any body that reaches the limit counts as cut.
        truncated = true;
        break;
      }
      chunks.push(buffer);
      total += buffer.length;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    response.destroy();
    if (decoded !== response) decoded.destroy();
  }
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
  return { body: Buffer.concat(chunks, total), truncated };
}

/** The body with its Content-Encoding undone; zlib is loaded only when a response is compressed. */
async function decodedStream(response: IncomingMessage): Promise<Readable> {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return response;
  const zlib = await import('node:zlib');
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  // pipeline forwards a failing socket to the decoder, so the reader sees the error.
  pipeline(response, decoder, () => undefined);
  return decoder;
}
