/**
 * Runs one command hook as a real process:
 *   - `/bin/sh -c <command>` (what Claude Code runs hooks with), in the
 *     session's cwd, as the leader of its own process group;
 *   - the Bash tool's scrubbed environment (no BASH_ENV, LD_PRELOAD, ...),
 *     plus CLAUDE_PROJECT_DIR;
 *   - the event's JSON on stdin (a hook that ignores stdin is fine);
 *   - stdout and stderr each kept to MAX_STREAM_CHARS;
 *   - at its timeout, or when the turn is interrupted, the whole tree is
 *     killed (SIGTERM, then SIGKILL), and so is anything the hook left
 *     running in its group when it exits — a hook must not outlive its event.
 */
import { spawn } from 'node:child_process';
import { childEnvironment } from '../utils/process/childEnvironment.js';
import { trackProcessGroup } from '../utils/process/liveProcessGroups.js';
import { isTreeRunning, killProcessTree } from '../utils/process/processTree.js';
import type { FinishedCommand } from './commandVerdict.js';

/** Per stream: enough for any verdict or context a hook should give; a runaway hook costs no more. */
export const MAX_STREAM_CHARS = 100_000;
const HOOK_SHELL = '/bin/sh';
/** A grandchild that escaped the group may hold a pipe open; stop waiting for it after this. */
const STDIO_SETTLE_MS = 1_000;

export type CommandHookRun = {
  readonly command: string;
  readonly stdin: string;
  readonly cwd: string;
  readonly projectDir: string;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** The environment before scrubbing (default: this process's). */
  readonly baseEnv?: NodeJS.ProcessEnv;
};

export function runCommandHook(run: CommandHookRun): Promise<FinishedCommand> {
  return new Promise((resolve) => {
    const env = { ...childEnvironment(run.baseEnv), CLAUDE_PROJECT_DIR: run.projectDir };
    let child;
    try {
      child = spawn(HOOK_SHELL, ['-c', run.command], { cwd: run.cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ exitCode: null, signal: null, stdout: '', stderr: '', startError: error instanceof Error ? error.message : String(error) });
      return;
    }
    const stdout = boundedText();
    const stderr = boundedText();
    child.stdout.setEncoding('utf8').on('data', stdout.append);
    child.stderr.setEncoding('utf8').on('data', stderr.append);
    const streamsClosed = Promise.all([child.stdout, child.stderr].map((stream) => new Promise((done) => stream.once('close', done))));
    // A hook that exits without reading its input closes the pipe: not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.stdin);

    const pid = child.pid;
    const untrack = pid === undefined ? () => undefined : trackProcessGroup(pid);
    let killing: Promise<void> | undefined;
    const kill = (): Promise<void> => (killing ??= pid === undefined ? Promise.resolve() : killProcessTree(pid));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void kill();
    }, run.timeoutMs);
    const onAbort = (): void => void kill();
    run.signal.addEventListener('abort', onAbort, { once: true });
    if (run.signal.aborted) onAbort();

    let startError: string | undefined;
    child.once('error', (error) => {
      startError = error.message;
    });
    child.once('exit', (exitCode, signal) => {
      void (async () => {
        clearTimeout(timer);
        run.signal.removeEventListener('abort', onAbort);
        if (pid !== undefined && !killing && isTreeRunning(pid)) await kill();
        else if (killing) await killing;
        await Promise.race([streamsClosed, new Promise((done) => setTimeout(done, STDIO_SETTLE_MS).unref())]);
        child.stdout.destroy();
        child.stderr.destroy();
        untrack();
        resolve({
          exitCode,
          signal,
          stdout: stdout.text(),
          stderr: stderr.text(),
          ...(timedOut ? { timedOutAfterMs: run.timeoutMs } : {}),
          ...(startError !== undefined ? { startError } : {}),
        });
      })();
    });
    child.once('error', () => {
      // spawn failures (ENOENT on the shell, a missing cwd) emit 'error' without 'exit'.
      if (pid === undefined) {
        clearTimeout(timer);
        run.signal.removeEventListener('abort', onAbort);
        untrack();
        resolve({ exitCode: null, signal: null, stdout: '', stderr: '', startError: startError ?? 'spawn failed' });
      }
    });
  });
}

function boundedText(): { append: (chunk: string) => void; text: () => string } {
  let text = '';
  let dropped = 0;
  return {
    append(chunk: string) {
      const room = MAX_STREAM_CHARS - text.length;
      if (room >= chunk.length) text += chunk;
      else {
        text += chunk.slice(0, Math.max(0, room));
        dropped += chunk.length - Math.max(0, room);
      }
    },
    text: () => (dropped > 0 ? `${text}\n[… ${dropped} more characters not kept]` : text),
  };
}
