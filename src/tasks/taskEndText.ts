/**
 * How a background task's end is told: the sentence the REPL prints and the
 * reminder the model reads. Pure text in a module of its own: the REPL's
 * notices need the words, not the registry that queues them.
 */
import type { TaskEndNotice } from '../contract/backgroundTasks.js';

export function describeTaskEnd(notice: TaskEndNotice): string {
  const read = notice.kind === 'agent' ? `Read its answer with TaskOutput("${notice.taskId}").` : `Read the rest of its output with TaskOutput("${notice.taskId}").`;
  return `<system-reminder>${taskEndSentence(notice)} ${read}</system-reminder>`;
}

/** "Background task bash_1a2b (npm test) failed with exit code 1." */
export function taskEndSentence(notice: TaskEndNotice): string {
  if (notice.kind === 'agent') {
    const how = notice.stoppedByUser ? 'was stopped by the user' : notice.status === 'completed' ? 'finished' : notice.status === 'failed' ? 'failed' : 'was stopped';
    return `Background agent ${notice.taskId} (${notice.command}) ${how}.`;
  }
  const command = notice.command.length > 80 ? `${notice.command.slice(0, 77)}...` : notice.command;
  const how = notice.stoppedByUser
    ? 'was stopped by the user'
    : notice.status === 'killed'
      ? 'was killed by a signal'
      : `${notice.status === 'completed' ? 'completed' : 'failed'} with exit code ${notice.exitCode}`;
  return `Background task ${notice.taskId} (${command}) ${how}.`;
}
