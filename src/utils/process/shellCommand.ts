/**
 * Runs one shell command the way the Bash tool and background tasks need:
 * in the user's shell, as the leader of its own process group (so the whole
 * tree can be killed), stdin closed, stdout and stderr merged at the file
 * descriptor (true interleaving), output captured in a BoundedOutput, and
 * the shell's final working directory reported back.
 *
 * The wrapper keeps its own state out of the command's reach: the final
 * working directory goes to file descriptor 3, a pipe agentcli opened
 * before the shell started, never to a path held in a variable the command
 * could assign (`__cwd_file=.git/hooks/pre-commit` once made the wrapper
 * write a hook for it). The command can at most write its own text into
 * that pipe, which is worth no more than a `cd`.
 *
 * When the shell exits, anything it left running in its group (a stray `&`
 * job) is stopped: otherwise it would hold the output pipe open and outlive
 * the call. Long-running processes belong in background tasks.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BoundedOutput } from './boundedOutput.js';
import { childEnvironment } from './childEnvironment.js';
import { trackProcessGroup } from './liveProcessGroups.js';
import { isTreeRunning, killProcessTree } from './processTree.js';
import { userShell } from './userShell.js';

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
 * Turns the shell's invocation into the one to run. The launcher must pass
 * file descriptor 3 through (the shell reports its final directory there).
 */
export type ShellLauncher = (shell: ShellInvocation, where: { readonly cwd: string }) => ShellInvocation;

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

/** The descriptor the wrapper reports the final working directory on (a pipe to us). */
export const STATE_FD = 3;

// $1: the command, read once by eval and never again. The EXIT trap runs on `exit` too; it names no
// variable, so nothing the command assigns changes where it writes.
const WRAPPER_SCRIPT = [`trap 'pwd -P >&${STATE_FD} 2>/dev/null' EXIT`, 'exec 2>&1', 'eval "$1"'].join('\n');

export async function startShellCommand(options: ShellCommandOptions): Promise<ShellProcess> {
  const { execa } = await import('execa');
  const shell: ShellInvocation = { file: userShell(), args: ['-c', WRAPPER_SCRIPT, 'agentcli', options.command] };
  const launch = options.launcher ? options.launcher(shell, { cwd: options.cwd }) : shell;
  const subprocess = execa(launch.file, [...launch.args], {
    cwd: options.cwd,
    env: childEnvironment(options.baseEnv),
    extendEnv: false,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
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

  const stateStream = subprocess.stdio[STATE_FD] as Readable | null;
  const state = collectState(stateStream);
  const outputDone = Promise.all([subprocess.stdout, subprocess.stderr].map((stream) => capture(stream, options)));
  const streamsDone = Promise.all([outputDone, state.done]);
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
    // A child that kept a descriptor open may hold its pipe: after the settle time we take what came and let go.
    await settleStreams(streamsDone, [subprocess.stdout, subprocess.stderr, stateStream]);
    untrack();
    const finalCwd = code === null ? undefined : finalCwdOf(state.text());
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

/** Everything written to the state pipe so far (bounded: a path, not a stream of output). */
function collectState(stream: Readable | null): { readonly done: Promise<void>; text(): string } {
  let text = '';
  if (!stream) return { done: Promise.resolve(), text: () => text };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    if (text.length < 64 * 1024) text += chunk;
  });
  const done = new Promise<void>((resolve) => {
    stream.once('close', () => resolve());
    stream.once('error', () => resolve());
  });
  return { done, text: () => text };
}

/** The trap's line is the last one written; anything the command wrote there before it counts for nothing. */
function finalCwdOf(reported: string): string | undefined {
  const last = reported.replace(/\n$/, '').split('\n').at(-1) ?? '';
  return last && path.isAbsolute(last) ? last : undefined;
}
