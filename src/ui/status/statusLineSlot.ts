/**
 * Where the `statusLine` program's line comes from while the REPL runs: the
 * program configured at start, replaced (or removed) when `/statusline`
 * changes the setting, without a restart. The screen reads the slot like a
 * single program's line (subscribe / getSnapshot).
 */
import type { ReplController } from '../repl/replController.js';
import { followSessionInStatusLine } from './followSessionInStatusLine.js';
import { StatusLineCommand } from './statusLineCommand.js';

export type StatusLineSource = {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => string | undefined;
};

export class StatusLineSlot implements StatusLineSource {
  private current: { readonly command: StatusLineCommand; readonly stop: () => void; readonly unsubscribe: () => void } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly controller: ReplController,
    private readonly options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly minIntervalMs?: number },
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): string | undefined => this.current?.command.getSnapshot();

  /** Runs `command` from now on (undefined: no custom line). */
  set(command: string | undefined): void {
    this.stopCurrent();
    if (command !== undefined && command.trim() !== '') {
      const followed = followSessionInStatusLine(
        this.controller,
        new StatusLineCommand({ command, cwd: this.options.cwd, ...(this.options.env ? { env: this.options.env } : {}), ...(this.options.minIntervalMs !== undefined ? { minIntervalMs: this.options.minIntervalMs } : {}) }),
      );
      this.current = { ...followed, unsubscribe: followed.command.subscribe(() => this.notify()) };
    }
    this.notify();
  }

  dispose(): void {
    this.stopCurrent();
  }

  private stopCurrent(): void {
    this.current?.unsubscribe();
    this.current?.stop();
    this.current = undefined;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
