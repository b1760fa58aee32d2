/**
 * The REPL's engine room, free of React: it takes what the user submits
 * (prompts, /commands, !commands), runs the agent loop, feeds its events to
 * the transcript, and answers the loop's questions through the dialog queue.
 * The Ink components only render its state and call its methods.
 */
import path from 'node:path';
import type { CommandRegistry } from '../../commands/registry.js';
import { nextPermissionMode } from '../../commands/permissionModes.js';
import type { ReplPermissionRules } from '../../commands/permissionRulesAccess.js';
import type { CommandCatalog } from '../../app/commandCatalog.js';
import { beginCommandPrompt, interpretInput, REPL_INPUT } from '../../app/inputInterpreter.js';
import type { CommandContext, CommandResult, SlashCommand } from '../../commands/types.js';
import { saveMemoryNote } from '../../commands/memoryNote.js';
import type { EditorRun } from '../../utils/process/externalEditor.js';
import { describeApiFailure } from '../../services/api/describeApiFailure.js';
import type { PromptHistory } from '../../history/promptHistory.js';
import { runNotificationHooks } from '../../hooks/sessionHooks.js';
import type { PermissionMode } from '../../permissions/types.js';
import type { QueryEvent, QueryOutcome } from '../../query/events.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import { closestNames } from '../../utils/closestNames.js';
import type { Session } from '../../session/session.js';
import { USER_INTERRUPT } from '../../services/tools/cancellation.js';
import type { PermissionRequest, ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ContentBlockParam, ConversationMessage } from '../../types/messages.js';
import type { UserInteraction } from '../../types/userInteraction.js';
import { saveClipboardImage } from '../../utils/clipboard/clipboardImage.js';
import { errorMessageOf } from '../../utils/errors.js';
import { compactionNotice } from './compactionNotice.js';
import { pickSession } from './sessionPicker.js';
import { writeClipboard } from './clipboard.js';
import { replayItems } from './replayItems.js';
import type { AttentionNotifier } from './attentionNotifier.js';
import { DialogQueue } from './dialogQueue.js';
import { runRewindFlow } from '../rewind/rewindFlow.js';
import { TurnNotices } from './turnNotices.js';
import { TranscriptStore, type StaticReadiness } from './transcriptStore.js';
import { findToolByName } from '../../contract/tool.js';
import { loadedToolRenderers } from '../tools/toolRendererCache.js';
import { shellSnippetRunner, type PromptTurnOptions } from './commandTurn.js';
import { attachmentBlocks } from '../../attachments/attachmentBlocks.js';
import { imageMention, mentionedFiles } from '../../attachments/promptMentions.js';
import { mentionedResources } from '../../attachments/resourceMentions.js';
import { runUserTool, shellContextBlock, type UserToolRunner } from './userToolRuns.js';
import { monotonicMs } from '../../utils/clock.js';

export type ReplStatus = {
  readonly busy: boolean;
  readonly model: string;
  readonly verbose: boolean;
  /** The transcript view (Ctrl+O) has the screen and the keyboard. */
  readonly transcriptOpen: boolean;
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
  readonly conversation: ConversationSession;
  /** The REPL's share of the session's command catalog (every built-in, custom commands, skills, MCP prompts). */
  readonly commands: CommandCatalog;
  readonly history: PromptHistory;
  readonly permissionRules: ReplPermissionRules;
  readonly readiness?: StaticReadiness;
  readonly publishIntervalMs?: number;
  /** Finished text the live area may hold before it is printed (see TranscriptStoreOptions). */
  readonly finishedTextHeld?: () => number;
  readonly baseUrl?: string;
  /** Where terminal control sequences go (OSC 52 copy, notifications); absent in tests that do not look. */
  readonly terminal?: { readonly write: (sequence: string) => void };
  /** Announces a long turn's end and a waiting dialog (the `notifications` setting). */
  readonly notifier?: AttentionNotifier;
  /** Opens a file in the user's editor with the terminal handed over (absent: no terminal to hand over). */
  readonly openEditor?: (file: string) => EditorRun;
};

type TurnEnd = Pick<QueryOutcome, 'reason' | 'detail'> & { readonly failure?: QueryOutcome['failure'] };

const MAX_QUEUED_PROMPTS = 20;
/** Shell outputs carried to the next prompt; older ones are dropped first. */
const MAX_PENDING_CONTEXT = 10;

