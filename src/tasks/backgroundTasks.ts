/**
 * Background tasks: shell commands started with Bash(run_in_background) and
 * subagents started with Agent(run_in_background), which keep running while
 * the conversation goes on. The model reads their new output with TaskOutput
 * and ends them with TaskStop.
 *
 * Each task's output is bounded in memory (the unread part beyond the
 * budget goes to a capped log file in the session folder), and each task's
 * process group is registered with the exit cleanup, so no task outlives
 * agentcli however it exits.
 */
import path from 'node:path';
import { BoundedOutput } from '../utils/process/boundedOutput.js';
import { startShellCommand, type ShellLauncher, type ShellProcess } from '../utils/process/shellCommand.js';
import { dropTaskEndNotice, queueTaskEndNotice } from './taskNotices.js';
import { randomHex } from '../utils/ids.js';

export type TaskStatus = 'running' | 'completed' | 'failed' | 'killed';

export type BackgroundTaskKind = 'bash' | 'agent';

export type BackgroundTaskInfo = {
  readonly id: string;
  readonly kind: BackgroundTaskKind;
  readonly sessionId: string;
  readonly command: string;
  readonly description: string | undefined;
  readonly cwd: string;
  /** The shell's process id; for an agent, agentcli's own (it runs in this process). */
  readonly pid: number;
  readonly startedAt: number;
  readonly status: TaskStatus;
  readonly exitCode: number | null;
  readonly endedAt: number | undefined;
};

export type TaskOutputRead = {
  readonly task: BackgroundTaskInfo;
  /** New output since the last read (only matching lines when a filter was given). */
  readonly text: string;
  /** New characters that were no longer in memory; the log file has them. */
  readonly omittedChars: number;
  readonly logFile: string | undefined;
};

type TaskRecord = {
  info: BackgroundTaskInfo;
  readonly output: BoundedOutput;
  /** Ends the task (a shell's whole process tree, an agent's conversation); resolves once it is gone. */
  readonly kill: () => Promise<void>;
  readOffset: number;
  stopRequested: boolean;
  readonly finished: Promise<void>;
};

export type StartTaskOptions = {
  readonly command: string;
  readonly description?: string;
  readonly cwd: string;
  readonly sessionId: string;
  /** The session folder; the task's log file goes under tasks/. */
  readonly sessionDir: string;
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Runs the shell inside another program (the OS sandbox). */
  readonly launcher?: ShellLauncher;
};

/** In memory per task: the first part of the output and the most recent part. */
const TASK_HEAD_CHARS = 20_000;
const TASK_TAIL_CHARS = 100_000;

/** Finished tasks stay readable, but only this many of them (oldest forgotten first). */
const MAX_FINISHED_TASKS = 50;

const tasks = new Map<string, TaskRecord>();

/** A task started or ended (TaskCreated / TaskCompleted hooks listen). */
export type TaskLifecycleEvent = { readonly type: 'created' | 'ended'; readonly task: BackgroundTaskInfo };
const lifecycleListeners = new Set<(event: TaskLifecycleEvent) => void>();

export function onTaskLifecycle(listener: (event: TaskLifecycleEvent) => void): () => void {
  lifecycleListeners.add(listener);
  return () => lifecycleListeners.delete(listener);
}

function announce(event: TaskLifecycleEvent): void {
  for (const listener of lifecycleListeners) listener(event);
}

export async function startBackgroundTask(options: StartTaskOptions): Promise<BackgroundTaskInfo> {
  const id = `bash_${randomHex(4)}`;
  const output = new BoundedOutput({
    headChars: TASK_HEAD_CHARS,
    tailChars: TASK_TAIL_CHARS,
    spillFile: path.join(options.sessionDir, 'tasks', `${id}.log`),
  });
  evictOldFinishedTasks();
  const shell = await startShellCommand({
    command: options.command,
    cwd: options.cwd,
    output,
    baseEnv: options.baseEnv,
    ...(options.launcher ? { launcher: options.launcher } : {}),
  });
  const info: BackgroundTaskInfo = {
    id,
    kind: 'bash',
    sessionId: options.sessionId,
    command: options.command,
    description: options.description,
    cwd: options.cwd,
    pid: shell.pid,
    startedAt: Date.now(),
    status: 'running',
    exitCode: null,
    endedAt: undefined,
  };
  const record: TaskRecord = {
    info,
    output,
    kill: () => shell.kill(),
    readOffset: 0,
    stopRequested: false,
    finished: shell.exited.then(async (exit) => {
      await output.close();
      const status: TaskStatus = record.stopRequested || exit.exitCode === null ? 'killed' : exit.exitCode === 0 ? 'completed' : 'failed';
      record.info = { ...record.info, status, exitCode: exit.exitCode, endedAt: Date.now() };
      // A task the model stopped itself needs no news.
      if (!record.stopRequested) {
        queueTaskEndNotice({ taskId: id, sessionId: info.sessionId, command: info.command, status, exitCode: exit.exitCode });
      }
      announce({ type: 'ended', task: record.info });
    }),
  };
  tasks.set(id, record);
  announce({ type: 'created', task: info });
  return info;
}

