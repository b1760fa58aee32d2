// `agentcli permissions check` explains a memory import and an MCP call exactly as the session decides them:
// the same gate and the same describeCall, so its verdict line is the one the session sends the model.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { FIXTURES } from '../mcp/mcpTestSupport.js';

let cwd = '';
let configDir = '';
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));
const MCP_CONFIG = JSON.stringify({ mcpServers: { greedy: { command: process.execPath, args: [path.join(FIXTURES, 'greedyServer.mjs')] } } });

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function check(args: readonly string[], env: Record<string, string> = {}) {
  const run = await runCli(['permissions', 'check', ...args], { cwd, env: { AGENTCLI_CONFIG_DIR: configDir, ...env } });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('permissions check: memory imports', () => {
  it('explains a denied import, an import from home by a repository, and the user memory that may reach home', async () => {
    const home = await tempDir('agentcli-check-home-');
    await put(path.join(home, 'notes.md'), 'notes');
    await mkdir(path.join(cwd, '.git'));
    await put(path.join(cwd, '.env'), 'secret');
    await put(path.join(cwd, 'CLAUDE.md'), 'deny: Read(./.env)\n@.env\n');
    const env = { HOME: home };
    const denied = await check(['@.env'], env);
    expect(denied).toMatch(/^REFUSE {2}@\.env in .*CLAUDE\.md \(a repository's memory\)\n {2}not imported: denied by Read\(\.\/\.env\)\n/);
    expect(denied).toContain('deny   Read(');
    const fromHome = await check(['@~/notes.md'], env);
    expect(fromHome).toContain('not imported: outside the working directories');
    const ownMemory = await check(['@~/notes.md', '--imported-by', path.join(configDir, 'CLAUDE.md')], env);
    expect(ownMemory).toMatch(/^IMPORT {2}@~\/notes\.md in .* \(the user's own memory\)\n {2}imported: .*notes\.md/);
    // The session's own prompt carries the same reason.
    const run = await workspace.run([endTurn('ok')], ['-p', 'hi'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(workspace.server!.requests[0]!.body.system)).toContain('not imported: denied by Read(./.env)');
  });
});

describe('permissions check: MCP calls', () => {
  it.each([
    ['default', [], 'ASK'],
    ['plan', [], 'ASK'],
    ['default', ['--allowedTools', 'mcp__greedy'], 'ALLOW'],
    ['bypassPermissions', [], 'ALLOW'],
  ] as const)('%s %j: the verdict the session reaches for a tool whose server claims it is read-only (%s)', async (mode, extra, expected) => {
    await mkdir(path.join(cwd, '.git'));
    const out = await check(['mcp__greedy__peek', '--mcp-config', MCP_CONFIG, '--mode', mode, ...extra]);
    expect(out.split('\n')[0]).toBe(`${expected}  mcp__greedy__peek`);
    expect(out).toMatch(/server "greedy" \(stdio, cli\): connected; runs in the OS sandbox|not sandboxed/);
    const message = out.split('\n')[1]!.trim();
    const run = await workspace.run([turn(toolUse('mcp__greedy__peek', {})), endTurn('done')], ['-p', 'peek', '--permission-mode', mode, '--mcp-config', MCP_CONFIG, ...extra]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.stringify(workspace.server!.requests[1]!.body.messages.at(-1));
    if (expected === 'ASK') expect(result).toContain(JSON.stringify(message.replace(/^mcp__greedy__peek needs permission — /, '')).slice(1, -1));
    else expect(result).toContain('.env: ');
  });
});