export class ReplController {
  readonly transcript: TranscriptStore;
  readonly dialogs = new DialogQueue();
  private status: ReplStatus;
  private readonly statusListeners = new Set<() => void>();
  private pendingContext: ContentBlockParam[] = [];
  private queue: string[] = [];
  private running: AbortController | undefined;
  private idle: Promise<void> = Promise.resolve();
  private draining = false;
  private restoreSeq = 0;
  private readonly stopNotifier: () => void;
  private readonly notices: TurnNotices;

  constructor(private readonly options: ReplControllerOptions) {
    const { conversation } = options;
    this.transcript = new TranscriptStore({
      readiness: options.readiness,
      publishIntervalMs: options.publishIntervalMs,
      ...(options.finishedTextHeld ? { finishedTextHeld: options.finishedTextHeld } : {}),
      drawsMessageGroups: (toolName) => loadedToolRenderers(findToolByName(this.session.tools, toolName))?.renderToolGroup !== undefined,
    });
    // A dialog shows at once; the tool line it is about must not lag a throttle interval behind it.
    this.dialogs.subscribe(() => this.transcript.flush());
    this.stopNotifier = options.notifier?.watchDialogs(this.dialogs) ?? (() => {});
    this.notices = new TurnNotices(this.transcript, { conversationId: () => conversation.id, hooks: conversation.session.hooks });
    this.status = {
      busy: false,
      model: conversation.model,
      verbose: false,
      transcriptOpen: false,
      queued: [],
      contextTokens: conversation.contextTokens,
      costUsd: 0,
      cwd: conversation.cwd,
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
    return this.options.conversation.session;
  }

  get conversation(): ConversationSession {
    return this.options.conversation;
  }

  get messages(): readonly ConversationMessage[] {
    return this.options.conversation.messages;
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
    const { appState } = this.session;
    const context = appState.get().toolPermissionContext;
    const mode = nextPermissionMode(context.mode, context.isBypassAvailable);
    appState.set((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } }));
    return mode;
  }

  /** "Yes, allow all edits during this session": the mode changes as Shift+Tab would change it. */
  setPermissionMode(mode: PermissionMode): void {
    this.session.appState.set((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } }));
  }

  toggleVerbose(): void {
    this.setStatus({ verbose: !this.status.verbose });
  }

  /** Ctrl+O opens the transcript view (everything so far, in full); Esc closes it. */
  setTranscriptOpen(open: boolean): void {
    if (this.status.transcriptOpen !== open) this.setStatus({ transcriptOpen: open });
  }

  /** Ctrl+V: the clipboard's image is saved in the session folder and mentioned in the input. */
  async pasteClipboardImage(): Promise<void> {
    const pasted = await saveClipboardImage(path.join(this.options.conversation.info.dir, 'images'));
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
    this.notices.dispose();
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
    const input = interpretInput(text, this.options.commands, REPL_INPUT);
    switch (input.kind) {
      case 'builtin':
      case 'custom':
        return this.runCommand(text, input.args, input.command);
      case 'elsewhere':
      case 'unknown_command':
        this.transcript.addItem({ kind: 'command', input: text, output: unknownCommandText(input.kind === 'elsewhere' ? input.command.name : input.name, this.options.commands.registry), tone: 'error' });
        return;
      case 'shell':
        return this.runShell(input.command);
      case 'memory_note':
        return this.rememberNote(text, input.note);
      case 'prompt':
        return this.runPrompt(text, text);
    }
  }

  private async reloadMemory(): Promise<void> {
    const problem = await this.session.reloadMemory();
    if (problem) this.transcript.addNotice('warning', problem);
  }

  /** `# note`: appended to the memory file the user picks; never sent to the model. Esc puts the text back. */
  private async rememberNote(typed: string, note: string): Promise<void> {
    const outcome = await saveMemoryNote(note, { session: this.session, choose: (request) => this.dialogs.choose(request) });
    switch (outcome.kind) {
      case 'cancelled':
        this.transcript.addItem({ kind: 'command', input: typed, output: 'Not saved.', tone: 'info' });
        this.restoreInput(typed);
        return;
      case 'failed':
        this.transcript.addItem({ kind: 'command', input: typed, output: outcome.text, tone: 'error' });
        return;
      case 'saved':
        this.transcript.addItem({ kind: 'command', input: typed, output: outcome.text, tone: outcome.tone });
    }
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
      case 'prompt': {
        // A command's allowed-tools hold from its first !`cmd` to the end of its turn, and no longer.
        const commandPrompt = beginCommandPrompt(this.session, result);
        if (!commandPrompt.ok) {
          this.transcript.addItem({ kind: 'command', input, output: commandPrompt.error, tone: 'error' });
          return;
        }
        try {
          await this.runPrompt(input, input, { model: commandPrompt.model, render: commandPrompt.render });
        } finally {
          commandPrompt.release();
        }
        if (result.reloadsMemory) await this.reloadMemory();
        return;
      }
      case 'exit':
        this.requestExit();
        return;
      case 'none':
        this.transcript.addItem({ kind: 'command', input, output: '', tone: 'info' });
        return;
      case 'compact':
        this.transcript.addItem({ kind: 'command', input, output: '', tone: 'info' });
        return this.runCompact(result.instructions);
      case 'resume':
        this.transcript.addItem({ kind: 'command', input, output: '', tone: 'info' });
        return this.resumeSession(result.id);
      case 'rewind':
        return this.rewind();
    }
  }

  private async runCompact(instructions: string | undefined): Promise<void> {
    await this.withTurn(async (signal) => {
      const run = this.options.conversation.compact(instructions, signal);
      let step = await run.next();
      while (!step.done) {
        this.handleEvent(step.value);
        step = await run.next();
      }
      if (!step.value.ok && !signal.aborted) this.transcript.addNotice('error', `Could not compact: ${step.value.error}`);
      this.setStatus({ contextTokens: this.options.conversation.contextTokens });
      return { reason: signal.aborted ? 'interrupted' : 'completed' };
    });
  }

  /** Esc Esc on an empty, idle prompt: the rewind picker, as /rewind opens it. */
  openRewind(): void {
    if (this.draining) return;
    this.idle = this.drain('/rewind');
  }

  /** /rewind and Esc Esc: pick a prompt, restore files and/or the conversation (src/ui/rewind/rewindFlow.ts). */
  private async rewind(): Promise<void> {
    const { conversation } = this.options;
    const outcome = await runRewindFlow({ conversation, choose: (request) => this.dialogs.choose(request) });
    if (outcome.kind === 'cancelled') {
      this.transcript.addNotice('info', outcome.message);
      return;
    }
    if (outcome.restoredPrompt !== undefined) {
      this.transcript.clear();
      for (const item of replayItems(conversation.messages)) this.transcript.addItem(item);
      this.restoreInput(outcome.restoredPrompt);
    }
    this.transcript.addNotice('info', outcome.report);
    this.setStatus({ contextTokens: conversation.contextTokens });
  }

  /** /resume and --resume: the picker (or the given id), then the saved conversation replaces this one. */
  async resumeSession(id?: string, options: { readonly fork?: boolean } = {}): Promise<void> {
    const { conversation } = this.options;
    const controller = new AbortController();
    const chosen = await pickSession({
      conversation,
      id,
      ask: (questions) => this.dialogs.userInteraction.askQuestions(questions, controller.signal),
    });
    if (chosen.kind === 'none') {
      this.transcript.addNotice(chosen.tone, chosen.message);
      return;
    }
    await conversation.resume(chosen.transcript, chosen.file, options);
    this.pendingContext = [];
    this.transcript.clear();
    this.transcript.addNotice('info', `Resumed session ${conversation.id} (${conversation.messages.length} messages).`);
    for (const item of replayItems(conversation.messages)) this.transcript.addItem(item);
    this.setStatus({ model: conversation.model, cwd: conversation.cwd, contextTokens: 0, pendingContextCount: 0 });
  }

  private commandContext(): CommandContext {
    const { conversation } = this.options;
    return {
      session: this.session,
      conversation,
      commands: () => this.options.commands.registry.all(),
      getModel: () => conversation.model,
      setModel: (model) => {
        conversation.setModel(model);
        this.setStatus({ model });
      },
      getMessages: () => conversation.messages,
      clearConversation: async () => {
        await conversation.clear();
        this.pendingContext = [];
        this.transcript.clear();
        this.setStatus({ contextTokens: 0, pendingContextCount: 0 });
      },
      getPermissionMode: () => this.session.appState.get().toolPermissionContext.mode,
      permissions: this.options.permissionRules,
      toggleVimMode: () => {
        this.setStatus({ vimMode: !this.status.vimMode });
        return this.status.vimMode;
      },
      copyToClipboard: (text) => writeClipboard(text, this.options.terminal ? (data) => this.options.terminal?.write(data) : undefined),
      choose: (request) => this.dialogs.choose(request),
      editFile: async (file) => this.options.openEditor?.(file) ?? { ok: false, reason: 'there is no terminal to open an editor in' },
      notify: (text) => this.transcript.addNotice('info', text),
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
      const outcome = await this.runQuery(content, signal, options.model);
      if (outcome.reason === 'interrupted') this.restoreInput(display);
      this.setStatus({ contextTokens: this.options.conversation.contextTokens || this.status.contextTokens });
      return outcome;
    });
  }

  private async withTurn(body: (signal: AbortSignal) => Promise<TurnEnd>): Promise<void> {
    const controller = new AbortController();
    const started = monotonicMs();
    this.running = controller;
    this.notices.turnStarted();
    this.setStatus({ busy: true });
    this.transcript.beginTurn();
    let outcome: TurnEnd;
    let failureText: string | undefined;
    try {
      outcome = await body(controller.signal);
      if (outcome.failure) failureText = describeApiFailure(outcome.failure, { baseUrl: this.options.baseUrl, model: this.status.model });
      else if (outcome.detail) failureText = outcome.detail; // why compaction failed, or a hook's stopReason
    } catch (error) {
      outcome = { reason: controller.signal.aborted ? 'interrupted' : 'api_error' };
      failureText = `Something went wrong: ${errorMessageOf(error)}`;
    }
    this.transcript.endTurn(outcome, failureText);
    this.options.notifier?.turnEnded(monotonicMs() - started, outcome.reason === 'completed' ? 'done' : outcome.reason.replace(/_/g, ' '));
    this.running = undefined;
    this.notices.turnEnded();
    this.setStatus({ busy: false, costUsd: this.session.costTracker.totalCostUsd });
  }

  private async runQuery(content: string | ContentBlockParam[], signal: AbortSignal, model?: string): Promise<QueryOutcome> {
    const run = this.options.conversation.submit(content, { signal, env: this.toolEnv(), userInteraction: this.userInteraction, ...(model ? { model } : {}) });
    let step = await run.next();
    while (!step.done) {
      this.handleEvent(step.value);
      step = await run.next();
    }
    return step.value;
  }

  private handleEvent(event: QueryEvent): void {
    const { conversation } = this.options;
    switch (event.type) {
      case 'compaction_start':
        this.transcript.addNotice('info', event.trigger === 'auto' ? 'Compacting the conversation (the context is nearly full)…' : 'Compacting the conversation…');
        return;
      case 'compact_boundary':
        this.transcript.addNotice('info', compactionNotice(event));
        this.setStatus({ contextTokens: event.tokensAfter });
        return;
      case 'compaction_failed':
        this.transcript.addNotice('warning', `Compaction failed: ${event.error}`);
        return;
      case 'assistant_message':
        this.transcript.handle(event);
        this.setStatus({ costUsd: this.session.costTracker.totalCostUsd, contextTokens: conversation.contextTokens });
        return;
      case 'tool_result':
        this.transcript.handle(event);
        if (conversation.cwd !== this.status.cwd) this.setStatus({ cwd: conversation.cwd });
        return;
      default:
        this.transcript.handle(event);
    }
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
    const mcp = this.session.mcp;
    for (const resource of mcp ? mentionedResources(text, mcp.clients().map((client) => client.name)) : []) {
      if (signal.aborted) break;
      const outcome = await runUserTool(this.userToolRunner(signal), 'ReadMcpResource', { server: resource.server, uri: resource.uri });
      if (!outcome) {
        this.transcript.addNotice('warning', `@${resource.typed} was not attached: no MCP server of this session offers resources.`);
        break;
      }
      blocks.push(...attachmentBlocks(resource.typed, outcome));
    }
    return blocks;
  }

  private userToolRunner(signal: AbortSignal): UserToolRunner {
    return {
      tools: this.session.tools,
      env: this.toolEnv(),
      context: (toolUseId) => this.options.conversation.toolContext(signal, { toolUseId, userInteraction: this.userInteraction }),
      onStart: (id, name, input) => this.transcript.startLocalTool(id, name, input),
      onFinish: (outcome) => this.transcript.finishLocalTool(outcome),
    };
  }

  /** Notification hooks: the REPL is about to wait for the user (they run alongside the dialog, never delay it). */
  private notifyWaiting(message: string): void {
    const { session } = this;
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
      ...this.session.baseEnv,
      askPermission: this.askPermission,
      onAllowAlways: this.options.permissionRules.onAllowAlways,
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

/** `/hepl` → "Unknown command /hepl. Did you mean /help?" (the closest names and aliases, else where to look). */
function unknownCommandText(name: string, commands: CommandRegistry): string {
  const names = commands.all().flatMap((command) => [command.name, ...(command.aliases ?? [])]);
  const close = closestNames(name, names, 2);
  const hint = close.length > 0 ? `Did you mean ${close.map((candidate) => `/${candidate}`).join(' or ')}?` : '/help lists the commands.';
  return `Unknown command /${name}. ${hint}`;
}