export type StartAgentTaskOptions = {
  /** The agent's id (the task is `agent_<id>`). */
  readonly agentId: string;
  /** "Explore: find the config loader" — what TaskOutput and notices call it. */
  readonly label: string;
  readonly description: string;
  readonly cwd: string;
  readonly sessionId: string;
  readonly sessionDir: string;
  /** Runs the agent to its final answer; throws when it fails. The signal is TaskStop's. */
  readonly run: (signal: AbortSignal) => Promise<string>;
};

/** Starts a subagent in the background; its final answer (or failure) becomes the task's output. */
export function startAgentTask(options: StartAgentTaskOptions): BackgroundTaskInfo {
  const id = `agent_${options.agentId}`;
  const output = new BoundedOutput({
    headChars: TASK_HEAD_CHARS,
    tailChars: TASK_TAIL_CHARS,
    spillFile: path.join(options.sessionDir, 'tasks', `${id}.log`),
  });
  evictOldFinishedTasks();
  const controller = new AbortController();
  const info: BackgroundTaskInfo = {
    id,
    kind: 'agent',
    sessionId: options.sessionId,
    command: options.label,
    description: options.description,
    cwd: options.cwd,
    pid: process.pid,
    startedAt: Date.now(),
    status: 'running',
    exitCode: null,
    endedAt: undefined,
  };
  const run = options.run(controller.signal).then(
    (text) => ({ ok: true as const, text }),
    (error: unknown) => ({ ok: false as const, text: error instanceof Error ? error.message : String(error) }),
  );
  const record: TaskRecord = {
    info,
    output,
    kill: async () => {
      controller.abort();
      await run;
    },
    readOffset: 0,
    stopRequested: false,
    finished: run.then(async (ended) => {
      output.append(ended.text.endsWith('\n') ? ended.text : `${ended.text}\n`);
      await output.close();
      const status: TaskStatus = record.stopRequested ? 'killed' : ended.ok ? 'completed' : 'failed';
      record.info = { ...record.info, status, exitCode: status === 'completed' ? 0 : 1, endedAt: Date.now() };
      if (!record.stopRequested) {
        queueTaskEndNotice({ taskId: id, sessionId: info.sessionId, command: info.command, status, exitCode: record.info.exitCode, kind: 'agent' });
      }
      announce({ type: 'ended', task: record.info });
    }),
  };
  tasks.set(id, record);
  announce({ type: 'created', task: info });
  return info;
}

export function getBackgroundTask(id: string): BackgroundTaskInfo | undefined {
  return tasks.get(id)?.info;
}

export function listBackgroundTasks(sessionId?: string): BackgroundTaskInfo[] {
  return [...tasks.values()].map((record) => record.info).filter((info) => !sessionId || info.sessionId === sessionId);
}

/**
 * Returns the output produced since the previous read and moves the read
 * position past it. With a filter, only matching lines are returned; the
 * others are consumed all the same.
 */
export function readNewTaskOutput(id: string, filter?: RegExp): TaskOutputRead | undefined {
  const record = tasks.get(id);
  if (!record) return undefined;
  // Reading a finished task shows how it ended: no notice about it is due any more.
  if (record.info.status !== 'running') dropTaskEndNotice(id);
  const slice = record.output.readFrom(record.readOffset);
  record.readOffset = slice.end;
  const text = filter ? keepMatchingLines(slice.text, filter) : slice.text;
  return { task: record.info, text, omittedChars: slice.omittedChars, logFile: record.output.spillFile };
}

/** Resolves true once the task has finished, false if `timeoutMs` passed or the signal fired first. */
export async function waitForBackgroundTask(id: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  const record = tasks.get(id);
  if (!record) return false;
  if (record.info.status !== 'running') return true;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    onAbort = () => resolve(false);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([record.finished.then(() => true as const), gaveUp]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** Kills the task's whole process tree; resolves once it is gone. Undefined for an unknown id. */
export async function stopBackgroundTask(id: string): Promise<BackgroundTaskInfo | undefined> {
  const record = tasks.get(id);
  if (!record) return undefined;
  if (record.info.status === 'running') {
    record.stopRequested = true;
    await record.kill();
  }
  await record.finished;
  return record.info;
}

function evictOldFinishedTasks(): void {
  const finished = [...tasks.values()].filter((record) => record.info.status !== 'running');
  for (const record of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED_TASKS + 1))) tasks.delete(record.info.id);
}

function keepMatchingLines(text: string, filter: RegExp): string {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const kept = lines.filter((line) => {
    filter.lastIndex = 0;
    return filter.test(line);
  });
  return kept.length > 0 ? `${kept.join('\n')}\n` : '';
}

/** The error text for an id that names no task: lists the session's tasks so the model can pick the right one. */
export function unknownTaskMessage(id: string, sessionId: string): string {
  const known = listBackgroundTasks(sessionId);
  const listing =
    known.length === 0
      ? 'No background tasks have been started in this session; start one with Bash and run_in_background: true.'
      : `Known tasks: ${known.map((task) => `${task.id} (${task.status}: ${task.command.slice(0, 60)})`).join('; ')}.`;
  return `No background task with id "${id}". ${listing}`;
}
