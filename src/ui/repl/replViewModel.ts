/**
 * The REPL's view model, free of React: the status the Ink components
 * render, the transcript a turn's events feed, the dialogs that answer the
 * loop's questions, and how one turn runs (busy, interruptible, its failure
 * described). What a line of input means and what it runs is the
 * controller's (replController.ts), through the one input interpreter in
 * src/app/.
 */
import type { ReplPermissionRules } from '../../commands/permissionRulesAccess.js';
import type { CommandCatalog } from '../../app/commandCatalog.js';
import type { FrontEndCommandHooks } from '../../commands/types.js';
import type { EditorRun } from '../../utils/process/externalEditor.js';
import { describeApiFailure } from '../../services/api/describeApiFailure.js';
import type { PromptHistory } from '../../history/promptHistory.js';
import { runNotificationHooks } from '../../hooks/sessionHooks.js';
import type { QueryEvent, QueryOutcome } from '../../query/events.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import type { Session } from '../../session/session.js';
import { USER_INTERRUPT } from '../../services/tools/cancellation.js';
import type { PermissionRequest, ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ContentBlockParam, ConversationMessage } from '../../types/messages.js';
import type { UserInteraction } from '../../types/userInteraction.js';
import { errorMessageOf } from '../../utils/errors.js';
import { compactionNotice } from './compactionNotice.js';
import type { AttentionNotifier } from './attentionNotifier.js';
import { DialogQueue } from './dialogQueue.js';
import { TurnNotices } from './turnNotices.js';
import { RAISE_BUDGET_IN_REPL, TranscriptStore, type StaticReadiness } from './transcriptStore.js';
import { budgetReachedText } from '../../session/spendCap.js';
import { findToolByName } from '../../contract/tool.js';
import { loadedToolRenderers } from '../tools/toolRendererCache.js';
import type { UserToolRunner } from './userToolRuns.js';
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
  /** Background shells and agents still running (the prompt's hint names them and /tasks). */
  readonly runningTasks: number;
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
  /** What the front end lets commands change live (status line program, verbose, theme). */
  readonly commandHooks?: FrontEndCommandHooks;
  /** Vim editing from the start (the `editorMode: "vim"` setting). */
  readonly vimMode?: boolean;
};

export type TurnEnd = Pick<QueryOutcome, 'reason' | 'detail'> & { readonly failure?: QueryOutcome['failure'] };

export abstract class ReplViewModel {
  readonly transcript: TranscriptStore;
  readonly dialogs = new DialogQueue();
  protected status: ReplStatus;
  private readonly statusListeners = new Set<() => void>();
  protected running: AbortController | undefined;
  protected restoreSeq = 0;
  private readonly stopNotifier: () => void;
  private readonly notices: TurnNotices;

  constructor(protected readonly options: ReplControllerOptions) {
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
    this.notices = new TurnNotices(this.transcript, { hooks: conversation.session.hooks, backgroundTasks: conversation.session.backgroundTasks });
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
      vimMode: options.vimMode ?? false,
      runningTasks: 0,
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

  toggleVerbose(): void {
    this.setStatus({ verbose: !this.status.verbose });
  }

  /** Ctrl+O opens the transcript view (everything so far, in full); Esc closes it. */
  setTranscriptOpen(open: boolean): void {
    if (this.status.transcriptOpen !== open) this.setStatus({ transcriptOpen: open });
  }

  dispose(): void {
    this.notices.dispose();
    this.stopNotifier();
    this.running?.abort(USER_INTERRUPT);
    this.transcript.dispose();
  }

  protected async withTurn(body: (signal: AbortSignal) => Promise<TurnEnd>): Promise<void> {
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
      else if (outcome.reason === 'max_budget') failureText = budgetReachedText(this.session.spendCap.maxUsd, RAISE_BUDGET_IN_REPL);
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

  protected async runQuery(content: string | ContentBlockParam[], signal: AbortSignal, model?: string): Promise<QueryOutcome> {
    const run = this.options.conversation.submit(content, { signal, env: this.toolEnv(), userInteraction: this.userInteraction, ...(model ? { model } : {}) });
    let step = await run.next();
    while (!step.done) {
      this.handleEvent(step.value);
      step = await run.next();
    }
    return step.value;
  }

  protected handleEvent(event: QueryEvent): void {
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

  protected userToolRunner(signal: AbortSignal): UserToolRunner {
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

  protected toolEnv(): ToolRunEnv {
    return {
      ...this.session.baseEnv,
      askPermission: this.askPermission,
      onAllowAlways: this.options.permissionRules.onAllowAlways,
    };
  }

  /** Questions for the user; a plan is printed in full first, since the dialog can show only part of a long one. */
  protected readonly userInteraction: UserInteraction = {
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

  protected restoreInput(text: string): void {
    this.setStatus({ restoredInput: { text, seq: ++this.restoreSeq } });
  }

  protected setStatus(change: Partial<ReplStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.statusListeners) listener();
  }
}
