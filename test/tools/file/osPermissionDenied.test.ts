// A real EACCES from the operating system, end to end: the built CLI runs headless against
// the fake model server and the model's Write lands in a directory the process may not
// write. Root ignores permission bits, so under root the CLI runs as the unprivileged user
// 65534 ("nobody"); otherwise the directory is made read-only. Either way the kernel refuses
// the write, and the test checks the model got advice rather than a stack trace.
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../../support/fakeAnthropic.js';
import { CLI_BIN } from '../../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';

const UNPRIVILEGED_ID = 65_534;

let server: FakeAnthropicServer | undefined;
let base: string | undefined;
afterEach(async () => {
  await server?.close();
  if (base) {
    await chmod(path.join(base, 'locked'), 0o755).catch(() => undefined);
    await rm(base, { recursive: true, force: true });
  }
  server = undefined;
  base = undefined;
});

function runCliAs(args: string[], options: { cwd: string; env: Record<string, string>; asUnprivileged: boolean }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const ids = options.asUnprivileged ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : {};
    const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], ...ids });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('a write the OS refuses (EACCES) reaches the model as advice, and nothing is written', async () => {
  const asUnprivileged = process.getuid?.() === 0;
  base = await mkdtemp(path.join(os.tmpdir(), 'agentcli-eacces-'));
  const locked = path.join(base, 'locked');
  const config = path.join(base, 'config');
  await mkdir(locked);
  await mkdir(config);
  // The unprivileged user must reach the project and own a config dir; the locked dir stays root's (0755).
  await chmod(base, 0o755);
  await chmod(config, 0o777);
  if (!asUnprivileged) await chmod(locked, 0o555);

  const target = path.join(locked, 'new.txt');
  server = await startFakeAnthropic({ script: [turn(toolUse('Write', { file_path: target, content: 'hello\n' })), endTurn('could not write')] });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: config,
    AGENTCLI_CONFIG_DIR: config,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: server.url,
  };
  const run = await runCliAs(['-p', 'write it', '--output-format', 'json', '--dangerously-skip-permissions'], { cwd: base, env, asUnprivileged });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);

  const [result] = lastToolResults(server.requests[1]!);
  expect(result!.is_error).toBe(true);
  expect(toolResultText(result!)).toBe(
    `Cannot write ${path.join('locked', 'new.txt')}: permission denied by the operating system (the file or its directory is not writable by this user). Do not retry the same write; tell the user, or choose a location you can write to.`,
  );
  expect(await readdir(locked)).toEqual([]);
});
