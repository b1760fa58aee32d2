// End to end through the fake Anthropic server: a real session (rules loaded
// from CLAUDE.md / settings / flags by createSession), the real agent loop and
// headless runner, and tools that really touch a temporary project.
import { declareShellFacts } from '../../src/tools/BashTool/commandSafety.js';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool, type Tool } from '../../src/contract/tool.js';
import { runHeadless } from '../../src/entrypoints/headless.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createSession } from '../../src/app/createSession.js';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { runCli } from '../support/runCli.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';

const run = promisify(execFile);

/** A minimal Bash: runs the command with bash in the session cwd. */
const bashTool: Tool<{ command: string }, string> = buildTool({
  name: 'Bash',
  inputSchema: () => z.strictObject({ command: z.string() }),
  description: () => 'run a command',
  prompt: () => 'Runs a shell command.',
  family: 'execute',
  declareFacts: (input, scope) => declareShellFacts(input.command, scope),
  async call(input, context) {
    const { stdout } = await run('bash', ['-c', input.command], { cwd: context.cwd });
    return { data: stdout };
  },
});

/** A minimal Write that reports its path to the permission system. */
const writeTool: Tool<{ file_path: string; content: string }, string> = buildTool({
  name: 'Write',
  inputSchema: () => z.strictObject({ file_path: z.string(), content: z.string() }),
  description: () => 'write a file',
  prompt: () => 'Writes a file.',
  family: 'edit',
  declareFacts: (input, scope) => ({ paths: [{ path: path.resolve(scope.cwd, input.file_path), access: 'write' }] }),
  async call(input) {
    await writeFile(input.file_path, input.content);
    return { data: 'written' };
  },
});

const readTool: Tool<{ file_path: string }, string> = buildTool({
  name: 'Read',
  inputSchema: () => z.strictObject({ file_path: z.string() }),
  description: () => 'read a file',
  prompt: () => 'Reads a file.',
  isReadOnly: () => true,
  family: 'read',
  declareFacts: (input, scope) => ({ paths: [{ path: path.resolve(scope.cwd, input.file_path), access: 'read' }] }),
  async call(input) {
    return { data: await readFile(input.file_path, 'utf8') };
  },
});

let server: FakeAnthropicServer | undefined;
const cleanups: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-e2e-'));
  cleanups.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

type Call = { name: string; input: Record<string, unknown> };

async function headlessRun(cwd: string, calls: Call[], options: { mode?: PermissionMode; allowedTools?: string[]; disallowedTools?: string[] } = {}) {
  server = await startFakeAnthropic({ script: [turn(...calls.map((c) => toolUse(c.name, c.input))), endTurn('done')] });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-e2e-config-'));
  cleanups.push(configDir);
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
    ...(options.mode ? { permissionMode: options.mode } : {}),
    allowedTools: options.allowedTools ?? [],
    disallowedTools: options.disallowedTools ?? [],
    isInteractive: false,
    isTrusted: true,
    baseTools: [bashTool, writeTool, readTool],
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
  });
  let stdout = '';
  const code = await runHeadless({
    conversation: new ConversationSession({ session, persist: false }),
    prompts: (async function* () {
      yield 'go';
    })(),
    outputFormat: 'json',
    signal: new AbortController().signal,
    io: { stdout: (text) => void (stdout += text), stderr: () => undefined },
  });
  const results = lastToolResults(server.requests[1]!);
  const json = JSON.parse(stdout) as { permission_denials: { tool_name: string; reason: string }[] };
  return { code, results: results.map((r) => ({ isError: r.is_error === true, text: typeof r.content === 'string' ? r.content : JSON.stringify(r.content) })), denials: json.permission_denials };
}

describe('CLAUDE.md-sourced rules, end to end', () => {
  it('a CLAUDE.md deny stops rm -rf even in bypassPermissions, naming the rule and file:line', async () => {
    const cwd = await project({ 'CLAUDE.md': '# Rules\nallow: Bash(ls *)\ndeny: Bash(rm -rf*)\n', 'data/keep.txt': 'x' });
    const { results, denials } = await headlessRun(cwd, [{ name: 'Bash', input: { command: 'ls && rm -rf data' } }], { mode: 'bypassPermissions' });
    expect(results[0]?.isError).toBe(true);
    expect(results[0]?.text).toContain('Bash(rm -rf*)');
    expect(results[0]?.text).toContain(`${path.join(cwd, 'CLAUDE.md')}:3`);
    expect(existsSync(path.join(cwd, 'data/keep.txt'))).toBe(true);
    expect(denials).toHaveLength(1);
  });

  it('a CLAUDE.md allow pre-authorises a command in default mode', async () => {
    const cwd = await project({ 'CLAUDE.md': 'allow: Bash(touch *)\n' });
    const { results, denials } = await headlessRun(cwd, [{ name: 'Bash', input: { command: 'touch made.txt' } }]);
    expect(results[0]?.isError).toBe(false);
    expect(existsSync(path.join(cwd, 'made.txt'))).toBe(true);
    expect(denials).toEqual([]);
  });

  it('a Read deny in CLAUDE.md also stops cat, cp and the Write tool on that file', async () => {
    const cwd = await project({ 'CLAUDE.md': 'deny: Read(.env)\n', '.env': 'SECRET' });
    const { results } = await headlessRun(cwd, [
      { name: 'Bash', input: { command: 'cat .env' } },
      { name: 'Bash', input: { command: 'cp .env leak.txt' } },
      { name: 'Write', input: { file_path: path.join(cwd, '.env'), content: 'x' } },
      { name: 'Read', input: { file_path: path.join(cwd, '.env') } },
    ], { mode: 'bypassPermissions' });
    expect(results.map((r) => r.isError)).toEqual([true, true, true, true]);
    expect(results.every((r) => r.text.includes('Read(.env)'))).toBe(true);
    expect(existsSync(path.join(cwd, 'leak.txt'))).toBe(false);
  });

  it('settings.json rules and CLI flags merge with CLAUDE.md (deny wins)', async () => {
    const cwd = await project({
      '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Bash(touch *)'] } }),
      'CLAUDE.md': 'deny: Bash(touch secret*)\n',
    });
    const { results } = await headlessRun(cwd, [
      { name: 'Bash', input: { command: 'touch ok.txt' } },
      { name: 'Bash', input: { command: 'touch secret.txt' } },
      { name: 'Bash', input: { command: 'mkdir d' } },
    ], { allowedTools: ['Bash(mkdir *)'], disallowedTools: ['Bash(touch ok*)'] });
    expect(results.map((r) => r.isError)).toEqual([true, true, false]);
    expect(results[0]?.text).toContain('--disallowedTools');
  });
});

