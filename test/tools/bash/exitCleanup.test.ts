// Every background process dies when agentcli exits: the built CLI starts a background
// task through the fake model, then gets SIGTERM or SIGINT while the next turn is pending.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../../support/fakeAnthropic.js';
import { CLI_BIN, tempDir } from '../../support/runCli.js';
import { hang, toolUse, turn } from '../../support/scenario.js';
import { isRunning, readPid, waitForFile } from './bashTestSupport.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runUntilSignalled(signal: NodeJS.Signals) {
  const cwd = await tempDir('agentcli-exit-');
  const configDir = await tempDir('agentcli-exit-config-');
  // The pids a command writes are the host's only outside the sandbox's PID namespace;
  // the sandboxed variant of this test (test/sandbox/sandboxProcesses.test.ts) finds them by marker.
  await writeFile(path.join(configDir, 'settings.json'), '{"sandbox":{"enabled":false}}');
  const command = 'echo $$ > task.pid; sleep 300 & echo $! > child.pid; wait';
  server = await startFakeAnthropic({ script: [turn(toolUse('Bash', { command, run_in_background: true })), hang()] });
  const child = spawn(process.execPath, [CLI_BIN, '-p', 'start a server', '--permission-mode', 'bypassPermissions'], {
    cwd,
    env: {
      ...process.env,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key',
      AGENTCLI_CONFIG_DIR: configDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

  const earlyExit = exited.then((code) => {
    throw new Error(`agentcli exited (${code}) before the task started: ${stderr}`);
  });
  await Promise.race([waitForFile(path.join(cwd, 'child.pid'), 20_000), earlyExit]).catch((error: unknown) => {
    const results = server?.requests[1] ? JSON.stringify(server.requests[1].body.messages.at(-1)) : 'no second request';
    throw new Error(`${String(error)}\n${results}\n${stderr}`);
  });
  const started = Date.now();
  while (server.requests.length < 2 && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
  const pids = [await readPid(cwd, 'task.pid'), await readPid(cwd, 'child.pid')];
  expect(pids.every(isRunning)).toBe(true);

  child.kill(signal);
  const code = await exited;
  return { code, pids, stderr };
}

/**
 * agentcli sends SIGKILL to every group before it exits; on a loaded machine the killed process may not
 * have been scheduled yet when the test looks (/proc shows it running with SIGKILL pending). So: a process
 * with SIGKILL pending counts as killed, and otherwise it must be gone within a moment.
 */
async function killedBeforeExit(pid: number): Promise<boolean> {
  if (!isRunning(pid)) return true;
  if (sigkillPending(pid)) return true;
  const deadline = Date.now() + 1_000;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return !isRunning(pid);
}

function sigkillPending(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const pending = [/^ShdPnd:\s*([0-9a-f]+)$/m, /^SigPnd:\s*([0-9a-f]+)$/m].map((pattern) => BigInt(`0x${pattern.exec(status)?.[1] ?? '0'}`));
    return pending.some((mask) => (mask & (1n << 8n)) !== 0n);
  } catch {
    return false;
  }
}

describe('agentcli exit', () => {
  it('SIGTERM: background tasks and their children are killed before agentcli exits', async () => {
    const run = await runUntilSignalled('SIGTERM');
    expect(run.code).not.toBe(0);
    for (const pid of run.pids) expect(await killedBeforeExit(pid)).toBe(true);
  });

  it('SIGINT: the same', async () => {
    const run = await runUntilSignalled('SIGINT');
    expect(run.code).not.toBe(0);
    for (const pid of run.pids) expect(await killedBeforeExit(pid)).toBe(true);
  });
});
