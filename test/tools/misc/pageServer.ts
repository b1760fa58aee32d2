// A local web server for WebFetch tests: each route is a handler, and every request is
// counted by path so a test can tell whether a page was fetched, and how often.
import http from 'node:http';
import type { Socket } from 'node:net';

export type PageHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export type PageServer = {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  hits(path: string): number;
  close(): Promise<void>;
};

export async function startPageServer(routes: Record<string, PageHandler>): Promise<PageServer> {
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no page at ${path}`);
      return;
    }
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('page server: no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sendPage(contentType: string, body: string | Buffer, status = 200): PageHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}

export function redirectTo(location: string, status = 302): PageHandler {
  return (_req, res) => {
    res.writeHead(status, { location }).end();
  };
}
