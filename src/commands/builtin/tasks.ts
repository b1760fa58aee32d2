/**
 * `/tasks` (also `/bashes`, Claude Code's name): the session's background
 * shells and agents — started with run_in_background or sent there with
 * Ctrl+B — with their status and recent output, and a way to stop one.
 *
 * In the REPL, `/tasks` opens a selection list (the recent output of the
 * task under the cursor shows below it); choosing a running task asks
 * whether to stop it, choosing a finished one prints its last lines.
 * `/tasks list` prints the same listing as plain text, and `/tasks stop
 * <id>` stops one without a dialog; an ACP editor gets these (`/tasks` is
 * the listing there). Headless -p does not offer it: each run starts with
 * no tasks and stops them when it ends (src/entrypoints/headless.ts). A task
 * the user stops is told to the model with its next request, since it may
 * have been waiting for it.
 */
import type { BackgroundTaskInfo, BackgroundTasks } from '../../contract/backgroundTasks.js';
import type { CommandResult } from '../custom/commandResult.js';
import type { SlashCommand } from '../types.js';

/** Lines of recent output in the dialog's preview and in the text listing. */
const PREVIEW_LINES = 8;
const LISTING_LINES = 3;
const STOP = 'stop';

export const tasksCommand: SlashCommand = {
  name: 'tasks',
  aliases: ['bashes'],
  description: 'List background shells and agents; stop one',
  argumentHint: '[list | stop <id>]',
  async textForm(args, session) {
    const answer = await tasksWithoutDialog(session.backgroundTasks, args);
    return { text: answer.text, ...(answer.tone === 'error' ? { error: true } : {}) };
  },
  async run(args, context) {
    const tasks = context.session.backgroundTasks;
    const all = newestFirst(tasks.list());
    if (args.trim() !== '' || all.length === 0) return tasksWithoutDialog(tasks, args);

    const chosen = await context.choose({
      title: `Background tasks (${countLine(all)}) · Enter: stop a running one, or show a finished one's output · Esc: close`,
      options: all.map((task) => ({
        value: task.id,
        label: `${task.id}  ${statusWord(task)}  ${firstLine(task.command, 60)}`,
        description: taskAge(task),
        preview: previewLines(tasks, task),
      })),
    });
    if (chosen === undefined) return { type: 'none' };
    const task = tasks.get(chosen);
    if (!task) return { type: 'text', tone: 'error', text: tasks.unknownTaskMessage(chosen) };
    if (task.status !== 'running') return { type: 'text', text: finishedOutput(tasks, task) };
    const confirm = await context.choose({
      title: `Stop ${task.id} (${firstLine(task.command, 60)}) and every process it started?`,
      options: [
        { value: STOP, label: 'Yes, stop it' },
        { value: 'keep', label: 'No, keep it running' },
      ],
    });
    return confirm === STOP ? stopTask(tasks, task.id) : { type: 'text', text: `${task.id} keeps running.` };
  },
};

/** `/tasks list` and `/tasks stop <id>`, and the whole command where there is no dialog (ACP): plain text. */
export async function tasksWithoutDialog(tasks: BackgroundTasks, args: string): Promise<CommandResult & { readonly type: 'text' }> {
  const [action, id] = args.trim().split(/\s+/).filter(Boolean);
  if (action === 'stop') return id ? stopTask(tasks, id) : { type: 'text', tone: 'error', text: 'Say which task to stop: /tasks stop <id> (/tasks list shows the ids).' };
  if (action !== undefined && action !== 'list') return { type: 'text', tone: 'error', text: `Unknown /tasks action "${action}". Use /tasks, /tasks list, or /tasks stop <id>.` };
  return { type: 'text', text: taskListing(tasks) };
}

const NO_TASKS = 'No background tasks in this session. The model starts them with run_in_background; Ctrl+B sends a running Bash command to the background.';

async function stopTask(tasks: BackgroundTasks, id: string): Promise<CommandResult & { readonly type: 'text' }> {
  const before = tasks.get(id);
  if (!before) return { type: 'text', tone: 'error', text: tasks.unknownTaskMessage(id) };
  if (before.status !== 'running') return { type: 'text', text: `${id} had already ended (${statusWord(before)}); nothing to stop.` };
  await tasks.stop(id, { by: 'user' });
  return { type: 'text', text: `Stopped ${id} (${firstLine(before.command, 60)}) and every process it started. The model is told with its next request.` };
}

/** The plain-text listing: one line per task, its last few output lines under it. */
export function taskListing(tasks: BackgroundTasks, all: readonly BackgroundTaskInfo[] = newestFirst(tasks.list())): string {
  if (all.length === 0) return NO_TASKS;
  const lines = [`Background tasks (${countLine(all)}):`];
  for (const task of all) {
    lines.push(`  ${task.id}  ${statusWord(task)}  ${firstLine(task.command, 80)}  · ${taskAge(task)}`);
    const recent = tasks.recentOutput(task.id, LISTING_LINES).replace(/\n+$/, '');
    for (const line of recent ? recent.split('\n') : []) lines.push(`      ${firstLine(line, 100)}`);
  }
  lines.push('/tasks stop <id> stops one; /tasks opens the list to choose.');
  return lines.join('\n');
}

function previewLines(tasks: BackgroundTasks, task: BackgroundTaskInfo): string[] {
  const recent = tasks.recentOutput(task.id, PREVIEW_LINES).replace(/\n+$/, '');
  const head = `${task.kind === 'agent' ? 'Agent' : 'Shell'} ${task.id} · ${statusWord(task)} · in ${task.cwd}`;
  const nothingYet = task.kind === 'agent' && task.status === 'running' ? '(working: its answer shows here when it finishes)' : '(no output yet)';
  return [head, ...(recent ? recent.split('\n').map((line) => firstLine(line, 120)) : [nothingYet])];
}

function finishedOutput(tasks: BackgroundTasks, task: BackgroundTaskInfo): string {
  const recent = tasks.recentOutput(task.id, PREVIEW_LINES * 2).replace(/\n+$/, '');
  return [`${task.id} (${firstLine(task.command, 80)}) ${statusWord(task)}.`, recent || '(no output)'].join('\n');
}

function newestFirst(all: readonly BackgroundTaskInfo[]): BackgroundTaskInfo[] {
  // Running ones first, each group newest first (the registry lists them as they started): what the user most likely came for.
  return [...all].reverse().sort((a, b) => Number(b.status === 'running') - Number(a.status === 'running'));
}

function countLine(all: readonly BackgroundTaskInfo[]): string {
  const running = all.filter((task) => task.status === 'running').length;
  return `${running} running, ${all.length - running} finished`;
}

export function statusWord(task: BackgroundTaskInfo): string {
  switch (task.status) {
    case 'running':
      return 'running';
    case 'completed':
      return task.kind === 'agent' ? 'completed' : 'completed (exit 0)';
    case 'failed':
      return task.kind === 'agent' ? 'failed' : `failed (exit ${task.exitCode})`;
    case 'killed':
      return 'stopped';
  }
}

function taskAge(task: BackgroundTaskInfo): string {
  const ms = (task.endedAt ?? Date.now()) - task.startedAt;
  return task.status === 'running' ? `running for ${formatDuration(ms)}` : `ran ${formatDuration(ms)}`;
}

/** "4 s", "2 min 5 s", "1 h 3 min". */
function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function firstLine(text: string, max: number): string {
  const line = text.split('\n')[0] ?? '';
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return text.includes('\n') ? `${cut} …` : cut;
}
