/**
 * The REPL's engine room, free of React: it takes what the user submits
 * (prompts, /commands, !commands), runs the agent loop, feeds its events to
 * the transcript, and answers the loop's questions through the dialog queue.
 * The Ink components only render its state and call its methods.
 */
import path from 'node:path';
import type { CommandRegistry } from '../../commands/registry.js';
import { parseSlashInput } from '../../commands/registry.js';
import { nextPermissionMode } from '../../commands/permissionModes.js';
import type { ReplPermissionRules } from '../../commands/permissionRulesAccess.js';
import { grantCommandRules } from '../../commands/custom/commandScopedRules.js';
import type { CommandContext, CommandResult, CommandTurn, SlashCommand } from '../../commands/types.js';
import { describeApiFailure } from '../../services/api/describeApiFailure.js';
import type { PromptHistory } from '../../history/promptHistory.js';
import type { PermissionMode } from '../../permissions/types.js';
import type { QueryOutcome } from '../../query/events.js';
import type { Session } from '../../session/createSession.js';
import { onTaskEnded, taskEndSentence, type TaskEndNotice } from '../../tasks/taskNotices.js';
import { querySession } from '../../session/querySession.js';
import { USER_INTERRUPT } from '../../services/tools/cancellation.js';
import type { ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ToolUseContext } from '../../Tool.js';
import type { ContentBlockParam, ConversationMessage } from '../../types/messages.js';
import type { UserInteraction } from '../../types/userInteraction.js';
import { saveClipboardImage } from '../../utils/clipboard/clipboardImage.js';
import { errorMessageOf } from '../../utils/errors.js';
import { osc52Copy } from '../../utils/terminal/osc.js';
import { lastContextTokens, withoutUnansweredPrompt, withUserPrompt } from './conversation.js';
import type { AttentionNotifier } from './attentionNotifier.js';
import { DialogQueue } from './dialogQueue.js';
import { TranscriptStore, type StaticReadiness } from './transcriptStore.js';
import { shellSnippetRunner, type PromptTurnOptions } from './commandTurn.js';
import { attachmentBlocks } from '../../attachments/attachmentBlocks.js';
import { imageMention, mentionedFiles } from '../../attachments/promptMentions.js';
import { runUserTool, shellContextBlock, type UserToolRunner } from './userToolRuns.js';

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
  /** Text to insert at the input's cursor (a pasted image's @mention); `seq` changes each time. */
  readonly inputInsertion: { readonly text: string; readonly seq: number } | undefined;
  readonly exitRequested: boolean;
  /** `/vim` editing of the prompt. */
  readonly vimMode: boolean;
};

