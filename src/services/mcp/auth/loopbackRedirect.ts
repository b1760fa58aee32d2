/**
 * The loopback end of an OAuth redirect (RFC 8252 §7.3): a tiny HTTP server
 * on 127.0.0.1 that waits for the authorization server to send the browser
 * back with `?code=…&state=…`. Only a request carrying this login's `state`
 * counts; anything else on the port (another tab, a curious local process)
 * gets an error page and the wait goes on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackRedirect = {
  readonly redirectUrl: string;
  readonly port: number;
  /** The authorization code, or a rejection with the authorization server's error. */
  readonly code: Promise<string>;
  close(): Promise<void>;
};

const CALLBACK_PATH = '/callback';

export async function listenForRedirect(options: { readonly port: number; readonly state: string; readonly serverName: string }): Promise<LoopbackRedirect> {
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  code.catch(() => undefined);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== CALLBACK_PATH) return page(response, 404, 'Not found.');
    if (url.searchParams.get('state') !== options.state) {
      return page(response, 400, 'This sign-in link does not belong to the login agentcli is waiting for.');
    }
    const error = url.searchParams.get('error');
    if (error !== null) {
      const description = url.searchParams.get('error_description');
      page(response, 400, `Sign-in to ${options.serverName} failed: ${error}${description ? ` (${description})` : ''}. You can close this tab.`);
      settle.reject(new Error(`the authorization server refused: ${error}${description ? ` (${description})` : ''}`));
      return;
    }
    const received = url.searchParams.get('code');
    if (!received) return page(response, 400, 'The authorization server sent no code.');
    page(response, 200, `agentcli is signed in to ${options.serverName}. You can close this tab.`);
    settle.resolve(received);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    port,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function page(response: http.ServerResponse, status: number, text: string): void {
  const escaped = text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
  response.end(`<!doctype html><meta charset="utf-8"><title>agentcli</title><p>${escaped}</p>\n`);
}
