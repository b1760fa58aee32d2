/**
 * Background tasks as tools see them: shell commands started with
 * Bash(run_in_background) or sent to the background with Ctrl+B, and
 * subagents started with Agent(run_in_background). Each session owns one
 * registry (src/tasks/backgroundTasks.ts implements it; the composition root
 * creates it), so two sessions in one process — two ACP sessions — never
 * see, read or stop each other's tasks, nor hear of each other's ends.
 */
import type { BoundedOutput } from '../utils/process/boundedOutput.js';
import type { ShellLauncher, ShellProcess } from '../utils/process/shellCommand.js';

export type TaskStatus = 'running' | 'completed' | 'failed' | 'killed';

export type BackgroundTaskKind = 'bash' | 'agent';

export type BackgroundTaskInfo = {
  readonly id: string;
  readonly kind: BackgroundTaskKind;
  /** The conversation that started it: its notice goes to that conversation's next request. */
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

type TaskOrigin = {
  readonly description?: string;
  readonly cwd: string;
  /** The conversation starting it. */
  readonly sessionId: string;
  /** That conversation's folder; a task's log file goes under tasks/. */
  readonly sessionDir: string;
};

export type StartShellTaskOptions = TaskOrigin & {
  readonly command: string;
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Runs the shell inside another program (the OS sandbox). */
  readonly launcher?: ShellLauncher;
};

export type StartAgentTaskOptions = TaskOrigin & {
  /** The agent's id (the task is `agent_<id>`). */
  readonly agentId: string;
  /** "Explore: find the config loader" — what TaskOutput and notices call it. */
  readonly label: string;
  /** Runs the agent to its final answer; throws when it fails. The signal is TaskStop's. */
  readonly run: (signal: AbortSignal) => Promise<string>;
};

/**
 * A foreground Bash command the user may send to the background (Ctrl+B):
 * the running shell and the output it is filling, handed over as they are.
 */
export type ForegroundShell = TaskOrigin & {
  readonly command: string;
  readonly shell: ShellProcess;
  readonly output: BoundedOutput;
};

/** Held by a running foreground command while it may still be sent to the background. */
export type ForegroundOffer = {
  /** Resolves with the task the command became, if the user sends it to the background. */
  readonly moved: Promise<BackgroundTaskInfo>;
  /**
   * The command finished (or was stopped) in the foreground: it can no longer move.
   * Returns false when it had already moved — then the task owns it.
   */
  withdraw(): boolean;
};

/** What the model is told when a task ends on its own. */
export type TaskEndNotice = {
  readonly taskId: string;
  readonly sessionId: string;
  readonly command: string;
  readonly status: 'completed' | 'failed' | 'killed';
  readonly exitCode: number | null;
  /** Default 'bash'; an agent's end is told without exit codes. */
  readonly kind?: BackgroundTaskKind;
  /** The user stopped it (/tasks): the model may have been waiting for it. */
  readonly stoppedByUser?: boolean;
};

/** A task started or ended (TaskCreated / TaskCompleted hooks listen). */
export type TaskLifecycleEvent = { readonly type: 'created' | 'ended'; readonly task: BackgroundTaskInfo };

export interface BackgroundTasks {
  startShell(options: StartShellTaskOptions): Promise<BackgroundTaskInfo>;
  startAgent(options: StartAgentTaskOptions): BackgroundTaskInfo;
  /** Lets the user send a running foreground command to the background (see moveForegroundToBackground). */
  offerForeground(shell: ForegroundShell): ForegroundOffer;
  /** Ctrl+B: every offered foreground command becomes a background task. Returns how many moved. */
  moveForegroundToBackground(): number;
  /** Whether a foreground command could be sent to the background now. */
  hasForeground(): boolean;
  get(id: string): BackgroundTaskInfo | undefined;
  list(): BackgroundTaskInfo[];
  /** Output since the previous read; moves the read position past it. With a filter, only matching lines. */
  readNew(id: string, filter?: RegExp): TaskOutputRead | undefined;
  /** The last lines of a task's output, without moving the model's read position (what /tasks shows). */
  recentOutput(id: string, lines: number): string;
  /** Resolves true once the task has finished, false if `timeoutMs` passed or the signal fired first. */
  waitFor(id: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Ends the task (a shell's whole process tree); resolves once it is gone. Undefined for an unknown id. */
  stop(id: string, options?: { readonly by: 'model' | 'user' }): Promise<BackgroundTaskInfo | undefined>;
  /** The error text for an id that names no task: lists the known ones. */
  unknownTaskMessage(id: string): string;
  onLifecycle(listener: (event: TaskLifecycleEvent) => void): () => void;
  /** A task ended on its own (front ends show the user; the REPL may give the model a turn). */
  onTaskEnded(listener: (notice: TaskEndNotice) => void): () => void;
  /** The reminder texts for a conversation's ended tasks, each given once. */
  takeEndReminders(sessionId: string): string[];
  /**
   * Whether a conversation has notices waiting of tasks that ended on their own (not stopped by
   * the user): the REPL gives an idle model a turn for them.
   */
  hasEndNotices(sessionId: string): boolean;
}
