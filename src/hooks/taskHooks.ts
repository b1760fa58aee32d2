/**
 * TaskCreated and TaskCompleted for background tasks (Bash or Agent with
 * run_in_background, or Bash sent there with Ctrl+B): the hooks hear of
 * each task of this session's own registry as it starts and ends.
 * agentcli's tasks are background processes and agents, not Claude Code's
 * TaskCreate work items, so the hooks cannot refuse one: a block is shown,
 * the task goes on.
 */
import type { BackgroundTasks, TaskLifecycleEvent } from '../contract/backgroundTasks.js';
import { runTaskCompletedHooks, runTaskCreatedHooks } from './lifecycleEventHooks.js';
import type { SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

export function attachTaskHooks(hooks: HookSet, tasks: BackgroundTasks, callFor: () => SessionHookCall): () => void {
  if (!hooks.has('TaskCreated') && !hooks.has('TaskCompleted')) return () => undefined;
  return tasks.onLifecycle((event: TaskLifecycleEvent) => {
    const { task } = event;
    const fields = { task_id: task.id, task_subject: task.command, ...(task.description ? { task_description: task.description } : {}) };
    const running =
      event.type === 'created'
        ? runTaskCreatedHooks(hooks, callFor(), fields)
        : runTaskCompletedHooks(hooks, callFor(), { ...fields, task_status: task.status === 'running' ? 'completed' : task.status });
    running.catch(() => undefined);
  });
}
