/**
 * One foreground Bash command: started in its own process group, its
 * output streamed as throttled progress (the last few lines), stopped with
 * its whole tree on timeout or abort — unless the user sends it to the
 * background first (Ctrl+B in the REPL): then the session's task registry
 * adopts the running shell and its output as they are, and the call returns
 * at once with the task it became. Its timeout and the turn's Esc no longer
 * reach it; TaskStop and /tasks do.
 */
import type { SandboxPolicyName } from './bashSandbox.js';
import { BoundedOutput } from '../../utils/process/boundedOutput.js';
import { startShellCommand, type ShellExit, type ShellLauncher } from '../../utils/process/shellCommand.js';
import type { BackgroundTaskInfo, BackgroundTasks } from '../../contract/backgroundTasks.js';

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
  readonly kind: 'finished';
  readonly exit: ShellExit;
  readonly output: BoundedOutput;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  readonly durationMs: number;
};

/** The user sent the command to the background while it ran; the task owns the shell now. */
export type MovedRun = { readonly kind: 'moved'; readonly task: BackgroundTaskInfo; readonly durationMs: number };

/** Where a command may go when the user sends it to the background, and what its task is told about it. */
export type BackgroundDestination = {
  readonly tasks: BackgroundTasks;
  readonly description?: string;
  readonly sessionId: string;
  readonly sessionDir: string;
};

export type ForegroundOptions = {
  readonly command: string;
  readonly cwd: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** Runs the shell inside another program (the OS sandbox). */
  readonly launcher?: ShellLauncher;
  /** The environment before scrubbing (default: this process's). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Receives the full output once it outgrows memory. */
  readonly spillFile: string;
  readonly onProgress: (progress: BashProgress) => void;
  /** Offered to the user to send to the background while it runs; absent: it always runs to its end here. */
  readonly background?: BackgroundDestination;
};

/** Kept in memory: the output's start and end; past that, the full text goes to the spill file. */
export const FOREGROUND_HEAD_CHARS = 50_000;
export const FOREGROUND_TAIL_CHARS = 50_000;
const PROGRESS_INTERVAL_MS = 200;
const PROGRESS_LINES = 5;
const PROGRESS_CHARS = 2_000;

export async function runForegroundCommand(options: ForegroundOptions): Promise<ForegroundRun | MovedRun> {
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
    ...(options.launcher ? { launcher: options.launcher } : {}),
    ...(options.baseEnv ? { baseEnv: options.baseEnv } : {}),
  });

  const destination = options.background;
  const offer = destination?.tasks.offerForeground({
    command: options.command,
    cwd: options.cwd,
    ...(destination.description ? { description: destination.description } : {}),
    sessionId: destination.sessionId,
    sessionDir: destination.sessionDir,
    shell,
    output,
  });
  // Once the command is being stopped here it can no longer move (and one that moved is not stopped here).
  const stopHere = (): void => {
    if (!offer || offer.withdraw()) void shell.kill();
  };

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopHere();
  }, options.timeoutMs);
  const onAbort = (): void => stopHere();
  options.signal.addEventListener('abort', onAbort, { once: true });
  if (options.signal.aborted) onAbort();

  let moved = false;
  try {
    const ended = await new Promise<{ readonly exit: ShellExit } | { readonly task: BackgroundTaskInfo }>((resolve) => {
      void shell.exited.then((exit) => {
        if (!offer || offer.withdraw()) resolve({ exit });
      });
      void offer?.moved.then((task) => resolve({ task }));
    });
    if ('task' in ended) {
      moved = true;
      return { kind: 'moved', task: ended.task, durationMs: Date.now() - started };
    }
    return { kind: 'finished', exit: ended.exit, output, timedOut, aborted: options.signal.aborted, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    progress.stop();
    // A moved command's output goes on filling for its task, which closes it when the command ends.
    if (!moved) await output.close();
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
