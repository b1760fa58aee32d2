/**
 * The REPL's engine room, free of React: it takes what the user submits
 * (prompts, /commands, !commands), runs the agent loop, feeds its events to
 * the transcript, and answers the loop's questions through the dialog queue.
 * The Ink components only render its state and call its methods.
 */
import type { CommandRegistry } from '../../commands/registry.js';
import { parseSlashInput } from '../../commands/registry.js';
import { nextPermissionMode } from '../../commands/permissionModes.js';
import type { ReplPermissionRules } from '../../commands/permissionRulesAccess.js';
import type { CommandContext, CommandResult, SlashCommand } from '../../commands/types.js';
import { describeApiFailure } from '../../services/api/describeApiFailure.js';
import type { PromptHistory } from '../../history/promptHistory.js';
import { hookNotices, hookProgressLabel, type HookNotice } from '../../hooks/hookNotices.js';
import { runNotificationHooks } from '../../hooks/sessionHooks.js';
import type { HookActivity } from '../../hooks/types.js';
import type { PermissionMode } from '../../permissions/types.js';
import type { QueryOutcome } from '../../query/events.js';
import type { Session } from '../../session/createSession.js';
import { onTaskEnded, taskEndSentence, type TaskEndNotice } from '../../tasks/taskNotices.js';
import { querySession } from '../../session/querySession.js';
import { USER_INTERRUPT } from '../../services/tools/cancellation.js';
import type { PermissionRequest, ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ToolUseContext } from '../../Tool.js';
import type { ContentBlockParam, ConversationMessage } from '../../types/messages.js';
import type { UserInteraction } from '../../types/userInteraction.js';
import { errorMessageOf } from '../../utils/errors.js';
import { lastContextTokens, withoutUnansweredPrompt, withUserPrompt } from './conversation.js';
import { DialogQueue } from './dialogQueue.js';
import { TranscriptStore, type StaticReadiness } from './transcriptStore.js';
import { attachmentBlock, mentionedFiles, runUserTool, shellContextBlock, type UserToolRunner } from './userToolRuns.js';

export type ReplStatus = {
  readonly busy: boolean;
  readonly model: string;
  readonly verbose: boolean;
  /** Prompts typed while a turn was running; they run in order afterwards. */
  readonly queued: readonly string[];
  readonly contextTokens: number;
  readonly costUsd: number;
  readonly cwd: string;
  /** Shell output waiting to go to the model with the next prompt. */
  readonly pendingContextCount: number;
  /** Text to put back into an empty input box (after an interrupt); `seq` changes each time. */
  readonly restoredInput: { readonly text: string; readonly seq: number } | undefined;
  readonly exitRequested: boolean;
};

export type ReplControllerOptions = {
  readonly session: Session;
  readonly commands: CommandRegistry;
  readonly history: PromptHistory;
  readonly permissionRules: ReplPermissionRules;
  readonly readiness?: StaticReadiness;
  readonly publishIntervalMs?: number;
  readonly baseUrl?: string;
};

const MAX_QUEUED_PROMPTS = 20;
/** Shell outputs carried to the next prompt; older ones are dropped first. */
const MAX_PENDING_CONTEXT = 10;

export class ReplController {
  readonly transcript: TranscriptStore;
  readonly dialogs = new DialogQueue();
  private status: ReplStatus;
  private readonly statusListeners = new Set<() => void>();
  private messages: readonly ConversationMessage[] = [];
  private pendingContext: ContentBlockParam[] = [];
  private queue: string[] = [];
  private running: AbortController | undefined;
  private idle: Promise<void> = Promise.resolve();
  private draining = false;
  private restoreSeq = 0;
  /** Background tasks that ended during a turn: printed after it, so streaming text is not split. */
  private endedTasks: TaskEndNotice[] = [];
  private readonly stopWatchingTasks: () => void;
  /** Hook failures and messages during a turn: printed after it, like task notices. */
  private hookNoticesPending: HookNotice[] = [];
  private readonly runningHookLabels: string[] = [];
  private readonly stopWatchingHooks: () => void;

