/**
 * Runs one shell command the way the Bash tool and background tasks need:
 * in the user's shell, as the leader of its own process group (so the whole
 * tree can be killed), stdin closed, stdout and stderr merged at the file
 * descriptor (true interleaving), output captured in a BoundedOutput, and
 * the shell's final working directory reported back.
 *
 * When the shell exits, anything it left running in its group (a stray `&`
 * job) is stopped: otherwise it would hold the output pipe open and outlive
 * the call. Long-running processes belong in background tasks.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BoundedOutput } from './boundedOutput.js';
import { childEnvironment } from './childEnvironment.js';
import { trackProcessGroup } from './liveProcessGroups.js';
import { isTreeRunning, killProcessTree } from './processTree.js';
import { userShell } from './userShell.js';
import { newUuid } from '../ids.js';

export type ShellCommandOptions = {
  readonly command: string;
  readonly cwd: string;
  readonly output: BoundedOutput;
  /** The environment before scrubbing (default: this process's). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Called after each piece of output is captured. */
  readonly onOutput?: () => void;
  /** Wraps the shell in another program (the OS sandbox); by default the shell runs as it is. */
  readonly launcher?: ShellLauncher;
};

export type ShellInvocation = {
  readonly file: string;
  readonly args: readonly string[];
  /**
   * Everything the command starts ends with this process (a PID namespace):
   * nothing can be left running, so there is no stray check — which would
   * otherwise catch the namespace's processes while the kernel ends them.
   */
  readonly treeEndsWithIt?: boolean;
};

/**
 * Turns the shell's invocation into the one to run. `stateFile` is where the
 * shell reports its final working directory: it must stay writable.
 */
export type ShellLauncher = (shell: ShellInvocation, where: { readonly cwd: string; readonly stateFile: string }) => ShellInvocation;

export type ShellExit = {
  /** null when the shell was ended by a signal. */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The shell's working directory when it exited normally; undefined if unknown. */
  readonly finalCwd: string | undefined;
  /** Processes the command left running in the background were stopped when the shell exited. */
  readonly strayProcessesStopped: boolean;
};

export type ShellProcess = {
  readonly pid: number;
  /** Resolves once the shell has exited, its output is fully captured and its tree is gone. */
  readonly exited: Promise<ShellExit>;
  /** Kills the whole tree (SIGTERM, then SIGKILL after a grace period); resolves when it is gone. */
  kill(): Promise<void>;
};

/** How long output may keep arriving after the shell and its group are gone (an escaped daemon holding the pipe). */
const STDIO_SETTLE_MS = 2_000;

// $1: file to write the final cwd to; $2: the command. The EXIT trap runs on `exit` too.
const WRAPPER_SCRIPT = [
  '__agentcli_cwd_file=$1',
  '__agentcli_command=$2',
  'shift 2',
  `trap 'pwd -P >| "$__agentcli_cwd_file" 2>/dev/null' EXIT`,
  'exec 2>&1',
  'eval "$__agentcli_command"',
].join('\n');

export async function startShellCommand(options: ShellCommandOptions): Promise<ShellProcess> {
  const { execa } = await import('execa');
  const cwdFile = path.join(os.tmpdir(), `agentcli-cwd-${newUuid()}`);
  const shell: ShellInvocation = { file: userShell(), args: ['-c', WRAPPER_SCRIPT, 'agentcli', cwdFile, options.command] };
  // A launcher binds the file into its own view of the file system, so it must exist first.
  if (options.launcher) await writeFile(cwdFile, '', { mode: 0o600 });
  const launch = options.launcher ? options.launcher(shell, { cwd: options.cwd, stateFile: cwdFile }) : shell;
  const subprocess = execa(launch.file, [...launch.args], {
    cwd: options.cwd,
    env: childEnvironment(options.baseEnv),
    extendEnv: false,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    detached: true,
    cleanup: false,
    stripFinalNewline: false,
  });
  const pid = subprocess.pid;
  if (pid === undefined) {
    const result = await subprocess;
    throw new Error(result.originalMessage || result.shortMessage || 'the shell could not be started');
  }
  // The execa promise settles on its own terms; we follow the child's events instead.
  subprocess.then(
    () => undefined,
    () => undefined,
  );
  const untrack = trackProcessGroup(pid);

  const streamsDone = Promise.all([subprocess.stdout, subprocess.stderr].map((stream) => capture(stream, options)));
  const shellExited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    subprocess.once('exit', (code, signal) => resolve({ code, signal })),
  );

  let killing: Promise<void> | undefined;
  const kill = (): Promise<void> => (killing ??= killProcessTree(pid));

  const exited = (async (): Promise<ShellExit> => {
    const { code, signal } = await shellExited;
    const strays = !killing && !launch.treeEndsWithIt && isTreeRunning(pid);
    if (strays) await kill();
    else if (killing) await killing;
    await settleStreams(streamsDone, [subprocess.stdout, subprocess.stderr]);
    untrack();
    const finalCwd = code === null ? undefined : await readFinalCwd(cwdFile);
    await rm(cwdFile, { force: true });
    return { exitCode: code, signal, finalCwd, strayProcessesStopped: strays };
  })();

  return { pid, exited, kill };
}

function capture(stream: Readable | null, options: ShellCommandOptions): Promise<void> {
  if (!stream) return Promise.resolve();
  stream.setEncoding('utf8');
  return new Promise((resolve) => {
    stream.on('data', (chunk: string) => {
      if (!options.output.append(chunk)) {
        stream.pause();
        void options.output.drain().then(() => stream.resume());
      }
      options.onOutput?.();
    });
    stream.once('close', () => resolve());
    stream.once('error', () => resolve());
  });
}

async function settleStreams(done: Promise<unknown>, streams: ReadonlyArray<Readable | null>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STDIO_SETTLE_MS);
  });
  const outcome = await Promise.race([done.then(() => 'done' as const), timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') for (const stream of streams) stream?.destroy();
}

async function readFinalCwd(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).replace(/\n$/, '');
    return text && path.isAbsolute(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
