// A real terminal for end-to-end tests: a detached tmux session on a private socket, driven with
// send-keys and read with capture-pane. Waits poll the screen until a deadline instead of sleeping.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

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
    const shellCommand = options.command.map(shellQuote).join(' ');
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

  /** tmux key names: Enter, Escape, C-c, BTab (Shift+Tab), Up, Down, M-Enter... */
  async press(...keys: string[]): Promise<void> {
    await this.tmux(['send-keys', '-t', this.session, ...keys]);
  }

  async screen(): Promise<string> {
    const { stdout } = await this.tmux(['capture-pane', '-p', '-t', this.session]);
    return stdout;
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

  async paneInfo(): Promise<{ dead: boolean; exitStatus: number | undefined; pid: number }> {
    const { stdout } = await this.tmux(['display-message', '-p', '-t', this.session, '#{pane_dead} #{pane_dead_status} #{pane_pid}']);
    const [dead, status, pid] = stdout.trim().split(' ');
    return { dead: dead === '1', exitStatus: status ? Number(status) : undefined, pid: Number(pid) };
  }

  async waitForExit(timeoutMs = 10_000): Promise<number | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const info = await this.paneInfo();
      if (info.dead) return info.exitStatus;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the program did not exit; the screen was:\n${await this.screen()}`);
  }

  async kill(): Promise<void> {
    await this.tmux(['kill-server']).catch(() => undefined);
  }

  private tmux(args: readonly string[], env?: Record<string, string>) {
    return run('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { env: env ?? process.env, encoding: 'utf8' });
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