export type ReplControllerOptions = {
  readonly session: Session;
  readonly commands: CommandRegistry;
  readonly history: PromptHistory;
  readonly permissionRules: ReplPermissionRules;
  readonly readiness?: StaticReadiness;
  readonly publishIntervalMs?: number;
  readonly baseUrl?: string;
  /** Where terminal control sequences go (OSC 52 copy, notifications); absent in tests that do not look. */
  readonly terminal?: { readonly write: (sequence: string) => void };
  /** Announces a long turn's end and a waiting dialog (the `notifications` setting). */
  readonly notifier?: AttentionNotifier;
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
  private readonly stopNotifier: () => void;

  constructor(private readonly options: ReplControllerOptions) {
    const { session } = options;
    this.transcript = new TranscriptStore({ readiness: options.readiness, publishIntervalMs: options.publishIntervalMs });
    // A dialog shows at once; the tool line it is about must not lag a throttle interval behind it.
    this.dialogs.subscribe(() => this.transcript.flush());
    this.stopNotifier = options.notifier?.watchDialogs(this.dialogs) ?? (() => {});
    this.stopWatchingTasks = onTaskEnded((notice) => {
      if (notice.sessionId !== session.id) return;
      this.endedTasks.push(notice);
      if (!this.running) this.printEndedTasks();
    });
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
      inputInsertion: undefined,
      exitRequested: false,
      vimMode: false,
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

  /** Ctrl+V: the clipboard's image is saved in the session folder and mentioned in the input. */
  async pasteClipboardImage(): Promise<void> {
    const pasted = await saveClipboardImage(path.join(this.options.session.info.dir, 'images'));
    if (!pasted.ok) {
      this.transcript.addNotice('warning', `No image pasted: ${pasted.reason}.`);
      return;
    }
    this.setStatus({ inputInsertion: { text: `${imageMention(pasted.file)} `, seq: ++this.restoreSeq } });
  }

  requestExit(): void {
    this.queue = [];
    this.interrupt();
    this.dialogs.cancelAll();
    this.setStatus({ exitRequested: true, queued: [] });
  }

  dispose(): void {
    this.stopWatchingTasks();
    this.stopNotifier();
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
        return result.commandTurn ? this.runCommandTurn(input, result.commandTurn) : this.runPrompt(result.prompt, input);
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
      toggleVimMode: () => {
        this.setStatus({ vimMode: !this.status.vimMode });
        return this.status.vimMode;
      },
      copyToClipboard: (text) => this.options.terminal?.write(osc52Copy(text)),
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

  /** A custom command's turn: its allowed-tools hold from its first !`cmd` to the end of its turn, and no longer. */
  private async runCommandTurn(display: string, turn: CommandTurn): Promise<void> {
    const grant = grantCommandRules(this.options.session.appState, {
      projectRoot: this.options.session.cwd,
      rules: turn.allowedTools,
      commandName: turn.commandName,
      fromRepository: turn.fromRepository,
    });
    if (!grant.ok) {
      this.transcript.addItem({ kind: 'command', input: display, output: grant.error, tone: 'error' });
      return;
    }
    try {
      await this.runPrompt(display, display, { model: turn.model, render: turn.render });
    } finally {
      grant.revoke();
    }
  }

  private async runPrompt(typed: string, display: string, options: PromptTurnOptions = {}): Promise<void> {
    this.transcript.addItem({ kind: 'user_prompt', text: display });
    await this.withTurn(async (signal) => {
      let text = typed;
      if (options.render) {
        const rendered = await options.render(shellSnippetRunner(this.userToolRunner(signal)));
        if (!rendered.ok) {
          this.transcript.addNotice('error', rendered.error);
          return { reason: signal.aborted ? 'interrupted' : 'completed' };
        }
        text = rendered.prompt;
      }
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
      const outcome = await this.runQuery(messages, signal, options.model);
      this.messages = outcome.messages;
      if (outcome.reason === 'interrupted') {
        this.messages = withoutUnansweredPrompt(outcome.messages, before, prompt);
        this.restoreInput(display);
      }
      this.setStatus({ contextTokens: lastContextTokens(this.messages) || this.status.contextTokens });
      return outcome;
    });
  }

  private async withTurn(body: (signal: AbortSignal) => Promise<Pick<QueryOutcome, 'reason'> & { failure?: QueryOutcome['failure'] }>): Promise<void> {
    const controller = new AbortController();
    const started = performance.now();
    this.running = controller;
    this.setStatus({ busy: true });
    this.transcript.beginTurn();
    let outcome: Pick<QueryOutcome, 'reason'> & { failure?: QueryOutcome['failure'] };
    let failureText: string | undefined;
    try {
      outcome = await body(controller.signal);
      if (outcome.failure) failureText = describeApiFailure(outcome.failure, { baseUrl: this.options.baseUrl, model: this.status.model });
    } catch (error) {
      outcome = { reason: controller.signal.aborted ? 'interrupted' : 'api_error' };
      failureText = `Something went wrong: ${errorMessageOf(error)}`;
    }
    this.transcript.endTurn(outcome, failureText);
    this.options.notifier?.turnEnded(performance.now() - started, outcome.reason === 'completed' ? 'done' : outcome.reason.replace(/_/g, ' '));
    this.running = undefined;
    this.printEndedTasks();
    this.setStatus({ busy: false, costUsd: this.options.session.costTracker.totalCostUsd });
  }

  private async runQuery(messages: ConversationMessage[], signal: AbortSignal, model = this.status.model): Promise<QueryOutcome> {
    const { session } = this.options;
    const run = querySession(session, {
      messages,
      signal,
      cwd: this.status.cwd,
      model,
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
      blocks.push(...attachmentBlocks(file.typed, outcome));
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

  private toolEnv(): ToolRunEnv {
    return {
      ...this.options.session.baseEnv,
      askPermission: this.dialogs.askPermission,
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
    askQuestions: (questions, signal) => this.dialogs.userInteraction.askQuestions(questions, signal),
    approvePlan: (plan, signal) => {
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