  constructor(private readonly options: ReplControllerOptions) {
    const { session } = options;
    this.transcript = new TranscriptStore({ readiness: options.readiness, publishIntervalMs: options.publishIntervalMs });
    // A dialog shows at once; the tool line it is about must not lag a throttle interval behind it.
    this.dialogs.subscribe(() => this.transcript.flush());
    this.stopWatchingTasks = onTaskEnded((notice) => {
      if (notice.sessionId !== session.id) return;
      this.endedTasks.push(notice);
      if (!this.running) this.printEndedTasks();
    });
    this.stopWatchingHooks = session.hooks.subscribe((activity) => this.onHookActivity(activity));
    this.status = {
      busy: false,
      model: session.model,
      verbose: false,
      queued: [],
      contextTokens: 0,
      costUsd: 0,
      cwd: session.cwd,
      pendingContextCount: 0,
      restoredInput: undefined,
      exitRequested: false,
    };
  }

  // --- state for the UI ---

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  getStatus = (): ReplStatus => this.status;

  get session(): Session {
    return this.options.session;
  }

  get conversation(): readonly ConversationMessage[] {
    return this.messages;
  }

  /** Resolves when nothing is running or queued. */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  // --- user actions ---

  submit(rawText: string): void {
    const text = rawText.trim();
    if (text === '') return;
    void this.options.history.add(rawText);
    // Anything already being processed (a turn, or a command still awaiting) makes this one wait its turn.
    if (this.draining) {
      if (this.queue.length < MAX_QUEUED_PROMPTS) this.queue.push(text);
      this.setStatus({ queued: [...this.queue] });
      return;
    }
    this.idle = this.drain(text);
  }

  /** Esc: stop the running turn. Every started tool is aborted; the loop still answers each tool_use. */
  interrupt(): boolean {
    if (!this.running || this.running.signal.aborted) return false;
    this.running.abort(USER_INTERRUPT);
    // Queued prompts were typed expecting the turn to finish; after an interrupt the user decides again.
    this.queue = [];
    this.setStatus({ queued: [] });
    return true;
  }

