/**
 * Tells the model when a background task has ended on its own. Without it,
 * a model that started `npm run build` in the background learns the outcome
 * only if it thinks to poll TaskOutput. A notice is queued when a task ends
 * unless the model stopped it (TaskStop) or has already read its final
 * state (TaskOutput); the loop attaches the queued notices to the next
 * request's last user message as a system reminder.
 *
 * Kept apart from backgroundTasks.ts so the loop can read notices without
 * loading the process-spawning code on the start-up path.
 */
export type TaskEndNotice = {
  readonly taskId: string;
  readonly sessionId: string;
  readonly command: string;
  readonly status: 'completed' | 'failed' | 'killed';
  readonly exitCode: number | null;
  /** Default 'bash'; an agent's end is told without exit codes. */
  readonly kind?: 'bash' | 'agent';
};

/** At most this many wait per session; older ones give way (the model can list tasks with TaskOutput). */
const MAX_PENDING_NOTICES = 20;

const pending: TaskEndNotice[] = [];
const listeners = new Set<(notice: TaskEndNotice) => void>();

/** Front ends show the user the same news (the REPL prints a line). Returns the unsubscribe. */
export function onTaskEnded(listener: (notice: TaskEndNotice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A task ended on its own: the model is told with its next request, listeners at once. */
export function queueTaskEndNotice(notice: TaskEndNotice): void {
  for (const listener of listeners) listener(notice);
  pending.push(notice);
  const ofSession = pending.filter((entry) => entry.sessionId === notice.sessionId);
  if (ofSession.length > MAX_PENDING_NOTICES) pending.splice(pending.indexOf(ofSession[0]!), 1);
}

/** The model has seen how the task ended; it needs no notice. */
export function dropTaskEndNotice(taskId: string): void {
  const index = pending.findIndex((notice) => notice.taskId === taskId);
  if (index >= 0) pending.splice(index, 1);
}

/** The reminder texts for a session's ended tasks, each given once. */
export function takeTaskEndReminders(sessionId: string): string[] {
  const taken: string[] = [];
  for (let index = pending.length - 1; index >= 0; index--) {
    const notice = pending[index]!;
    if (notice.sessionId !== sessionId) continue;
    pending.splice(index, 1);
    taken.unshift(describeTaskEnd(notice));
  }
  return taken;
}

export function describeTaskEnd(notice: TaskEndNotice): string {
  const read = notice.kind === 'agent' ? `Read its answer with TaskOutput("${notice.taskId}").` : `Read the rest of its output with TaskOutput("${notice.taskId}").`;
  return `<system-reminder>${taskEndSentence(notice)} ${read}</system-reminder>`;
}

/** "Background task bash_1a2b (npm test) failed with exit code 1." */
export function taskEndSentence(notice: TaskEndNotice): string {
  if (notice.kind === 'agent') {
    const how = notice.status === 'completed' ? 'finished' : notice.status === 'failed' ? 'failed' : 'was stopped';
    return `Background agent ${notice.taskId} (${notice.command}) ${how}.`;
  }
  const command = notice.command.length > 80 ? `${notice.command.slice(0, 77)}...` : notice.command;
  const how =
    notice.status === 'killed'
      ? 'was killed by a signal'
      : `${notice.status === 'completed' ? 'completed' : 'failed'} with exit code ${notice.exitCode}`;
  return `Background task ${notice.taskId} (${command}) ${how}.`;
}
