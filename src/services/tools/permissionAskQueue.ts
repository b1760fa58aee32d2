/**
 * Permission dialogs one at a time, and each decided again when its turn
 * comes. Parallel calls that need the same approval each ask; once the user
 * answers the first with "Yes, and don't ask again", the rule is live, and
 * the calls still waiting are decided again before any dialog opens: those
 * the new rule allows run without asking (opencode re-decides its queue the
 * same way).
 */
import type { PermissionAsker } from './toolExecution.js';

class PermissionAskQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  /**
   * Runs `task` after every earlier task has finished. `waited` says whether
   * another ask was open or queued when this one arrived (then the decision
   * may have changed meanwhile). An abort while waiting answers `onAbort()`.
   */
  async run<T>(signal: AbortSignal, onAbort: () => T, task: (waited: boolean) => Promise<T>): Promise<T> {
    const waited = this.pending > 0;
    this.pending++;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    try {
      if (!(await settledUnlessAborted(previous, signal))) return onAbort();
      return await task(waited);
    } finally {
      this.pending--;
      // An aborted waiter keeps its place until the ask before it is done, so order holds.
      void previous.then(release);
    }
  }
}

function settledUnlessAborted(promise: Promise<void>, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(!signal.aborted);
    });
  });
}

/** One queue per asker: a front end's dialogs (its askPermission) are one queue, however many envs carry it. */
const queues = new WeakMap<PermissionAsker, PermissionAskQueue>();

export function askQueueFor(asker: PermissionAsker): PermissionAskQueue {
  let queue = queues.get(asker);
  if (!queue) {
    queue = new PermissionAskQueue();
    queues.set(asker, queue);
  }
  return queue;
}
