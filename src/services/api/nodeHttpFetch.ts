/**
 * A `fetch` for the SDK over node:http/https. Node's global fetch (undici)
 * compiles its HTTP parser and stream machinery on first use, which costs
 * tens of milliseconds before the first request; node:http's parser is
 * native and already loaded. For the same reason neither the request's
 * nor the response's headers touch the global `Headers`/`Response`
 * (fetchHeaders.ts, nodeHttpResponse.ts). HTTPS_PROXY and friends are
 * honoured (utils/net/proxyAgent.ts).
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { proxyAgentFor } from '../../utils/net/proxyAgent.js';
import { FetchHeaders, type FetchHeadersInit } from './fetchHeaders.js';
import { NodeHttpResponse } from './nodeHttpResponse.js';

type FetchInit = {
  method?: string;
  headers?: FetchHeadersInit;
  body?: unknown;
  signal?: AbortSignal | null;
};

export async function nodeHttpFetch(input: string | URL | Request, init: FetchInit = {}): Promise<NodeHttpResponse> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const [{ request }, agent] = await Promise.all([
    url.protocol === 'https:' ? import('node:https') : import('node:http'),
    proxyAgentFor(url),
  ]);
  const headers: Record<string, string> = {};
  for (const [name, value] of new FetchHeaders(init.headers)) headers[name] = value;
  const body = await bodyOf(init.body);
  if (body !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);

  return new Promise<NodeHttpResponse>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const req = request(url, { method: init.method ?? 'GET', headers, signal, ...(agent ? { agent } : {}) }, (res: IncomingMessage) => {
      const responseHeaders = new FetchHeaders();
      for (const [key, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, item);
      }
      const status = res.statusCode ?? 0;
      const noBody = status === 204 || status === 304 || init.method === 'HEAD';
      // A dropped connection after the headers must surface as a stream error, as with fetch.
      res.on('aborted', () => res.destroy(new Error('terminated')));
      const body = noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      resolve(new NodeHttpResponse(body, status, res.statusMessage ?? '', responseHeaders, url.href));
    });
    req.on('error', (error) => reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error })));
    req.end(body);
  });
}

/** A string body is written as it is: copying a large request into a Buffer first costs as much again as sending it. */
async function bodyOf(body: unknown): Promise<string | Uint8Array | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer());
}

function abortError(signal: AbortSignal): Error {
  const error = new Error('This operation was aborted');
  error.name = 'AbortError';
  if (signal.reason !== undefined) Object.assign(error, { cause: signal.reason });
  return error;
}

/**
 * nodeHttpFetch with the global fetch's type, for the clients that take a
 * fetch (the Anthropic SDK; the MCP SDK behind a proxy). Its response has
 * every member those clients read but not all of Response's (no clone,
 * formData or blob), hence this one assertion; the e2e and proxy tests run
 * both clients through it.
 */
export const nodeHttpFetchAsFetch = nodeHttpFetch as unknown as typeof fetch;