  cycleMode(): PermissionMode {
    const { appState } = this.options.session;
    const context = appState.get().toolPermissionContext;
    const mode = nextPermissionMode(context.mode, context.isBypassAvailable);
    appState.set((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } }));
    return mode;
  }

  toggleVerbose(): void {
    this.setStatus({ verbose: !this.status.verbose });
  }

  requestExit(): void {
    this.queue = [];
    this.interrupt();
    this.dialogs.cancelAll();
    this.setStatus({ exitRequested: true, queued: [] });
  }

  dispose(): void {
    this.stopWatchingTasks();
    this.stopWatchingHooks();
    this.running?.abort(USER_INTERRUPT);
    this.transcript.dispose();
  }

  // --- running things ---

  private async drain(first: string): Promise<void> {
    this.draining = true;
    try {
      let next: string | undefined = first;
      while (next !== undefined && !this.status.exitRequested) {
        await this.process(next);
        next = this.queue.shift();
        this.setStatus({ queued: [...this.queue] });
      }
    } finally {
      this.draining = false;
    }
  }

  private async process(text: string): Promise<void> {
    if (text.startsWith('/')) {
      const parsed = parseSlashInput(text);
      const command = parsed && this.options.commands.find(parsed.name);
      if (parsed && command) return this.runCommand(text, parsed.args, command);
      if (parsed) {
        this.transcript.addItem({ kind: 'command', input: text, output: `Unknown command /${parsed.name}. /help lists the commands.`, tone: 'error' });
        return;
      }
    }
    if (text.startsWith('!') && text.length > 1) return this.runShell(text.slice(1).trim());
    return this.runPrompt(text, text);
  }

  private async runCommand(input: string, args: string, command: SlashCommand): Promise<void> {
    let result: CommandResult;
    try {
      result = await command.run(args, this.commandContext());
    } catch (error) {
      result = { type: 'text', tone: 'error', text: `The command failed: ${errorMessageOf(error)}` };
    }
    switch (result.type) {
      case 'text':
        this.transcript.addItem({ kind: 'command', input, output: result.text, tone: result.tone ?? 'info' });
        return;
      case 'prompt':
        return this.runPrompt(result.prompt, input);
      case 'exit':
        this.requestExit();
        return;
      case 'none':
        this.transcript.addItem({ kind: 'command', input, output: '', tone: 'info' });
        return;
    }
  }

  private commandContext(): CommandContext {
    return {
      session: this.options.session,
      commands: () => this.options.commands.all(),
      getModel: () => this.status.model,
      setModel: (model) => this.setStatus({ model }),
      getMessages: () => this.messages,
      clearConversation: () => {
        this.messages = [];
        this.pendingContext = [];
        this.transcript.clear();
        this.setStatus({ contextTokens: 0, pendingContextCount: 0 });
      },
      getPermissionMode: () => this.options.session.appState.get().toolPermissionContext.mode,
      permissions: this.options.permissionRules,
    };
  }

  private async runShell(command: string): Promise<void> {
    await this.withTurn(async (signal) => {
      const outcome = await runUserTool(this.userToolRunner(signal), 'Bash', { command });
      if (!outcome) {
        this.transcript.addNotice('error', 'Shell commands need the Bash tool, which this session does not have.');
        return { reason: 'completed' };
      }
      this.pendingContext = [...this.pendingContext, shellContextBlock(command, outcome)].slice(-MAX_PENDING_CONTEXT);
      this.setStatus({ pendingContextCount: this.pendingContext.length });
      return { reason: signal.aborted ? 'interrupted' : 'completed' };
    });
  }

  private async runPrompt(text: string, display: string): Promise<void> {
    this.transcript.addItem({ kind: 'user_prompt', text: display });
    await this.withTurn(async (signal) => {
      const attachments = await this.attachMentionedFiles(text, signal);
      if (signal.aborted) {
        this.restoreInput(display);
        return { reason: 'interrupted' };
      }
      const content: ContentBlockParam[] | string =
        attachments.length + this.pendingContext.length > 0 ? [...this.pendingContext, ...attachments, { type: 'text', text }] : text;
      this.pendingContext = [];
      this.setStatus({ pendingContextCount: 0 });
      const before = this.messages;
      const { messages, prompt } = withUserPrompt(before, content);
      const outcome = await this.runQuery(messages, signal);
      this.messages = outcome.messages;
      if (outcome.reason === 'interrupted') {
        this.messages = withoutUnansweredPrompt(outcome.messages, before, prompt);
        this.restoreInput(display);
      }
      this.setStatus({ contextTokens: lastContextTokens(this.messages) || this.status.contextTokens });
      return outcome;
    });
  }

  private async withTurn(body: (signal: AbortSignal) => Promise<Pick<QueryOutcome, 'reason' | 'detail'> & { failure?: QueryOutcome['failure'] }>): Promise<void> {
    const controller = new AbortController();
    this.running = controller;
    this.setStatus({ busy: true });
    this.transcript.beginTurn();
    let outcome: Pick<QueryOutcome, 'reason' | 'detail'> & { failure?: QueryOutcome['failure'] };
    let failureText: string | undefined;
    try {
      outcome = await body(controller.signal);
      if (outcome.failure) failureText = describeApiFailure(outcome.failure, { baseUrl: this.options.baseUrl, model: this.status.model });
      if (outcome.reason === 'stopped_by_hook') failureText = outcome.detail;
    } catch (error) {
      outcome = { reason: controller.signal.aborted ? 'interrupted' : 'api_error' };
      failureText = `Something went wrong: ${errorMessageOf(error)}`;
    }
    this.transcript.endTurn(outcome, failureText);
    this.running = undefined;
    this.printEndedTasks();
    this.printHookNotices();
    this.setStatus({ busy: false, costUsd: this.options.session.costTracker.totalCostUsd });
  }

  private async runQuery(messages: ConversationMessage[], signal: AbortSignal): Promise<QueryOutcome> {
    const { session } = this.options;
    const run = querySession(session, {
      messages,
      signal,
      cwd: this.status.cwd,
      model: this.status.model,
      env: this.toolEnv(),
      userInteraction: this.userInteraction,
      onContextChange: (context) => {
        if (context.cwd !== this.status.cwd) this.setStatus({ cwd: context.cwd });
      },
    });
    let step = await run.next();
    while (!step.done) {
      this.transcript.handle(step.value);
      if (step.value.type === 'assistant_message') this.setStatus({ costUsd: session.costTracker.totalCostUsd });
      step = await run.next();
    }
    return step.value;
  }

  private async attachMentionedFiles(text: string, signal: AbortSignal): Promise<ContentBlockParam[]> {
    const files = await mentionedFiles(text, this.status.cwd);
    const blocks: ContentBlockParam[] = [];
    for (const file of files) {
      if (signal.aborted) break;
      const outcome = await runUserTool(this.userToolRunner(signal), 'Read', { file_path: file.absolute });
      if (!outcome) {
        this.transcript.addNotice('warning', `@${file.typed} was not attached: this session has no Read tool.`);
        break;
      }
      blocks.push(attachmentBlock(file.typed, outcome));
    }
    return blocks;
  }

  private userToolRunner(signal: AbortSignal): UserToolRunner {
    return {
      tools: this.options.session.tools,
      env: this.toolEnv(),
      context: (toolUseId) => ({ ...this.toolContext(signal, this.messages, toolUseId) }),
      onStart: (id, name, input) => this.transcript.startLocalTool(id, name, input),
      onFinish: (outcome) => this.transcript.finishLocalTool(outcome),
    };
  }

  private printEndedTasks(): void {
    for (const notice of this.endedTasks) this.transcript.addNotice(notice.status === 'completed' ? 'info' : 'warning', taskEndSentence(notice));
    this.endedTasks = [];
  }

  private onHookActivity(activity: HookActivity): void {
    if (activity.type === 'hooks_started') this.runningHookLabels.push(hookProgressLabel(activity));
    else this.runningHookLabels.shift();
    this.transcript.setHookProgress(this.runningHookLabels.at(-1));
    this.hookNoticesPending.push(...hookNotices(activity));
    if (!this.running) this.printHookNotices();
  }

  private printHookNotices(): void {
    for (const notice of this.hookNoticesPending) this.transcript.addNotice(notice.tone, notice.text);
    this.hookNoticesPending = [];
  }

  /** Notification hooks: the REPL is about to wait for the user (they run alongside the dialog, never delay it). */
  private notifyWaiting(message: string): void {
    const { session } = this.options;
    if (!session.hooks.has('Notification')) return;
    void runNotificationHooks(session.hooks, {
      session: session.info,
      cwd: this.status.cwd,
      permissionMode: session.appState.get().toolPermissionContext.mode,
      run: { signal: new AbortController().signal, cwd: this.status.cwd, projectDir: session.cwd },
    }, message);
  }

  private readonly askPermission = (request: PermissionRequest) => {
    this.notifyWaiting(`agentcli needs your permission to use ${request.tool.name}`);
    return this.dialogs.askPermission(request);
  };

  private toolEnv(): ToolRunEnv {
    return {
      ...this.options.session.baseEnv,
      askPermission: this.askPermission,
      onAllowAlways: this.options.permissionRules.onAllowAlways,
    };
  }

  private toolContext(signal: AbortSignal, messages: readonly ConversationMessage[], toolUseId: string): ToolUseContext {
    return {
      ...this.options.session.toolUseContext(signal, messages, this.status.cwd),
      toolUseId,
      model: this.status.model,
      userInteraction: this.userInteraction,
    };
  }

  /** Questions for the user; a plan is printed in full first, since the dialog can show only part of a long one. */
  private readonly userInteraction: UserInteraction = {
    askQuestions: (questions, signal) => {
      this.notifyWaiting('agentcli has a question for you');
      return this.dialogs.userInteraction.askQuestions(questions, signal);
    },
    approvePlan: (plan, signal) => {
      this.notifyWaiting('agentcli is waiting for you to approve a plan');
      this.transcript.addItem({ kind: 'plan', text: plan });
      return this.dialogs.userInteraction.approvePlan(plan, signal);
    },
  };

  private restoreInput(text: string): void {
    this.setStatus({ restoredInput: { text, seq: ++this.restoreSeq } });
  }

  private setStatus(change: Partial<ReplStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.statusListeners) listener();
  }
}
