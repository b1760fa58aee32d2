/**
 * One foreground Bash command: started in its own process group, its
 * output streamed as throttled progress (the last few lines), stopped with
 * its whole tree on timeout or abort.
 */
import type { SandboxPolicyName } from './bashSandbox.js';
import { BoundedOutput } from '../../utils/process/boundedOutput.js';
import { startShellCommand, type ShellExit, type ShellLauncher } from '../../utils/process/shellCommand.js';

export type BashProgress = {
  readonly type: 'bash_output';
  /** The last few lines printed so far. */
  readonly lastLines: string;
  readonly totalLines: number;
  readonly totalChars: number;
  readonly elapsedMs: number;
  /** The command runs in the OS sandbox. */
  readonly sandboxed?: boolean;
  /** Under which policy (see bashSandbox.ts). */
  readonly sandboxPolicy?: SandboxPolicyName;
};

export type ForegroundRun = {
  readonly exit: ShellExit;
  readonly output: BoundedOutput;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  readonly durationMs: number;
};

export type ForegroundOptions = {
  readonly command: string;
  readonly cwd: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** Runs the shell inside another program (the OS sandbox). */
  readonly launcher?: ShellLauncher;
  /** Receives the full output once it outgrows memory. */
  readonly spillFile: string;
  readonly onProgress: (progress: BashProgress) => void;
  /** The environment before scrubbing (default: this process's). */
  readonly baseEnv?: NodeJS.ProcessEnv;
};

/** Kept in memory: the output's start and end; past that, the full text goes to the spill file. */
export const FOREGROUND_HEAD_CHARS = 50_000;
export const FOREGROUND_TAIL_CHARS = 50_000;
const PROGRESS_INTERVAL_MS = 200;
const PROGRESS_LINES = 5;
const PROGRESS_CHARS = 2_000;

export async function runForegroundCommand(options: ForegroundOptions): Promise<ForegroundRun> {
  const started = Date.now();
  const output = new BoundedOutput({
    headChars: FOREGROUND_HEAD_CHARS,
    tailChars: FOREGROUND_TAIL_CHARS,
    spillFile: options.spillFile,
  });
  const progress = throttledProgress(output, started, options.onProgress);
  const shell = await startShellCommand({
    command: options.command,
    cwd: options.cwd,
    output,
    onOutput: progress.schedule,
    ...(options.baseEnv ? { baseEnv: options.baseEnv } : {}),
    ...(options.launcher ? { launcher: options.launcher } : {}),
  });

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void shell.kill();
  }, options.timeoutMs);
  const onAbort = (): void => void shell.kill();
  options.signal.addEventListener('abort', onAbort, { once: true });
  if (options.signal.aborted) onAbort();

  try {
    const exit = await shell.exited;
    return { exit, output, timedOut, aborted: options.signal.aborted, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    progress.stop();
    await output.close();
  }
}

function throttledProgress(output: BoundedOutput, started: number, emit: (progress: BashProgress) => void) {
  let lastEmit = 0;
  let pending: NodeJS.Timeout | undefined;
  let stopped = false;
  const send = (): void => {
    pending = undefined;
    if (stopped) return;
    lastEmit = Date.now();
    emit({
      type: 'bash_output',
      lastLines: output.lastLines(PROGRESS_LINES, PROGRESS_CHARS),
      totalLines: output.lineCount,
      totalChars: output.length,
      elapsedMs: lastEmit - started,
    });
  };
  return {
    schedule(): void {
      if (pending || stopped) return;
      const wait = lastEmit + PROGRESS_INTERVAL_MS - Date.now();
      if (wait <= 0) send();
      else pending = setTimeout(send, wait);
    },
    stop(): void {
      stopped = true;
      clearTimeout(pending);
    },
  };
}
