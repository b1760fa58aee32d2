// Every background process dies when agentcli exits: the built CLI starts a background
// task through the fake model, then gets SIGTERM or SIGINT while the next turn is pending.
import { spawn } from 'node:child_process';
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

describe('agentcli exit', () => {
  it('SIGTERM: background tasks and their children are killed before agentcli exits', async () => {
    const run = await runUntilSignalled('SIGTERM');
    expect(run.code).not.toBe(0);
    for (const pid of run.pids) expect(isRunning(pid)).toBe(false);
  });

  it('SIGINT: the same', async () => {
    const run = await runUntilSignalled('SIGINT');
    expect(run.code).not.toBe(0);
    for (const pid of run.pids) expect(isRunning(pid)).toBe(false);
  });
});
