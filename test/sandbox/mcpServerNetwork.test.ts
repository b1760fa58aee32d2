// A stdio MCP server's network under sandbox.network.allowedDomains (issue 24): it goes through the same
// filtering proxy as the shell — its own network namespace holds only loopback, HTTP(S)_PROXY points at the
// bridge to the proxy — so an allowed host answers, any other is refused, and a program that ignores the
// proxy has no way out. Judged against a real local HTTP server, with the command the MCP client would start.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRuleSet } from '../../src/permissions/rules/ruleSet.js';
import { probeSandbox } from '../../src/sandbox/bwrapAvailability.js';
import { createMcpServerSandbox, mcpServerPolicy, type StdioLaunch } from '../../src/sandbox/mcpServerSandbox.js';
import { mergeSandboxSettings, type SandboxSettingsFragment } from '../../src/sandbox/sandboxSettings.js';

const availability = await probeSandbox();

// What a proxy-aware client does: absolute-URI requests to the proxy named by HTTP_PROXY; then a direct
// connection that ignores it. One JSON line on stdout, like a server's first message.
const PROBE = `
const http = require('node:http');
const net = require('node:net');
const [allowedUrl, otherUrl] = process.argv.slice(2);
const proxy = process.env.HTTP_PROXY ? new URL(process.env.HTTP_PROXY) : undefined;
function viaProxy(url) {
  return new Promise((resolve) => {
    if (!proxy) return resolve('no proxy');
    const target = new URL(url);
    const request = http.request({ host: proxy.hostname, port: proxy.port, path: url, headers: { host: target.host } }, (response) => {
      let body = ''; response.on('data', (c) => (body += c)); response.on('end', () => resolve(response.statusCode + ' ' + body.trim()));
    });
    request.on('error', (error) => resolve('error ' + error.code));
    request.end();
  });
}
function direct(url) {
  return new Promise((resolve) => {
    const target = new URL(url);
    const socket = net.connect(Number(target.port), target.hostname, () => { socket.destroy(); resolve('connected'); });
    socket.on('error', (error) => resolve('error ' + error.code));
    socket.setTimeout(3000, () => { socket.destroy(); resolve('timeout'); });
  });
}
(async () => {
  const result = { proxy: process.env.HTTP_PROXY ?? null, allowed: await viaProxy(allowedUrl), other: await viaProxy(otherUrl), direct: await direct(allowedUrl) };
  process.stdout.write(JSON.stringify(result) + '\\n');
})();
`;

let base: string;
let repo: string;
let server: Server;
let port: number;
beforeAll(async () => {
  base = realpathSync(mkdtempSync(path.join('/var/tmp', 'agentcli-mcp-net-')));
  repo = path.join(base, 'repo');
  mkdirSync(repo, { recursive: true });
  writeFileSync(path.join(repo, 'probe.cjs'), PROBE);
  server = createServer((_request, response) => response.end('reached-the-host'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(base, { recursive: true, force: true });
});

function sandboxFor(network: SandboxSettingsFragment['network'], allowedDomains?: readonly string[]) {
  const fragment: SandboxSettingsFragment = { network, ...(allowedDomains ? { allowedDomains } : {}) };
  const settings = mergeSandboxSettings({ sources: [{ file: 'settings.json', fromRepository: false, settings: fragment }], override: undefined, trusted: true, projectRoot: repo, home: base });
  const ruleSet = compileRuleSet([], { projectRoot: repo, home: base, folderTrusted: true });
  return createMcpServerSandbox({
    context: async () => ({ ruleSet, workingDirectories: [repo], home: base, sandbox: { settings, availability, configDir: path.join(base, 'config') }, env: process.env }),
    onWarning: () => undefined,
  });
}

async function probeThrough(sandbox: ReturnType<typeof sandboxFor>): Promise<{ proxy: string | null; allowed: string; other: string; direct: string }> {
  const launch: StdioLaunch = { command: process.execPath, args: [path.join(repo, 'probe.cjs'), `http://127.0.0.1:${port}/`, `http://localhost:${port}/`], cwd: repo, searchPath: process.env.PATH ?? '' };
  const wrapped = await sandbox.wrap({ sandbox: undefined, fromRepository: false }, launch);
  if (!wrapped.ok) throw new Error(wrapped.error);
  expect(wrapped.state.sandboxed).toBe(true);
  return new Promise((resolve, reject) => {
    const child = spawn(wrapped.launch.command, [...wrapped.launch.args], { cwd: wrapped.launch.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim()));
      } catch {
        reject(new Error(`no result: ${out} ${err}`));
      }
    });
  });
}

describe.skipIf(!availability.available)('MCP servers and sandbox.network.allowedDomains', () => {
  it('mcp_server_reaches_an_allowed_host_only_through_the_filtering_proxy', async () => {
    const result = await probeThrough(sandboxFor(true, ['127.0.0.1']));
    expect(result.proxy).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(result.allowed).toBe('200 reached-the-host');
    expect(result.other).toMatch(/^403 .*blocked by the agentcli sandbox/);
    // Ignoring the proxy leads nowhere: the server's own network namespace has only loopback.
    expect(result.direct).not.toBe('connected');
  });

  it('without allowedDomains the server keeps the network its settings give it (control)', async () => {
    const result = await probeThrough(sandboxFor(true));
    expect(result.proxy).toBeNull();
    expect(result.direct).toBe('connected');
  });

  it('the policy has no network of its own under allowedDomains, with or without the proxy (fails closed)', () => {
    const settings = mergeSandboxSettings({ sources: [{ file: 'settings.json', fromRepository: false, settings: { network: true, allowedDomains: ['example.com'] } }], override: undefined, trusted: true, projectRoot: repo, home: base });
    const context = { ruleSet: compileRuleSet([], { projectRoot: repo, home: base, folderTrusted: true }), workingDirectories: [repo], home: base, sandbox: { settings, availability: undefined, configDir: base }, env: {} };
    expect(mcpServerPolicy(context, 'bwrap', '/run/proxy.sock')).toMatchObject({ network: false, proxySocket: '/run/proxy.sock' });
    expect(mcpServerPolicy(context, 'bwrap').network).toBe(false);
  });
});
