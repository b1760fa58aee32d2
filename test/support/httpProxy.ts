// A real HTTP proxy for tests: forwards absolute-URI requests for any host to the same
// port on 127.0.0.1 (so reserved .test names work only through it), streams replies back,
// and refuses CONNECT tunnels, recording every request line it sees.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestProxy = { readonly url: string; readonly seen: string[]; close(): Promise<void> };

/** Forwards absolute-URI requests for any host to `127.0.0.1:<same port>`; refuses CONNECT tunnels (recording them). */
export async function startProxy(): Promise<TestProxy> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const target = new URL(request.url ?? '');
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, method: request.method, headers: request.headers },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, socket) => {
    seen.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Streams (SSE) stay open otherwise, and close would wait for them.
        server.closeAllConnections();
      }),
  };
}
