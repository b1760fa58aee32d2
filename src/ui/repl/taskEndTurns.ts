/**
 * Background tasks as the REPL follows them, free of React. A task that
 * ends on its own while nothing runs gives the model a turn of its own to
 * react, as Claude Code does: the notices go as a system-reminder user turn
 * (the transcript already shows each as a line). While a turn runs, a notice
 * rides with its next request, or starts a turn right after it ends. After
 * Esc the user decides what runs next, so ended tasks wait for the next
 * prompt. A task the user stopped (/tasks) starts no turn either.
 *
 * It also counts the running tasks for the prompt's hint.
 */
import type { BackgroundTasks } from '../../contract/backgroundTasks.js';

export type TaskEndTurnsOptions = {
  readonly conversationId: () => string;
  /** Something runs or is queued: the controller checks again when it is done. */
  readonly isBusy: () => boolean;
  readonly isExiting: () => boolean;
  /** Starts the model's turn about the ended tasks (the controller runs takeReminders' texts). */
  readonly startTurn: () => void;
  readonly onRunningCount: (running: number) => void;
};

export class TaskEndTurns {
  private held = false;
  private readonly stopWatching: readonly (() => void)[];

  constructor(
    private readonly tasks: BackgroundTasks,
    private readonly options: TaskEndTurnsOptions,
  ) {
    this.stopWatching = [
      tasks.onTaskEnded((notice) => {
        if (notice.sessionId !== options.conversationId() || options.isBusy()) return;
        // After the notice printed (TurnNotices hears it first); tasks ending together share one turn.
        setImmediate(() => {
          if (!options.isBusy() && this.turnDue()) options.startTurn();
        });
      }),
      tasks.onLifecycle(() => options.onRunningCount(tasks.list().filter((task) => task.status === 'running').length)),
    ];
  }

  /** Esc: ended tasks wait for the user's next prompt. */
  hold(): void {
    this.held = true;
  }

  /** The user sent something: the model may hear of tasks in turns of its own again. */
  release(): void {
    this.held = false;
  }

  /** Whether ended tasks are waiting for a turn of the model's own. */
  turnDue(): boolean {
    return !this.held && !this.options.isExiting() && this.tasks.hasEndNotices(this.options.conversationId());
  }

  /** The notices for that turn, each given once. */
  takeReminders(): string[] {
    return this.tasks.takeEndReminders(this.options.conversationId());
  }

  dispose(): void {
    for (const stop of this.stopWatching) stop();
  }
}
