/**
 * Background tasks: shell commands started with Bash(run_in_background) or
 * sent to the background with Ctrl+B, and subagents started with
 * Agent(run_in_background), which keep running while the conversation goes
 * on. The model reads their new output with TaskOutput and ends them with
 * TaskStop; the user lists and stops them with /tasks.
 *
 * One BackgroundTaskRegistry per session, created by the composition root
 * and reached by tools through ToolUseContext.backgroundTasks: nothing here
 * is process-global, so two sessions in one process (ACP) stay apart.
 *
 * Each task's output is bounded in memory (the unread part beyond the
 * budget goes to a capped log file in the session folder), and each task's
 * process group is registered with the exit cleanup, so no task outlives
 * agentcli however it exits.
 */
import path from 'node:path';
import type {
  BackgroundTaskInfo,
  BackgroundTasks,
  ForegroundOffer,
  ForegroundShell,
  StartAgentTaskOptions,
  StartShellTaskOptions,
  TaskLifecycleEvent,
  TaskOutputRead,
  TaskStatus,
} from '../contract/backgroundTasks.js';
import { BoundedOutput } from '../utils/process/boundedOutput.js';
import { startShellCommand, type ShellProcess } from '../utils/process/shellCommand.js';
import { TaskEndNotices, type TaskEndNotice } from './taskNotices.js';
import { randomHex } from '../utils/ids.js';

export type { BackgroundTaskInfo, TaskOutputRead, TaskStatus, TaskLifecycleEvent } from '../contract/backgroundTasks.js';

type TaskRecord = {
  info: BackgroundTaskInfo;
  readonly output: BoundedOutput;
  /** Ends the task (a shell's whole process tree, an agent's conversation); resolves once it is gone. */
  readonly kill: () => Promise<void>;
  readOffset: number;
  stoppedBy: 'model' | 'user' | undefined;
  readonly finished: Promise<void>;
};

type PendingForeground = { readonly shell: ForegroundShell; readonly move: () => void; state: 'offered' | 'moved' | 'withdrawn' };

/** In memory per task: the first part of the output and the most recent part. */
const TASK_HEAD_CHARS = 20_000;
const TASK_TAIL_CHARS = 100_000;

/** Finished tasks stay readable, but only this many of them (oldest forgotten first). */
const MAX_FINISHED_TASKS = 50;

export class BackgroundTaskRegistry implements BackgroundTasks {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly lifecycleListeners = new Set<(event: TaskLifecycleEvent) => void>();
  private readonly notices = new TaskEndNotices();
  private readonly foreground = new Set<PendingForeground>();

  onLifecycle(listener: (event: TaskLifecycleEvent) => void): () => void {
    this.lifecycleListeners.add(listener);
    return () => this.lifecycleListeners.delete(listener);
  }

  onTaskEnded(listener: (notice: TaskEndNotice) => void): () => void {
    return this.notices.onEnded(listener);
  }

  takeEndReminders(sessionId: string): string[] {
    return this.notices.take(sessionId);
  }

  hasEndNotices(sessionId: string): boolean {
    return this.notices.has(sessionId);
  }

  async startShell(options: StartShellTaskOptions): Promise<BackgroundTaskInfo> {
    const id = newShellTaskId();
    const output = this.newOutput(options.sessionDir, id);
    const shell = await startShellCommand({
      command: options.command,
      cwd: options.cwd,
      output,
      baseEnv: options.baseEnv,
      ...(options.launcher ? { launcher: options.launcher } : {}),
    });
    return this.adoptShell(id, { ...options, shell, output });
  }

  offerForeground(shell: ForegroundShell): ForegroundOffer {
    let resolveMoved!: (task: BackgroundTaskInfo) => void;
    const moved = new Promise<BackgroundTaskInfo>((resolve) => (resolveMoved = resolve));
    const entry: PendingForeground = {
      shell,
      state: 'offered',
      move: () => resolveMoved(this.adoptShell(newShellTaskId(), shell)),
    };
    this.foreground.add(entry);
    return {
      moved,
      withdraw: () => {
        this.foreground.delete(entry);
        if (entry.state === 'moved') return false;
        entry.state = 'withdrawn';
        return true;
      },
    };
  }

  moveForegroundToBackground(): number {
    const offered = [...this.foreground].filter((entry) => entry.state === 'offered');
    for (const entry of offered) {
      entry.state = 'moved';
      this.foreground.delete(entry);
      entry.move();
    }
    return offered.length;
  }

  hasForeground(): boolean {
    return [...this.foreground].some((entry) => entry.state === 'offered');
  }

