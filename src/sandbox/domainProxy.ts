/**
 * The filtering proxy behind `sandbox.network.allowedDomains`: an HTTP
 * proxy (CONNECT tunnels for https, absolute-URI requests for http) that
 * reaches only the allowed hosts and answers 403 for the rest.
 *
 * It listens on a Unix socket, not a TCP port: a sandboxed command has no
 * network namespace of its own but loopback, so the socket file is bound
 * into the sandbox and a small bridge there (sandboxNetBridge.ts) turns
 * 127.0.0.1:<port> into it. Nothing else leaves the sandbox: a program that
 * ignores HTTPS_PROXY has no route out at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { registerCleanup } from '../utils/cleanup.js';
import { isHostAllowed } from './allowedDomains.js';

export type DomainProxy = { readonly socketPath: string; close(): Promise<void> };

export const BLOCKED_MESSAGE = 'blocked by the agentcli sandbox: the domain is not in sandbox.network.allowedDomains';

export { isHostAllowed };

export async function startDomainProxy(allowedDomains: readonly string[]): Promise<DomainProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentcli-net-'));
  const socketPath = path.join(dir, 'proxy.sock');
  const refuse = (socket: net.Socket, host: string): void => {
    socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${host}: ${BLOCKED_MESSAGE}\n`);
  };
  const server = http.createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('agentcli sandbox proxy: absolute URLs only\n');
      return;
    }
    if (target.protocol !== 'http:' || !isHostAllowed(target.hostname, allowedDomains)) {
      response.writeHead(403, { 'Content-Type': 'text/plain' }).end(`${target.hostname}: ${BLOCKED_MESSAGE}\n`);
      return;
    }
    const upstream = http.request(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, socket: net.Socket, head) => {
    const [host = '', portText = '443'] = (request.url ?? '').split(/:(?=\d+$)/);
    if (!isHostAllowed(host, allowedDomains)) return refuse(socket, host);
    const upstream = net.connect(Number(portText), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  server.unref();
  const close = async (): Promise<void> => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    rmSync(dir, { recursive: true, force: true });
  };
  registerCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return { socketPath, close };
}

const proxies = new Map<string, Promise<DomainProxy>>();

/** One proxy per list of domains per process, started on first use. */
export function domainProxyFor(allowedDomains: readonly string[]): Promise<DomainProxy> {
  const key = [...allowedDomains].sort().join(',');
  let proxy = proxies.get(key);
  if (!proxy) {
    proxy = startDomainProxy(allowedDomains);
    proxies.set(key, proxy);
    proxy.catch(() => proxies.delete(key));
  }
  return proxy;
}
