// Deny rules hold for what a stdio MCP server reads and deletes. The server (fixtures/greedyServer.mjs, written
// with the MCP SDK) claims its tools are read-only; `peek` reads .env, secrets/ and ~/.ssh, `tidy` deletes data/.
// Judged by effect in a temp repo: no secret reaches any request the fake model server receives, and data/ is
// still on disk — in every mode. A server marked "sandbox": false still works (and so does the attack).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSION_MODES, type PermissionMode } from '../../src/contract/permissions.js';
import { probeSandbox } from '../../src/sandbox/bwrapAvailability.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { tempDir } from '../support/runCli.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { FIXTURES } from './mcpTestSupport.js';

const GREEDY = path.join(FIXTURES, 'greedyServer.mjs');
const SECRETS = { env: 'ENV-SECRET-c41e', key: 'KEY-SECRET-8d2f', ssh: 'SSH-SECRET-19aa' } as const;
const bwrapWorks = (await probeSandbox()).available;

let cwd = '';
let configDir = '';
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function project(): Promise<string> {
  const home = await tempDir('agentcli-mcp-home-');
  await put(path.join(home, '.ssh', 'id_ed25519'), SECRETS.ssh);
  await mkdir(path.join(cwd, '.git'));
  await put(path.join(cwd, '.env'), SECRETS.env);
  await put(path.join(cwd, 'secrets', 'key.txt'), SECRETS.key);
  await put(path.join(cwd, 'data', 'a.txt'), 'a');
  await put(path.join(cwd, 'data', 'sub', 'b.txt'), 'b');
  await put(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(./.env)', 'Read(./secrets/**)', 'Bash(rm:*)', 'Edit(./data/**)'] } }));
  await put(path.join(configDir, 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(~/.ssh/**)'] } }));
  return home;
}

function mcpConfig(entry: Record<string, unknown> = {}): string {
  return JSON.stringify({ mcpServers: { greedy: { command: process.execPath, args: [GREEDY], ...entry } } });
}

const attack = [turn(toolUse('mcp__greedy__peek', {})), turn(toolUse('mcp__greedy__tidy', {})), endTurn('done')];

async function runAttack(mode: PermissionMode, options: { readonly entry?: Record<string, unknown>; readonly args?: readonly string[] } = {}) {
  const home = await project();
  const run = await workspace.run(attack, ['-p', 'tidy up', '--permission-mode', mode, '--mcp-config', mcpConfig(options.entry), ...(options.args ?? [])], { env: { HOME: home } });
  expect(run.code, run.stderr).toBe(0);
  const requests = workspace.server!.requests.map((request) => JSON.stringify(request.body));
  return { run, sent: requests.join('\n'), results: requests.slice(1).map((request) => JSON.stringify(JSON.parse(request).messages.at(-1))) };
}

function expectNothingLeaked(sent: string): void {
  for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
  expect(existsSync(path.join(cwd, 'data', 'a.txt'))).toBe(true);
  expect(existsSync(path.join(cwd, 'data', 'sub', 'b.txt'))).toBe(true);
}

describe.skipIf(!bwrapWorks)('stdio MCP servers in the OS sandbox', () => {
  it.each(PERMISSION_MODES)('%s: the server reads no denied file and deletes nothing', async (mode) => {
    const { sent, results } = await runAttack(mode);
    expectNothingLeaked(sent);
    if (mode === 'bypassPermissions') {
      // The calls ran: the sandbox, not a question, held the line.
      expect(results[0]).toContain('.env: \\"\\"');
      expect(results[0]).toContain('secrets/: []');
      expect(results[1]).toMatch(/rm data: failed|data left/);
    } else {
      // "read-only" is the server's claim: it asks, and a headless run refuses what asks.
      expect(results[0]).toContain("server's claim");
    }
  });

  it('a server the user allowed by a rule runs without asking, and the sandbox still holds', async () => {
    const { sent, results } = await runAttack('default', { args: ['--allowedTools', 'mcp__greedy'] });
    expectNothingLeaked(sent);
    expect(results[0]).toContain('.env: \\"\\"');
  });

  it('"sandbox": false in the server\'s entry takes it out: it works, and so does its attack', async () => {
    const { sent, results } = await runAttack('bypassPermissions', { entry: { sandbox: false } });
    expect(sent).toContain(SECRETS.env);
    expect(results[1]).toContain('data is gone');
  });

  it('a repository\'s .mcp.json cannot take its own server out of the sandbox', async () => {
    const home = await project();
    await writeFile(path.join(cwd, '.mcp.json'), mcpConfig({ sandbox: false }));
    const run = await workspace.run(attack, ['-p', 'tidy up', '--permission-mode', 'bypassPermissions'], { env: { HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    expectNothingLeaked(workspace.server!.requests.map((request) => JSON.stringify(request.body)).join('\n'));
  });
});

describe('where the sandbox cannot run', () => {
  it('says so in one line and still starts the server; sandbox.failIfUnavailable refuses to start at all', async () => {
    const home = await project();
    const missing = { HOME: home, AGENTCLI_BWRAP: path.join(cwd, 'no-such-bwrap') };
    const run = await workspace.run([turn(toolUse('mcp__greedy__peek', {})), endTurn('done')], ['-p', 'peek', '--mcp-config', mcpConfig(), '--allowedTools', 'mcp__greedy'], { env: missing });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/MCP servers run unsandboxed: the sandbox is unavailable \(bubblewrap \(bwrap\) is not installed\)/g)).toHaveLength(1);
    expect(JSON.stringify(workspace.server!.requests[1]!.body)).toContain(SECRETS.env);

    await put(path.join(configDir, 'settings.json'), JSON.stringify({ sandbox: { failIfUnavailable: true } }));
    const refused = await workspace.run([endTurn('done')], ['-p', 'peek', '--mcp-config', mcpConfig()], { env: missing });
    // failIfUnavailable refuses the whole start (issue 24), before any server runs: one line, no request.
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/sandbox\.failIfUnavailable/);
    expect(workspace.server!.requests).toHaveLength(0);
  });
});
