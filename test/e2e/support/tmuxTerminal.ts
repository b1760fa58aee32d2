// A real terminal for end-to-end tests: a detached tmux session on a private socket, driven with
// send-keys and read with capture-pane. Waits poll the screen until a deadline instead of sleeping.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);
const EXIT_MARKER = '[program exited with status ';

export type TmuxStartOptions = {
  readonly command: readonly string[];
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly columns?: number;
  readonly rows?: number;
};

export class TmuxTerminal {
  private constructor(
    private readonly socket: string,
    readonly session: string,
  ) {}

  static async start(options: TmuxStartOptions): Promise<TmuxTerminal> {
    const socket = `agentcli-e2e-${randomUUID().slice(0, 8)}`;
    const terminal = new TmuxTerminal(socket, 'repl');
    // The shell prints the exit status (tmux's own pane_dead_status is not always filled in) and
    // whether the program left the terminal in raw mode (echo and line editing off).
    const shellCommand = `${options.command.map(shellQuote).join(' ')}; status=$?; if stty -a | grep -q -- -icanon; then mode=raw; else mode=cooked; fi; echo "${EXIT_MARKER}$status, terminal $mode]"`;
    await terminal.tmux(
      ['new-session', '-d', '-s', 'repl', '-x', String(options.columns ?? 100), '-y', String(options.rows ?? 30), '-c', options.cwd, shellCommand],
      options.env,
    );
    // Keep the pane after the program exits so tests can read its last screen and exit status.
    await terminal.tmux(['set-option', '-t', 'repl', 'remain-on-exit', 'on']);
    return terminal;
  }

  /** Literal text, typed as is (no key names). */
  async type(text: string): Promise<void> {
    await this.tmux(['send-keys', '-t', this.session, '-l', text]);
  }

  /**
   * Bytes written to the program in one write (one read on its side), e.g. three DELs at once.
   * send-keys writes key by key; a pasted buffer (without -p: no paste brackets) goes as one write.
   */
  async sendBytes(bytes: string): Promise<void> {
    await this.tmux(['set-buffer', '-b', 'chunk', '--', bytes]);
    await this.tmux(['paste-buffer', '-d', '-r', '-b', 'chunk', '-t', this.session]);
  }

  /** tmux key names: Enter, Escape, C-c, BTab (Shift+Tab), Up, Down, M-Enter... */
  async press(...keys: string[]): Promise<void> {
    await this.tmux(['send-keys', '-t', this.session, ...keys]);
  }

  async screen(): Promise<string> {
    const { stdout } = await this.tmux(['capture-pane', '-p', '-t', this.session]);
    return stdout;
  }

  /** The screen with its escape sequences (colours, styles). */
  async screenWithEscapes(): Promise<string> {
    const { stdout } = await this.tmux(['capture-pane', '-p', '-e', '-t', this.session]);
    return stdout;
  }

  async resize(columns: number, rows: number): Promise<void> {
    await this.tmux(['resize-window', '-t', this.session, '-x', String(columns), '-y', String(rows)]);
  }

  /** Screen plus scroll-back, for output that scrolled off the top. */
  async history(): Promise<string> {
    const { stdout } = await this.tmux(['capture-pane', '-p', '-S', '-2000', '-t', this.session]);
    return stdout;
  }

  async waitFor(expected: string | RegExp | ((screen: string) => boolean), options: { timeoutMs?: number; scrollback?: boolean } = {}): Promise<string> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    const matches = (screen: string): boolean =>
      typeof expected === 'string' ? screen.includes(expected) : expected instanceof RegExp ? expected.test(screen) : expected(screen);
    let last = '';
    while (Date.now() < deadline) {
      last = options.scrollback ? await this.history() : await this.screen();
      if (matches(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${String(expected)}; the screen was:\n${last}`);
  }

  /** The program's exit status, once it has exited. */
  async waitForExit(timeoutMs = 10_000): Promise<number> {
    return (await this.waitForExitDetails(timeoutMs)).status;
  }

  /** Exit status, and the terminal mode the program left behind (a REPL must restore cooked mode). */
  async waitForExitDetails(timeoutMs = 10_000): Promise<{ status: number; terminal: 'raw' | 'cooked' }> {
    const pattern = new RegExp(`${escapeRegExp(EXIT_MARKER)}(\\d+), terminal (raw|cooked)\\]`);
    const match = pattern.exec(await this.waitFor(pattern, { timeoutMs, scrollback: true }))!;
    return { status: Number(match[1]), terminal: match[2] === 'raw' ? 'raw' : 'cooked' };
  }

  /** Appends every byte the program writes to the terminal from now on to `file` (tmux pipe-pane). */
  async recordOutput(file: string): Promise<void> {
    await this.tmux(['pipe-pane', '-o', '-t', this.session, `cat >> ${shellQuote(file)}`]);
  }

  async kill(): Promise<void> {
    await this.tmux(['kill-server']).catch(() => undefined);
  }

  private tmux(args: readonly string[], env?: Record<string, string>) {
    return run('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { env: env ?? process.env, encoding: 'utf8' });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
