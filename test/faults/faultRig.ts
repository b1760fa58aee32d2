// The fault suite's rig: the built CLI as a real process in a fresh project and config folder,
// the fake server in this process, and the two checks every fault case makes — nothing the user
// had is lost (the transcript loads, is valid for the API, holds every completed turn and resumes),
// and the user was told in one clear line.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { loadTranscript, type LoadedTranscript } from '../../src/session/transcript/loadTranscript.js';
import { projectDir } from '../../src/settings/configPaths.js';
import { toApiMessages } from '../../src/types/messages.js';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn, type ScriptFn } from '../support/fakeAnthropic.js';
import { checkRequestInvariants } from '../support/fakeAnthropicInvariants.js';
import { isRunning } from '../support/processState.js';
import { CLI_BIN, runCli, tempDir, type CliRun } from '../support/runCli.js';
import { endTurn } from '../support/scenario.js';

export type Workspace = { readonly cwd: string; readonly configDir: string };

const servers = new Set<FakeAnthropicServer>();
const children = new Set<ChildProcess>();
const folders = new Set<string>();

export async function workspace(): Promise<Workspace> {
  const ws = { cwd: await tempDir('agentcli-fault-cwd-'), configDir: await tempDir('agentcli-fault-config-') };
  folders.add(ws.cwd).add(ws.configDir);
  return ws;
}

export async function fakeServer(script: ScriptedTurn[] | ScriptFn, options: { checkInvariants?: boolean } = {}): Promise<FakeAnthropicServer> {
  const server = await startFakeAnthropic({ script, ...options });
  servers.add(server);
  return server;
}

/** Ends whatever a test left running (registered by each file's afterEach). */
export async function cleanUpRig(): Promise<void> {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  await Promise.all([...servers].map((server) => server.close()));
  servers.clear();
  // A test that made a folder read-only has made it writable again (or unmounted it) in its own finally.
  await Promise.all([...folders].map((folder) => rm(folder, { recursive: true, force: true }).catch(() => undefined)));
  folders.clear();
}

export function cliEnv(ws: Workspace, server: { url: string } | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(server ? { ANTHROPIC_BASE_URL: server.url } : {}),
    ANTHROPIC_API_KEY: 'test-key',
    AGENTCLI_CONFIG_DIR: ws.configDir,
    AGENTCLI_RETRY_BASE_DELAY_MS: '5',
    ...extra,
  };
}

export type RunningCli = {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** The CLI as a process we can signal; stdin stays open when `keepStdin` (stream-json input). */
export function startCli(ws: Workspace, args: readonly string[], env: Record<string, string>, options: { keepStdin?: boolean } = {}): RunningCli {
  const fullEnv: Record<string, string | undefined> = { ...process.env, ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: undefined, ANTHROPIC_MODEL: undefined, ...env };
  for (const key of Object.keys(fullEnv)) if (fullEnv[key] === undefined) delete fullEnv[key];
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd: ws.cwd, env: fullEnv as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (!options.keepStdin) child.stdin!.end();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

export async function waitGone(pid: number, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return !isRunning(pid);
}

/**
 * Pids of live processes whose command line contains `token` (starts with it, for `sleep …`). Bash calls may run in a sandbox
 * with its own pid namespace, so a pid a command prints is not one the test can signal: tests
 * give their commands a unique argument and look them up here.
 */
export async function pidsWith(token: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if ((token.startsWith('sleep ') ? cmdline.startsWith(token) : cmdline.includes(token)) && isRunning(Number(entry))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** A command that runs `sleep` in the background and waits, with a unique duration to find it by. */
export function sleeperCommand(): { command: string; token: string } {
  const token = `30.${Math.floor(Math.random() * 1e9)}`;
  return { command: `sleep ${token} & wait`, token };
}

/** The session transcripts of the project (main sessions only), newest last by name order of their ids is meaningless: by size. */
export async function transcripts(ws: Workspace): Promise<string[]> {
  const dir = projectDir(ws.configDir, ws.cwd);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.jsonl')).map((name) => path.join(dir, name));
}

/** Loads the one transcript of the project and checks it is valid for the API and holds `prompts` in order. */
export async function assertTranscriptKeeps(ws: Workspace, prompts: readonly string[]): Promise<LoadedTranscript> {
  const files = await transcripts(ws);
  expect(files).toHaveLength(1);
  const loaded = await loadTranscript(files[0]!);
  expect(checkRequestInvariants({ model: 'm', max_tokens: 1, messages: toApiMessages(loaded.messages) })).toEqual([]);
  const texts = loaded.messages.filter((message) => message.type === 'user').map((message) => JSON.stringify(message.content));
  let from = 0;
  for (const prompt of prompts) {
    const at = texts.findIndex((text, index) => index >= from && text.includes(prompt));
    expect(at, `prompt "${prompt}" kept in the transcript`).toBeGreaterThanOrEqual(0);
    from = at + 1;
  }
  return loaded;
}

/** Resumes the project's session headless with one more prompt: it must run, and its request carry `prompts`. */
export async function assertResumes(ws: Workspace, prompts: readonly string[]): Promise<CliRun> {
  const server = await fakeServer([endTurn('resumed fine')]);
  const run = await runCli(['-p', 'one more thing', '--continue'], { cwd: ws.cwd, env: cliEnv(ws, server) });
  expect(run.stderr.split('\n').filter((line) => line.trim() !== '').length, `stderr: ${run.stderr}`).toBeLessThanOrEqual(1);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('resumed fine');
  expect(server.violations).toEqual([]);
  const sent = JSON.stringify(server.requests[0]!.body.messages);
  for (const prompt of prompts) expect(sent).toContain(prompt);
  return run;
}

/** What the user saw on stderr: one non-empty line, no stack trace. */
export function expectOneClearLine(stderr: string, pattern?: RegExp): void {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines, `stderr: ${stderr}`).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  if (pattern) expect(lines[0]).toMatch(pattern);
}
