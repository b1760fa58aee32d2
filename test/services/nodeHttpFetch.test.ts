// nodeHttpFetch is the fetch the model client (and MCP behind a proxy) uses:
// node:http underneath, and a response that needs neither Node's global
// Headers nor Response. Against a real local server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchHeaders } from '../../src/services/api/fetchHeaders.js';
import { nodeHttpFetch } from '../../src/services/api/nodeHttpFetch.js';

let server: http.Server;
let base: string;
const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/json') {
        res.writeHead(429, 'Too Many', { 'content-type': 'application/json', 'retry-after': '3', 'Set-Cookie': ['a=1', 'b=2'] });
        res.end(JSON.stringify({ error: { type: 'rate_limit_error' } }));
      } else if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
      } else if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        setTimeout(() => res.end('data: two\n\n'), 20);
      } else if (req.url === '/hang') {
        res.writeHead(200);
        res.write('partial');
      } else {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('héllo ✓');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('nodeHttpFetch', () => {
  it('sends the method, headers (from a FetchHeaders, a record or pairs) and a string body with its byte length', async () => {
    await nodeHttpFetch(`${base}/text`, { method: 'POST', headers: new FetchHeaders({ 'X-Api-Key': 'k', Accept: 'application/json' }), body: '{"é":1}' });
    await nodeHttpFetch(`${base}/text`, { method: 'POST', headers: { 'anthropic-version': 'v' }, body: new TextEncoder().encode('xy') });
    await nodeHttpFetch(new URL(`${base}/text`), { headers: [['a', '1'], ['a', '2']] });
    const [first, second, third] = seen.slice(-3);
    expect(first).toMatchObject({ method: 'POST', url: '/text', body: '{"é":1}' });
    expect(first!.headers).toMatchObject({ 'x-api-key': 'k', accept: 'application/json', 'content-length': '8' });
    expect(second!.headers).toMatchObject({ 'anthropic-version': 'v', 'content-length': '2' });
    expect(second!.body).toBe('xy');
    expect(third).toMatchObject({ method: 'GET', headers: { a: '1, 2' } });
  });

  it('gives status, ok, statusText, url and headers (set-cookie apart) as fetch does, and a JSON body', async () => {
    const response = await nodeHttpFetch(`${base}/json`);
    expect({ status: response.status, ok: response.ok, statusText: response.statusText, url: response.url }).toEqual({
      status: 429,
      ok: false,
      statusText: 'Too Many',
      url: `${base}/json`,
    });
    expect(response.headers.get('Retry-After')).toBe('3');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ error: { type: 'rate_limit_error' } });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('decodes a UTF-8 text body, and reads an arrayBuffer', async () => {
    expect(await (await nodeHttpFetch(`${base}/text`)).text()).toBe('héllo ✓');
    const bytes = new Uint8Array(await (await nodeHttpFetch(`${base}/text`)).arrayBuffer());
    expect(Buffer.from(bytes).toString('utf8')).toBe('héllo ✓');
  });

  it('has no body for a 204', async () => {
    const response = await nodeHttpFetch(`${base}/empty`);
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('streams the body as a web ReadableStream, chunk by chunk as it arrives', async () => {
    const response = await nodeHttpFetch(`${base}/stream`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('data: one\n\n');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString();
    expect(rest).toBe('data: two\n\n');
  });

  it('rejects with an AbortError when aborted, before or after the headers', async () => {
    await expect(nodeHttpFetch(`${base}/text`, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    const controller = new AbortController();
    const response = await nodeHttpFetch(`${base}/hang`, { signal: controller.signal });
    const reading = response.text();
    controller.abort();
    await expect(reading).rejects.toThrow();
  });

  it('reports a refused connection as fetch does: TypeError "fetch failed" with the cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(nodeHttpFetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });
});
