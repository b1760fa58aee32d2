/**
 * The `Response` nodeHttpFetch returns: what a fetch client reads of a
 * response (status, headers, a web-stream body, text/json/arrayBuffer),
 * without Node's global `Response`, whose first use loads undici (see
 * fetchHeaders.ts). The Anthropic SDK reads status, ok, url, headers and
 * body (streamed or as text/JSON); the MCP SDK, through a proxy, reads the
 * same plus `body.pipeThrough`, which a web ReadableStream has.
 * `formData()` and `clone()` are not offered: nothing that calls
 * nodeHttpFetch uses them.
 */
import type { FetchHeaders } from './fetchHeaders.js';

export class NodeHttpResponse {
  readonly type = 'basic';
  readonly redirected = false;
  readonly ok: boolean;
  #bodyUsed = false;

  constructor(
    readonly body: ReadableStream<Uint8Array> | null,
    readonly status: number,
    readonly statusText: string,
    readonly headers: FetchHeaders,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#bodyUsed;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.#bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#bodyUsed = true;
    if (!this.body) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    const reader = this.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      chunks.push(value);
    }
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