describe('each mode, end to end', () => {
  it('default: read-only runs, a side effect asks and headless turns the ask into a listed denial', async () => {
    const cwd = await project({ 'a.txt': 'A' });
    const { results, denials } = await headlessRun(cwd, [
      { name: 'Bash', input: { command: 'cat a.txt | wc -c' } },
      { name: 'Bash', input: { command: 'touch b.txt' } },
    ]);
    expect(results.map((r) => r.isError)).toEqual([false, true]);
    expect(results[1]?.text).toContain('non-interactive');
    expect(denials.map((d) => d.tool_name)).toEqual(['Bash']);
    expect(existsSync(path.join(cwd, 'b.txt'))).toBe(false);
  });

  it('acceptEdits: edits inside the working directory run, outside ask (denied headless)', async () => {
    const cwd = await project({});
    const outside = await project({});
    const { results } = await headlessRun(cwd, [
      { name: 'Write', input: { file_path: path.join(cwd, 'in.txt'), content: 'x' } },
      { name: 'Write', input: { file_path: path.join(outside, 'out.txt'), content: 'x' } },
      { name: 'Bash', input: { command: 'mkdir -p src && touch src/x.ts' } },
    ], { mode: 'acceptEdits' });
    expect(results.map((r) => r.isError)).toEqual([false, true, false]);
    expect(existsSync(path.join(outside, 'out.txt'))).toBe(false);
  });

  it('plan: nothing with a side effect runs; reading does', async () => {
    const cwd = await project({ 'a.txt': 'A' });
    const { results } = await headlessRun(cwd, [
      { name: 'Read', input: { file_path: path.join(cwd, 'a.txt') } },
      { name: 'Write', input: { file_path: path.join(cwd, 'a.txt'), content: 'changed' } },
      { name: 'Bash', input: { command: 'git status 2>/dev/null; ls' } },
    ], { mode: 'plan' });
    expect(results.map((r) => r.isError)).toEqual([false, true, false]);
    expect(results[1]?.text).toContain('plan mode');
    expect(await readFile(path.join(cwd, 'a.txt'), 'utf8')).toBe('A');
  });

  it('bypassPermissions: runs side effects but never rm of the project itself', async () => {
    const cwd = await project({ 'keep.txt': 'k' });
    const { results } = await headlessRun(cwd, [
      { name: 'Bash', input: { command: 'touch made.txt' } },
      { name: 'Bash', input: { command: `rm -rf ${cwd}` } },
    ], { mode: 'bypassPermissions' });
    expect(results.map((r) => r.isError)).toEqual([false, true]);
    expect(results[1]?.text).toContain('never auto-allowed');
    expect(existsSync(path.join(cwd, 'keep.txt'))).toBe(true);
  });
});

describe('start-up errors', () => {
  it('a malformed rule stops start-up with file:line', async () => {
    const cwd = await project({ 'CLAUDE.md': 'ok\ndeny: Bash(rm -rf*\n' });
    server = await startFakeAnthropic({ script: [endTurn('unused')] });
    const result = await runCli(['-p', 'hi'], { cwd, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: cwd } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(cwd, 'CLAUDE.md')}:2`);
    expect(server.requests).toHaveLength(0);
  });

  it('a malformed --allowedTools value names the flag', async () => {
    const cwd = await project({});
    server = await startFakeAnthropic({ script: [endTurn('unused')] });
    const result = await runCli(['-p', 'hi', '--allowedTools', 'Bash(ls'], { cwd, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: cwd } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--allowedTools');
  });

  it('permissions check prints the decision and the trace', async () => {
    const cwd = await project({ 'CLAUDE.md': 'allow: Bash(git status*)\ndeny: Read(.env)\n' });
    const result = await runCli(['permissions', 'check', 'git status && cat .env'], { cwd, env: { AGENTCLI_CONFIG_DIR: cwd } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('DENY');
    expect(result.stdout).toMatch(/allow\s+git status\s+—\s+allow rule Bash\(git status\*\)/);
    expect(result.stdout).toMatch(/deny\s+cat \.env\s+—\s+deny rule Read\(\.env\)/);
  });

  it('permissions list prints every rule with its source', async () => {
    const cwd = await project({ 'CLAUDE.md': 'ask: Bash(git push*)\n' });
    const result = await runCli(['permissions', 'list', '--disallowedTools', 'WebFetch'], { cwd, env: { AGENTCLI_CONFIG_DIR: cwd } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/deny\s+WebFetch\s+--disallowedTools/);
    expect(result.stdout).toMatch(new RegExp(`ask\\s+Bash\\(git push\\*\\)\\s+${path.join(cwd, 'CLAUDE.md').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1`));
  });
});
