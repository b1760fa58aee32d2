/**
 * The `statusLine` setting's program: run with JSON about the session on
 * stdin (the shape Claude Code's status line scripts read), its first line
 * of output shown under the input box. Re-run when the session changes and
 * after each turn, at most once every 300 ms, one run at a time (the newest state wins), each
 * run cut off after 5 s. A failing program shows nothing rather than noise.
 */
import { spawn } from 'node:child_process';
import { VERSION } from '../../version.js';
import { monotonicMs } from '../../utils/clock.js';

export const STATUS_LINE_MIN_INTERVAL_MS = 300;
const TIMEOUT_MS = 5_000;
const MAX_OUTPUT_BYTES = 8_192;
const MAX_LINE_CHARS = 400;

export type StatusLineState = {
  readonly sessionId: string;
  readonly cwd: string;
  readonly projectDir: string;
  readonly model: string;
  readonly permissionMode: string;
  readonly costUsd: number;
  readonly contextTokens: number;
};

export function statusLineInput(state: StatusLineState): string {
  return JSON.stringify({
    hook_event_name: 'Status',
    session_id: state.sessionId,
    cwd: state.cwd,
    model: { id: state.model, display_name: state.model },
    workspace: { current_dir: state.cwd, project_dir: state.projectDir },
    version: VERSION,
    permission_mode: state.permissionMode,
    cost: { total_cost_usd: state.costUsd },
    context_tokens: state.contextTokens,
  });
}

export class StatusLineCommand {
  private line: string | undefined;
  private readonly listeners = new Set<() => void>();
  private running = false;
  private pending: StatusLineState | undefined;
  private lastStart = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private lastInput: string | undefined;

  constructor(
    private readonly options: {
      readonly command: string;
      readonly cwd: string;
      readonly env?: NodeJS.ProcessEnv;
      readonly minIntervalMs?: number;
      readonly now?: () => number;
    },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): string | undefined => this.line;

  /**
   * The session changed: run the program again (throttled). An unchanged
   * state runs nothing unless `force` (a turn ended: what the program
   * reports besides our JSON, a git branch or a clock, may have changed).
   */
  update(state: StatusLineState, options: { readonly force?: boolean } = {}): void {
    if (this.disposed) return;
    const input = statusLineInput(state);
    if (input === this.lastInput && !this.pending && !options.force) return;
    this.lastInput = input;
    this.pending = state;
    this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.running || this.timer || !this.pending) return;
    const now = (this.options.now ?? monotonicMs)();
    const wait = this.lastStart + (this.options.minIntervalMs ?? STATUS_LINE_MIN_INTERVAL_MS) - now;
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.schedule();
      }, wait);
      this.timer.unref?.();
      return;
    }
    const state = this.pending;
    this.pending = undefined;
    this.lastStart = now;
    this.running = true;
    void this.run(state).then((line) => {
      this.running = false;
      if (this.disposed) return;
      if (line !== this.line) {
        this.line = line;
        for (const listener of this.listeners) listener();
      }
      this.schedule();
    });
  }

  private run(state: StatusLineState): Promise<string | undefined> {
    return new Promise((resolve) => {
      const child = spawn('/bin/sh', ['-c', this.options.command], {
        cwd: this.options.cwd,
        env: this.options.env ?? process.env,
        stdio: ['pipe', 'pipe', 'ignore'],
        timeout: TIMEOUT_MS,
      });
      let output = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (output.length < MAX_OUTPUT_BYTES) output += chunk;
      });
      child.on('error', () => resolve(undefined));
      child.on('close', (code) => resolve(code === 0 ? firstLine(output) : undefined));
      child.stdin.on('error', () => {});
      child.stdin.end(statusLineInput(state));
    });
  }
}

/** The first line, without control characters other than colour (SGR) sequences, which are kept. */
export function firstLine(output: string): string | undefined {
  const line = output.split(/\r?\n/)[0] ?? '';
  const clean = line.replace(/\u001B\[[0-9;]*m|[\u0000-\u001F\u007F]/g, (match) => (match.startsWith('\u001B[') ? match : '')).slice(0, MAX_LINE_CHARS);
  return clean.trim() === '' ? undefined : clean;
}
