/**
 * Runs the ripgrep binary shipped by @vscode/ripgrep and hands its output
 * over record by record as it arrives, so callers can stop reading — and
 * kill rg — the moment they have enough. rg is killed on abort too.
 *
 * Every run ignores the user's ripgrep config file (RIPGREP_CONFIG_PATH):
 * our parsing depends on rg's default output format.
 */
import { spawn } from 'node:child_process';

export type RipgrepOptions = {
  readonly args: readonly string[];
  readonly cwd: string;
  readonly signal: AbortSignal;
  /** Records are separated by newlines, or by NUL with rg's --null (-0) in --files / -l modes. */
  readonly separator?: '\n' | '\0';
  /** Return 'stop' to end the run early (rg is killed). */
  readonly onRecord: (record: string) => 'continue' | 'stop';
  /** Records longer than this are cut (a guard: callers also pass --max-columns). */
  readonly maxRecordChars?: number;
};

export type RipgrepOutcome = {
  /** rg's exit code: 0 found, 1 nothing found, 2 error; null when we stopped it. */
  readonly exitCode: number | null;
  /** The start of rg's error output. */
  readonly stderr: string;
  readonly stoppedEarly: boolean;
  readonly aborted: boolean;
};

const MAX_STDERR_CHARS = 4_000;
const DEFAULT_MAX_RECORD_CHARS = 20_000;

let cachedRgPath: string | undefined;

export async function ripgrepPath(): Promise<string> {
  cachedRgPath ??= (await import('@vscode/ripgrep')).rgPath;
  return cachedRgPath;
}

export async function runRipgrep(options: RipgrepOptions): Promise<RipgrepOutcome> {
  if (options.signal.aborted) return { exitCode: null, stderr: '', stoppedEarly: false, aborted: true };
  const rg = await ripgrepPath();
  const separator = options.separator ?? '\n';
  const maxRecord = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  const { RIPGREP_CONFIG_PATH: _ignored, ...env } = process.env;
  const child = spawn(rg, ['--no-config', ...options.args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });

  let stoppedEarly = false;
  let stderr = '';
  let pending = '';
  let skippingOverlongRecord = false;
  const stop = (): void => {
    if (stoppedEarly) return;
    stoppedEarly = true;
    child.stdout.removeAllListeners('data');
    child.kill('SIGKILL');
  };
  const deliver = (record: string): void => {
    if (!stoppedEarly && options.onRecord(record) === 'stop') stop();
  };

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    let start = 0;
    for (let end = chunk.indexOf(separator); end !== -1 && !stoppedEarly; end = chunk.indexOf(separator, start)) {
      const piece = chunk.slice(start, end);
      start = end + 1;
      if (skippingOverlongRecord) {
        skippingOverlongRecord = false;
        continue;
      }
      deliver(pending + piece);
      pending = '';
    }
    if (stoppedEarly || skippingOverlongRecord) return;
    pending += chunk.slice(start);
    if (pending.length > maxRecord) {
      // A record this long is cut here and the rest of it skipped, so memory stays bounded.
      deliver(`${pending.slice(0, maxRecord)} [… line cut]`);
      pending = '';
      skippingOverlongRecord = true;
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < MAX_STDERR_CHARS) stderr = (stderr + chunk).slice(0, MAX_STDERR_CHARS);
  });

  const onAbort = (): void => {
    child.kill('SIGKILL');
  };
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    if (pending && !stoppedEarly && !skippingOverlongRecord) deliver(pending);
    return { exitCode: stoppedEarly ? null : exitCode, stderr: stderr.trim(), stoppedEarly, aborted: options.signal.aborted };
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
}
