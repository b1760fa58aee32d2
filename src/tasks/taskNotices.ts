/**
 * Tells the model when a background task has ended on its own. Without it,
 * a model that started `npm run build` in the background learns the outcome
 * only if it thinks to poll TaskOutput. A notice is queued when a task ends
 * unless the model stopped it (TaskStop) or has already read its final
 * state (TaskOutput); the loop attaches the queued notices to the next
 * request's last user message as a system reminder.
 *
 * One TaskEndNotices per session registry (backgroundTasks.ts): a notice
 * never reaches another session in the same process.
 */
import type { TaskEndNotice } from '../contract/backgroundTasks.js';
import { describeTaskEnd } from './taskEndText.js';

export type { TaskEndNotice } from '../contract/backgroundTasks.js';
export { describeTaskEnd, taskEndSentence } from './taskEndText.js';

/** At most this many wait per conversation; older ones give way (the model can list tasks with TaskOutput). */
const MAX_PENDING_NOTICES = 20;

export class TaskEndNotices {
  private readonly pending: TaskEndNotice[] = [];
  private readonly listeners = new Set<(notice: TaskEndNotice) => void>();

  /** Front ends show the user the same news (the REPL prints a line). Returns the unsubscribe. */
  onEnded(listener: (notice: TaskEndNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A task ended on its own: queued first, so a listener that starts a turn at once finds it. */
  queue(notice: TaskEndNotice): void {
    this.pending.push(notice);
    const ofSession = this.pending.filter((entry) => entry.sessionId === notice.sessionId);
    if (ofSession.length > MAX_PENDING_NOTICES) this.pending.splice(this.pending.indexOf(ofSession[0]!), 1);
    for (const listener of this.listeners) listener(notice);
  }

  /** The model has seen how the task ended; it needs no notice. */
  drop(taskId: string): void {
    const index = this.pending.findIndex((notice) => notice.taskId === taskId);
    if (index >= 0) this.pending.splice(index, 1);
  }

  /** Notices of tasks that ended on their own (a task the user stopped is news for the next prompt, not a reason to start a turn). */
  has(sessionId: string): boolean {
    return this.pending.some((notice) => notice.sessionId === sessionId && !notice.stoppedByUser);
  }

  /** The reminder texts for a conversation's ended tasks, each given once. */
  take(sessionId: string): string[] {
    const taken: string[] = [];
    for (let index = this.pending.length - 1; index >= 0; index--) {
      const notice = this.pending[index]!;
      if (notice.sessionId !== sessionId) continue;
      this.pending.splice(index, 1);
      taken.unshift(describeTaskEnd(notice));
    }
    return taken;
  }
}
