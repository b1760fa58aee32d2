// Inside the sandbox, Bash behaves as it does outside: timeouts and interrupts stop every
// process the command started, stray `&` jobs and setsid'd daemons end with it, output
// streams while the command runs, the working directory carries over, and background tasks
// can be read and stopped — and die with agentcli. Processes are found on the host by a
// marker in their command line: a pid written from inside belongs to the sandbox's namespace.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadBashTool, type BashProgress } from '../../src/tools/BashTool/BashTool.js';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { CLI_BIN, tempDir } from '../support/runCli.js';
import { hang, toolUse, turn } from '../support/scenario.js';
import { createSandboxRepo, processesWithMarker, runSandboxed, sandboxAvailability, sandboxContext, type SandboxRepo } from './sandboxHarness.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';

const availability = await sandboxAvailability();
// The exit test starts the built CLI and waits for its task: generous on a loaded 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

let repo: SandboxRepo;
let markerCount = 0;
/** A sleep duration no other process uses, so its command line finds exactly our processes. */
function marker(): string {
  return `${7_000_000 + (process.pid % 1000) * 1000 + ++markerCount}`;
}

async function waitUntilGone(mark: string, timeoutMs = 5_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = processesWithMarker(`sleep\u0000${mark}`);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  await preloadBashTool();
});
beforeEach(() => {
  repo = createSandboxRepo();
});
afterEach(() => repo.remove());

describe.skipIf(!availability.available)('sandboxed Bash: processes', () => {
  it('a timeout stops the command and the job it started in the background', async () => {
    const job = marker();
    const main = marker();
    const result = await runSandboxed(repo, `sleep ${job} & echo before; sleep ${main}`, { timeoutMs: 800 });
    expect(result.kind === 'foreground' && result.timedOut).toBe(true);
    expect(result.kind === 'foreground' && result.output).toContain('before');
    expect(await waitUntilGone(job)).toEqual([]);
    expect(await waitUntilGone(main)).toEqual([]);
  });

  it('a timeout also stops a process that ignores SIGTERM and one that left the process group', async () => {
    const stubborn = marker();
    const escaped = marker();
    const command = `sh -c 'trap "" TERM; sleep ${stubborn}' & setsid sleep ${escaped} & wait`;
    const result = await runSandboxed(repo, command, { timeoutMs: 600 });
    expect(result.kind === 'foreground' && result.timedOut).toBe(true);
    expect(await waitUntilGone(stubborn)).toEqual([]);
    expect(await waitUntilGone(escaped)).toEqual([]);
  });

  it('an interrupt (abort) stops the whole tree', async () => {
    const mark = marker();
    const controller = new AbortController();
    const running = runSandboxed(repo, `sleep ${mark} & sleep ${mark}`, { signal: controller.signal });
    const deadline = Date.now() + 10_000;
    while (processesWithMarker(`sleep\u0000${mark}`).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await running;
    expect(await waitUntilGone(mark)).toEqual([]);
  });

  it('a stray & job ends when the command does', async () => {
    const mark = marker();
    const result = await runSandboxed(repo, `sleep ${mark} & echo done`);
    expect(result.kind === 'foreground' && result.exitCode).toBe(0);
    expect(await waitUntilGone(mark)).toEqual([]);
  });

  it('a command that leaves nothing running gets no note about stray processes (the namespace ending is not a stray)', async () => {
    for (let round = 0; round < 5; round++) {
      const result = await runSandboxed(repo, 'true');
      expect(result.kind === 'foreground' && result.notes).toEqual([]);
    }
  });

  it('output streams as progress while the command runs', async () => {
    const progress: BashProgress[] = [];
    const result = await runSandboxed(repo, 'echo first; sleep 1; echo second', { onProgress: (p) => progress.push(p) });
    expect(result.kind === 'foreground' && result.output).toBe('first\nsecond\n');
    const early = progress.find((p) => p.lastLines.includes('first') && !p.lastLines.includes('second'));
    expect(early).toBeDefined();
    expect(progress.every((p) => p.sandboxed === true)).toBe(true);
  });

  it('the working directory carries over from a cd inside the sandbox', async () => {
    const result = await runSandboxed(repo, 'cd src && pwd');
    expect(result.cwd).toBe(`${repo.root}/src`);
  });

  it('a background task runs sandboxed, streams its output, and TaskStop ends its tree', async () => {
    const mark = marker();
    const context = await sandboxContext(repo);
    const input = BashTool.inputSchema.parse({ command: `echo started; cat .env | wc -c; sleep ${mark}`, run_in_background: true });
    const { data } = await BashTool.call(input, context, () => undefined);
    if (data.kind !== 'background') throw new Error('expected a background task');
    expect(data.sandboxed).toBe(true);
    const deadline = Date.now() + 10_000;
    let text = '';
    while (!/started\n0\n/.test(text) && Date.now() < deadline) {
      text += context.backgroundTasks.readNew(data.taskId)?.text ?? '';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toBe('started\n0\n');
    expect(processesWithMarker(`sleep\u0000${mark}`).length).toBeGreaterThan(0);
    const stopped = await context.backgroundTasks.stop(data.taskId);
    expect(stopped?.status).toBe('killed');
    expect(await waitUntilGone(mark)).toEqual([]);
  });

  it('a background task that ends on its own reports its exit code', async () => {
    const context = await sandboxContext(repo);
    const input = BashTool.inputSchema.parse({ command: 'echo x > /tmp/private && exit 3', run_in_background: true });
    const { data } = await BashTool.call(input, context, () => undefined);
    if (data.kind !== 'background') throw new Error('expected a background task');
    expect(await context.backgroundTasks.waitFor(data.taskId, 10_000)).toBe(true);
    expect(context.backgroundTasks.readNew(data.taskId)?.task).toMatchObject({ status: 'failed', exitCode: 3 });
  });
});

describe.skipIf(!availability.available)('sandboxed Bash: agentcli exit', () => {
  let server: FakeAnthropicServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('bypassPermissions turns the sandbox on by default, and SIGTERM ends sandboxed background tasks with agentcli', async () => {
    const mark = marker();
    const configDir = await tempDir('agentcli-sandbox-exit-config-');
    await writeFile(`${repo.root}/.env`, 'TOKEN=still-secret\n');
    // Inline code: its effects cannot be bounded, and deny rules are in force (CLAUDE.md denies curl,
    // the flag denies .env). The sandbox enforces both (no network, .env masked), so it runs without asking.
    const command = `python3 -c "print(len(open('.env').read()))" > seen.txt; sleep ${mark} & wait`;
    server = await startFakeAnthropic({ script: [turn(toolUse('Bash', { command, run_in_background: true })), hang()] });
    const child = spawn(process.execPath, [CLI_BIN, '-p', 'go', '--permission-mode', 'bypassPermissions', '--disallowedTools', 'Read(./.env)'], {
      cwd: repo.root,
      env: { ...process.env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    const deadline = Date.now() + 20_000;
    while (processesWithMarker(`sleep\u0000${mark}`).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = server.requests[1] ? JSON.stringify(server.requests[1].body.messages.at(-1)) : 'no tool result yet';
    expect(processesWithMarker(`sleep\u0000${mark}`).length, `${stderr}\n${answer}`).toBeGreaterThan(0);
    child.kill('SIGTERM');
    expect(await exited).not.toBe(0);
    expect(await waitUntilGone(mark)).toEqual([]);
    const { readFile } = await import('node:fs/promises');
    // The denied .env was masked: the task saw an empty file.
    expect((await readFile(`${repo.root}/seen.txt`, 'utf8')).trim()).toBe('0');
  });
});
