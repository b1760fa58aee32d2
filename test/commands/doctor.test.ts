import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkApiReachable,
  checkConfigFiles,
  checkKeySource,
  checkMcpServers,
  checkRipgrep,
  checkSandbox,
  checkTerminal,
  formatDoctorReport,
  runDoctorChecks,
} from '../../src/commands/doctor/doctorChecks.js';
import { ripgrepPath } from '../../src/utils/process/ripgrep.js';

let cwd: string;
let configDir: string;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-doctor-cwd-'));
  configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-doctor-config-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
  await rm(configDir, { recursive: true, force: true });
});

/** A loopback server answering every request with `status`, recording what it was asked. */
async function fakeApi(status: number): Promise<{ url: string; requests: http.IncomingMessage[]; close: () => Promise<void> }> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('/doctor: API reachable', () => {
  it('a server that answers is reachable, and is asked for its models with the key', async () => {
    const api = await fakeApi(200);
    try {
      const check = await checkApiReachable({ ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'sk-test-123456789' }, 2_000);
      expect(check.verdict).toBe('ok');
      expect(check.detail).toContain('reachable (HTTP 200');
      expect(api.requests[0]?.url).toBe('/v1/models?limit=1');
      expect(api.requests[0]?.headers['x-api-key']).toBe('sk-test-123456789');
    } finally {
      await api.close();
    }
  });

  it('a server that refuses the key is reachable but failing, with the fix', async () => {
    const api = await fakeApi(401);
    try {
      const check = await checkApiReachable({ ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: 'bad' }, 2_000);
      expect(check.verdict).toBe('fail');
      expect(check.detail).toContain('refused the key (HTTP 401)');
      expect(check.fix).toContain('ANTHROPIC_API_KEY');
    } finally {
      await api.close();
    }
  });

  it('a server that is down fails quickly, naming the URL', async () => {
    const api = await fakeApi(200);
    await api.close();
    const started = Date.now();
    const check = await checkApiReachable({ ANTHROPIC_BASE_URL: api.url }, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(check.verdict).toBe('fail');
    expect(check.detail).toContain(`cannot reach ${api.url}`);
    expect(check.fix).toContain('ANTHROPIC_BASE_URL');
  });

  it('a server that never answers is given up on after the time limit', async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const check = await checkApiReachable({ ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` }, 200);
      expect(check.verdict).toBe('fail');
      expect(check.detail).toContain('did not answer within 200 ms');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('/doctor: the other checks', () => {
  const settings = () => ({ cwd, configDir });

  it('says where the key comes from without showing it', async () => {
    const fromEnv = await checkKeySource({ ANTHROPIC_API_KEY: 'sk-ant-secret-value-9876' }, settings());
    expect(fromEnv.detail).toContain('ANTHROPIC_API_KEY from the environment (…9876)');
    expect(fromEnv.detail).not.toContain('secret');
    expect((await checkKeySource({}, settings())).verdict).toBe('fail');
    expect((await checkKeySource({ ANTHROPIC_BASE_URL: 'http://localhost:1' }, settings())).verdict).toBe('warn');
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ apiKeyHelper: '~/bin/key' }));
    expect((await checkKeySource({ ANTHROPIC_API_KEY: 'sk-ant-secret-value-9876' }, settings())).detail).toContain('apiKeyHelper in');
  });

  it('reports the sandbox probe as it is, with its fix', async () => {
    expect((await checkSandbox(async () => ({ available: true, bwrap: '/usr/bin/bwrap' }))).detail).toContain('bubblewrap (/usr/bin/bwrap)');
    const missing = await checkSandbox(async () => ({ available: false, reason: 'bubblewrap (bwrap) is not installed', howToEnable: 'apt-get install bubblewrap' }));
    expect(missing.verdict).toBe('fail');
    expect(missing.fix).toBe('apt-get install bubblewrap');
  });

  it('finds the shipped ripgrep, and fails on one that does not run', async () => {
    const found = await checkRipgrep(ripgrepPath, 5_000);
    expect(found.verdict).toBe('ok');
    expect(found.detail).toMatch(/^ripgrep \d+/);
    expect((await checkRipgrep(async () => path.join(cwd, 'no-rg'), 1_000)).verdict).toBe('fail');
  });

  it('names the file and line of a broken rule in settings and CLAUDE.md, and a broken .mcp.json', async () => {
    expect((await checkConfigFiles(settings(), {})).verdict).toBe('ok');
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(cwd, '.claude', 'settings.json'), '{\n  "permissions": {\n    "allow": ["Bash(git log"]\n  }\n}\n');
    await writeFile(path.join(cwd, 'CLAUDE.md'), '# Project\n\nallow: Read(\n');
    await writeFile(path.join(cwd, '.mcp.json'), '{ "mcpServers": ');
    const check = await checkConfigFiles(settings(), {});
    expect(check.verdict).toBe('fail');
    expect(check.detail).toContain(`${path.join(cwd, '.claude', 'settings.json')}:`);
    expect(check.detail).toContain(`${path.join(cwd, 'CLAUDE.md')}:3`);
    expect(check.detail).toContain('.mcp.json');
  });

  it('lists MCP servers and points at /mcp for a failed one', () => {
    expect(checkMcpServers(undefined).detail).toBe('none configured');
    const view = { scope: 'project' as const, source: '.mcp.json', transport: 'stdio' as const, stderrTail: [] };
    const check = checkMcpServers([
      { ...view, name: 'fs', status: 'connected', toolCount: 3 },
      { ...view, name: 'db', status: 'failed', toolCount: 0, problem: 'exited with code 1' },
    ]);
    expect(check.verdict).toBe('fail');
    expect(check.detail).toBe('fs connected (3 tools), db failed: exited with code 1');
    expect(check.fix).toContain('/mcp reconnect db');
  });

  it('describes the terminal and warns about one too small or dumb', () => {
    const ok = checkTerminal({ TERM: 'xterm-256color' }, { isTTY: true, columns: 120, rows: 40, colorDepth: 8 });
    expect(ok).toEqual({ name: 'Terminal', verdict: 'ok', detail: 'TERM=xterm-256color, 256 colours, 120×40' });
    expect(checkTerminal({ TERM: 'dumb' }, { isTTY: true, columns: 120, rows: 40, colorDepth: 1 }).verdict).toBe('warn');
    expect(checkTerminal({ TERM: 'xterm' }, { isTTY: true, columns: 40, rows: 40, colorDepth: 4 }).fix).toContain('60×15');
    expect(checkTerminal({ TERM: 'xterm', NO_COLOR: '1' }, { isTTY: true, columns: 100, rows: 40, colorDepth: 24 }).detail).toContain('colour off (NO_COLOR)');
  });

  it('runs every check and prints one line each with ✓ or ✗, the fix under a failure', async () => {
    const checks = await runDoctorChecks({
      env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', ANTHROPIC_API_KEY: 'sk-test-abcdefgh', TERM: 'xterm' },
      settings: settings(),
      terminal: { isTTY: true, columns: 100, rows: 30, colorDepth: 24 },
      probeSandbox: async () => ({ available: true, bwrap: 'bwrap' }),
      ripgrepPath,
      mcpServers: undefined,
      timeoutMs: 1_000,
    });
    expect(checks.map((check) => check.name)).toEqual(['API', 'API key', 'Sandbox', 'ripgrep', 'Config files', 'MCP servers', 'Terminal']);
    const report = formatDoctorReport(checks);
    expect(report).toMatch(/^✗ API +cannot reach http:\/\/127\.0\.0\.1:9/m);
    expect(report).toMatch(/^ +→ check that the server at ANTHROPIC_BASE_URL is running/m);
    expect(report).toMatch(/^✓ Sandbox +bubblewrap \(bwrap\) builds the Bash sandbox$/m);
    expect(report).toMatch(/^✓ Terminal +TERM=xterm, true colour, 100×30$/m);
    expect(report).toContain('1 problem, 0 warnings.');
  });
});