  /** Starts a subagent in the background; its final answer (or failure) becomes the task's output. */
  startAgent(options: StartAgentTaskOptions): BackgroundTaskInfo {
    const id = `agent_${options.agentId}`;
    const output = this.newOutput(options.sessionDir, id);
    const controller = new AbortController();
    const info = newInfo(id, 'agent', { ...options, command: options.label, pid: process.pid });
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
      stoppedBy: undefined,
      finished: run.then(async (ended) => {
        output.append(ended.text.endsWith('\n') ? ended.text : `${ended.text}\n`);
        await output.close();
        const status: TaskStatus = record.stoppedBy ? 'killed' : ended.ok ? 'completed' : 'failed';
        this.end(record, status, status === 'completed' ? 0 : 1);
      }),
    };
    this.add(record);
    return info;
  }

  get(id: string): BackgroundTaskInfo | undefined {
    return this.tasks.get(id)?.info;
  }

  list(): BackgroundTaskInfo[] {
    return [...this.tasks.values()].map((record) => record.info);
  }

  /**
   * Returns the output produced since the previous read and moves the read
   * position past it. With a filter, only matching lines are returned; the
   * others are consumed all the same.
   */
  readNew(id: string, filter?: RegExp): TaskOutputRead | undefined {
    const record = this.tasks.get(id);
    if (!record) return undefined;
    // Reading a finished task shows how it ended: no notice about it is due any more.
    if (record.info.status !== 'running') this.notices.drop(id);
    const slice = record.output.readFrom(record.readOffset);
    record.readOffset = slice.end;
    const text = filter ? keepMatchingLines(slice.text, filter) : slice.text;
    return { task: record.info, text, omittedChars: slice.omittedChars, logFile: record.output.spillFile };
  }

  recentOutput(id: string, lines: number): string {
    return this.tasks.get(id)?.output.lastLines(lines, lines * 200) ?? '';
  }

  async waitFor(id: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const record = this.tasks.get(id);
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

  async stop(id: string, options: { readonly by: 'model' | 'user' } = { by: 'model' }): Promise<BackgroundTaskInfo | undefined> {
    const record = this.tasks.get(id);
    if (!record) return undefined;
    if (record.info.status === 'running') {
      record.stoppedBy = options.by;
      await record.kill();
    }
    await record.finished;
    return record.info;
  }

  unknownTaskMessage(id: string): string {
    const known = this.list();
    const listing =
      known.length === 0
        ? 'No background tasks have been started in this session; start one with Bash and run_in_background: true.'
        : `Known tasks: ${known.map((task) => `${task.id} (${task.status}: ${task.command.slice(0, 60)})`).join('; ')}.`;
    return `No background task with id "${id}". ${listing}`;
  }

  /** A running shell becomes a task: one started in the background, or a foreground one the user sent there. */
  private adoptShell(id: string, started: ForegroundShell | (StartShellTaskOptions & { shell: ShellProcess; output: BoundedOutput })): BackgroundTaskInfo {
    const { shell, output } = started;
    const info = newInfo(id, 'bash', { ...started, pid: shell.pid });
    const record: TaskRecord = {
      info,
      output,
      kill: () => shell.kill(),
      readOffset: 0,
      stoppedBy: undefined,
      finished: shell.exited.then(async (exit) => {
        await output.close();
        const status: TaskStatus = record.stoppedBy || exit.exitCode === null ? 'killed' : exit.exitCode === 0 ? 'completed' : 'failed';
        this.end(record, status, exit.exitCode);
      }),
    };
    this.add(record);
    return info;
  }

  private newOutput(sessionDir: string, id: string): BoundedOutput {
    return new BoundedOutput({ headChars: TASK_HEAD_CHARS, tailChars: TASK_TAIL_CHARS, spillFile: path.join(sessionDir, 'tasks', `${id}.log`) });
  }

  private add(record: TaskRecord): void {
    this.evictOldFinishedTasks();
    this.tasks.set(record.info.id, record);
    this.announce({ type: 'created', task: record.info });
  }

  private end(record: TaskRecord, status: TaskStatus, exitCode: number | null): void {
    record.info = { ...record.info, status, exitCode, endedAt: Date.now() };
    // A task the model stopped itself needs no news; one the user stopped does (the model may be waiting on it).
    if (record.stoppedBy !== 'model') {
      const { id, sessionId, command, kind } = record.info;
      this.notices.queue({
        taskId: id,
        sessionId,
        command,
        status: status === 'running' ? 'completed' : status,
        exitCode,
        kind,
        ...(record.stoppedBy === 'user' ? { stoppedByUser: true } : {}),
      });
    }
    this.announce({ type: 'ended', task: record.info });
  }

  private announce(event: TaskLifecycleEvent): void {
    for (const listener of this.lifecycleListeners) listener(event);
  }

  private evictOldFinishedTasks(): void {
    const finished = [...this.tasks.values()].filter((record) => record.info.status !== 'running');
    for (const record of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED_TASKS + 1))) this.tasks.delete(record.info.id);
  }
}

function newShellTaskId(): string {
  return `bash_${randomHex(4)}`;
}

function newInfo(
  id: string,
  kind: BackgroundTaskInfo['kind'],
  origin: { readonly command: string; readonly description?: string; readonly cwd: string; readonly sessionId: string; readonly pid: number },
): BackgroundTaskInfo {
  return {
    id,
    kind,
    sessionId: origin.sessionId,
    command: origin.command,
    description: origin.description,
    cwd: origin.cwd,
    pid: origin.pid,
    startedAt: Date.now(),
    status: 'running',
    exitCode: null,
    endedAt: undefined,
  };
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
