/**
 * The one owner of a conversation: its messages, working directory, model,
 * pending reminders, transcript and compaction state (the engine around it —
 * tools, permission context, cost, model client — is the Session it was
 * made from). Every front end drives it with `submit(prompt)` and renders or
 * serialises the typed events it yields; none keeps a copy of the
 * conversation or steps the agent loop itself.
 *
 * A child conversation (a subagent) is another ConversationSession over the
 * same Session with its own system prompt, tool subset, read-file state and
 * (optionally) a sidechain transcript.
 */
import path from 'node:path';
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { SessionInfo, Tools, ToolUseContext } from '../contract/tool.js';
import { query } from '../query.js';
import type { CompactionTrigger, QueryEvent, QueryOutcome } from '../query/events.js';
import { contextWindowOf } from '../services/api/models.js';
import { thinkingForPrompt, type ThinkingSettings } from '../services/api/thinking.js';
import { withUsageTracking } from '../services/api/usageTrackingClient.js';
import type { ModelClient } from '../contract/modelClient.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { CostTracker } from '../services/api/cost.js';
import type { SubagentScope } from './subagentScope.js';
import type { ContentBlockParam, ConversationMessage } from '../types/messages.js';
import type { UserInteraction } from '../types/userInteraction.js';
import type { TextFileAccess } from '../contract/textFileAccess.js';
import { newUuid } from '../utils/ids.js';
import type { CheckpointKeeper } from './checkpoints/checkpointKeeper.js';
import { collectReminders } from './collectReminders.js';
import { conversationStopHook, cwdChangedHooks, promptSubmitHooks, stopFailureHooks, type ConversationHookSubject } from './conversationHooks.js';
import { CompactionPolicy } from './compaction/compactionPolicy.js';
import { estimateConversationTokens, usedTokens } from './compaction/tokenEstimate.js';
import { measureContext } from './context/contextUsage.js';
import type { Session } from './session.js';
import type { SessionEndReason, SessionLifecycleEvent, SessionLifecycleListener, SessionStartSource } from './lifecycle.js';
import { sessionDir } from '../settings/configPaths.js';
import { latestPromptText, typedText, withHookContext, withPromptUuid, withUserPrompt } from './promptMessages.js';
import type { LoadedTranscript } from './transcript/loadTranscript.js';
import { SessionInUseError, type TranscriptWriter } from './transcript/transcriptWriter.js';
import { restoreSavedState, resumedWorkingDirectory, RESUME_REMINDER } from './conversationPersistence.js';
import { ConversationRecord, type ResumedConversation } from './conversationRecord.js';
import type { CompactResult, ConversationSessionOptions, TurnOptions } from './conversationOptions.js';
import { otherHolderOf } from './transcript/sessionLock.js';
import { repairedOrUndefined } from './transcript/repairConversation.js';
import { TurnRecorder } from './transcript/turnRecorder.js';

export class ConversationSession {
  readonly session: Session;
  private currentId: string;
  private currentMessages: readonly ConversationMessage[] = [];
  private currentCwd: string;
  private currentModel: string;
  /** The transcript file and file checkpoints. */
  private readonly record: ConversationRecord;
  private pendingReminders: string[] = [];
  private readonly recorder = new TurnRecorder(() => this.writer);
  /** When the conversation compacts itself; it keeps the context size the latest response reported. */
  private readonly compaction: CompactionPolicy;
  private thinkingOverride: ThinkingSettings | undefined;
  private readonly listeners = new Set<SessionLifecycleListener>();
  private readonly trackedClient: ModelClient;
  private readonly unsubscribeAppState: () => void;

  constructor(private readonly options: ConversationSessionOptions) {
    const { session } = options;
    this.session = session;
    this.currentId = options.child ? newUuid() : session.id;
    this.currentCwd = options.child?.cwd ?? session.cwd;
    this.currentModel = options.child?.model ?? session.model;
    this.trackedClient = withUsageTracking(session.modelClient, this.costTracker);
    this.record = new ConversationRecord(options, () => this.currentCwd);
    this.compaction = new CompactionPolicy({
      modelClient: this.trackedClient,
      env: session.env,
      model: () => this.currentModel,
      contextWindow: () => this.contextWindow,
      cwd: () => this.currentCwd,
      todos: () => session.appState.get().todos,
      writer: () => this.writer,
      estimateContextTokens: (messages) => this.estimateContextTokens(messages),
      adopt: (messages) => {
        this.currentMessages = messages;
      },
      emit: (event) => this.emit(event),
    });
    if (options.lifecycle) this.listeners.add(options.lifecycle);
    if (options.resumed) this.adopt(options.resumed);
    else this.record.startNew(this.currentId);
    let lastState = session.appState.get();
    this.unsubscribeAppState = session.appState.subscribe((state) => {
      if (state.toolPermissionContext.mode !== lastState.toolPermissionContext.mode) this.writer?.appendMode(state.toolPermissionContext.mode);
      if (state.todos !== lastState.todos) this.writer?.appendTodos(state.todos);
      lastState = state;
    });
  }

  // --- what it owns ---

  get id(): string {
    return this.currentId;
  }

  get info(): SessionInfo {
    const configDir = this.session.info.configDir;
    return { id: this.currentId, dir: sessionDir(configDir, this.session.cwd, this.currentId), configDir };
  }

  get messages(): readonly ConversationMessage[] {
    return this.currentMessages;
  }

  get cwd(): string {
    return this.currentCwd;
  }

  get model(): string {
    return this.currentModel;
  }

  private get writer(): TranscriptWriter | undefined {
    return this.record.writer;
  }

  /** The session's JSONL file (hooks get it as transcript_path); undefined when nothing is saved. */
  get transcriptPath(): string | undefined {
    return this.writer?.file;
  }

  /** Tokens in the context after the latest response (0 before the first). */
  get contextTokens(): number {
    return this.compaction.contextTokens ?? 0;
  }

  get contextWindow(): number {
    return contextWindowOf(this.currentModel, this.session.env);
  }

  /** The window share at which automatic compaction runs, or undefined when it is off. */
  get autoCompactThreshold(): number | undefined {
    return this.compaction.threshold;
  }

  get systemPrompt(): readonly TextBlockParam[] {
    return this.options.systemPrompt ?? this.session.systemPrompt;
  }

  get tools(): Tools {
    return this.options.tools ?? this.session.tools;
  }

  private get costTracker(): CostTracker {
    return this.options.child?.costTracker ?? this.session.costTracker;
  }

  setModel(model: string): void {
    if (model === this.currentModel) return;
    this.currentModel = model;
    this.writer?.appendModel(model);
  }

  /** The thinking settings the next turns use: the session's, or a front end's change (the SDK's set_max_thinking_tokens). */
  get thinking(): ThinkingSettings {
    return this.thinkingOverride ?? this.session.thinking;
  }

  /** A thinking budget for the next turns (0: off); undefined goes back to the session's settings. */
  setMaxThinkingTokens(tokens: number | undefined): void {
    this.thinkingOverride = tokens === undefined ? undefined : { ...this.session.thinking, maxThinkingTokens: tokens };
  }

  /** The prompts' file checkpoints, for rewind; undefined when checkpointing is off or this is a subagent. */
  get checkpoints(): CheckpointKeeper | undefined {
    return this.record.checkpoints;
  }

  /**
   * Conversation rewind: the conversation goes back to just before the user
   * message `uuid`, as a fork — the transcript keeps the old branch, and the
   * next message follows the one before it. Returns the message (its text
   * goes back into the input box), or undefined when it is not in the
   * conversation.
   */
  rewindConversationTo(uuid: string): ConversationMessage | undefined {
    const index = this.currentMessages.findIndex((message) => message.uuid === uuid && message.type === 'user');
    if (index < 0) return undefined;
    const message = this.currentMessages[index]!;
    this.currentMessages = this.currentMessages.slice(0, index);
    this.writer?.rewindTo(this.currentMessages.at(-1)?.uuid ?? null);
    return message;
  }

  /** Text the model gets with its next request, once (wrapped as the caller wrote it). */
  addReminder(text: string): void {
    this.pendingReminders.push(text);
  }

  /** Who and where this conversation is, for its hooks' input. */
  private get hookSubject(): ConversationHookSubject {
    return { session: this.session, info: this.info, cwd: this.currentCwd, transcriptPath: this.transcriptPath, child: this.options.child };
  }

  onLifecycle(listener: SessionLifecycleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces the conversation (session_start: startup or resume); front ends call it once they listen. */
  async start(): Promise<void> {
    await this.emit({ type: 'session_start', source: this.options.resumed ? 'resume' : 'startup' });
  }

  /** The conversation is left for good: session_end, and the transcript is closed. */
  async end(reason: SessionEndReason = 'exit'): Promise<void> {
    await this.emit({ type: 'session_end', reason });
    // A fork copies the resumed checkpoints into its file as they are read: that must finish before the file closes.
    await this.record.checkpoints?.allRecords();
    this.record.close();
    this.unsubscribeAppState();
  }

  // --- running a turn ---

  /**
   * Sends a prompt and runs the agent loop until the model ends its turn.
   * Yields every loop event (compaction included); returns the outcome.
   * An interrupt before any reply takes the prompt back out.
   */
  async *submit(content: string | ContentBlockParam[], turn: TurnOptions): AsyncGenerator<QueryEvent, QueryOutcome> {
    const before = this.currentMessages;
    // UserPromptSubmit hooks see the prompt before anything is recorded: a blocking hook drops it.
    const answer = await promptSubmitHooks(this.hookSubject, typedText(content), turn.signal);
    if (answer.kind === 'blocked') return { reason: 'stopped_by_hook', messages: before, turns: 0, detail: answer.message };
    const addition = withPromptUuid(withHookContext(withUserPrompt(before, content), answer.context), turn.promptUuid, before);
    if (addition.replaced) this.writer?.rewindTo(before.at(-2)?.uuid ?? null);
    this.record.recordPrompt(addition.prompt, content);
    this.currentMessages = addition.messages;

    const model = turn.model ?? this.currentModel;
    const onStop = conversationStopHook(this.hookSubject, turn.signal);
    const keeper = this.record.checkpoints;
    keeper?.beginPrompt(addition.prompt.uuid, typedText(content));
    const env: ToolRunEnv = { ...this.session.baseEnv, ...turn.env, ...(keeper ? { beforeToolRuns: (tool, call) => keeper.beforeToolRuns(tool, call) } : {}) };
    const releases: Array<() => void> = [];
    // Hooks that run beside the turn (CwdChanged): the turn does not wait for them, but it ends only once they are done.
    const sideHooks: Array<Promise<unknown>> = [];
    const context: ToolUseContext = {
      ...this.toolContext(turn.signal, { userInteraction: turn.userInteraction, textFiles: turn.textFiles }),
      subagents: this.session.subagentLauncher(this.subagentScope(env, turn.userInteraction, turn.textFiles)),
      onTurnEnd: (release) => void releases.push(release),
    };
    const spendCap = this.session.spendCap;
    const run = query({
      messages: addition.messages,
      systemPrompt: this.systemPrompt,
      modelClient: this.session.modelClient,
      model,
      maxOutputTokens: this.session.maxOutputTokens,
      maxTurns: this.options.child?.maxTurns ?? this.session.maxTurns,
      context,
      env,
      signal: turn.signal,
      costTracker: this.costTracker,
      ...(spendCap.maxUsd !== undefined ? { budget: { maxUsd: spendCap.maxUsd, spentUsd: () => spendCap.spentUsd } } : {}),
      retryPolicy: this.session.retryPolicy,
      ...(turn.rawStreamEvents ? { rawStreamEvents: true } : {}),
      ...(this.session.finalAnswerTool && !this.options.child ? { finalAnswerTool: this.session.finalAnswerTool } : {}),
      maxConcurrency: this.session.maxConcurrency,
      selectRequestTools: this.session.selectRequestTools,
      onContextChange: (next) => {
        const previous = this.currentCwd;
        this.currentCwd = next.cwd;
        if (previous !== next.cwd) sideHooks.push(cwdChangedHooks(this.hookSubject, previous, next.cwd));
      },
      takeReminders: async (messages, current) => [
        ...this.pendingReminders.splice(0),
        ...(await collectReminders({ id: this.currentId, nestedMemory: this.session.nestedMemory, todoStaleness: this.session.todoStaleness }, messages, current)),
      ],
      compaction: this.compaction.hook(),
      repairHistory: repairedOrUndefined,
      ...(this.session.fallbackModel && this.session.fallbackModel !== model ? { fallbackModel: this.session.fallbackModel } : {}),
      thinking: thinkingForPrompt(latestPromptText(addition.messages), model, this.thinking),
      ...(onStop ? { onStop } : {}),
    });
    let step;
    try {
      step = await run.next();
      while (!step.done) {
        this.recorder.record(step.value);
        if (step.value.type === 'assistant_message') this.compaction.heard(usedTokens(step.value.message.usage));
        yield step.value;
        // Only the main conversation warns: a subagent's cost counts, and the parent's next response reports it.
        const warning = step.value.type === 'assistant_message' && !this.options.child ? spendCap.takeWarning() : undefined;
        if (warning) yield { type: 'budget_warning', ...warning };
        step = await run.next();
      }
    } finally {
      for (const release of releases.splice(0)) release();
    }
    await Promise.all(sideHooks);
    const outcome = step.value;
    await keeper?.endPrompt();
    this.currentMessages = outcome.messages;
    if (outcome.reason === 'api_error') await stopFailureHooks(this.hookSubject, outcome);
    if ((outcome.reason === 'interrupted' || outcome.reason === 'max_budget') && outcome.messages.at(-1)?.uuid === addition.prompt.uuid) {
      // Nothing came back: the prompt is taken back (the REPL puts it in the input box again).
      this.currentMessages = before;
      this.writer?.rewindTo(before.at(-1)?.uuid ?? null);
    }
    return outcome;
  }

  /** /compact: summarise now, steered by the user's instructions. */
  async *compact(instructions: string | undefined, signal: AbortSignal): AsyncGenerator<QueryEvent, CompactResult> {
    if (this.currentMessages.length === 0) return { ok: false, error: 'there is no conversation to compact yet' };
    const result = yield* this.compaction.run(this.currentMessages, 'manual', instructions, signal);
    if (!result.ok) return result;
    this.currentMessages = result.messages;
    return { ok: true };
  }

  /** /clear: the conversation ends and a new one (new id, new transcript) begins. */
  async clear(): Promise<void> {
    await this.emit({ type: 'session_end', reason: 'clear' });
    this.record.close();
    this.currentId = newUuid();
    this.currentMessages = [];
    this.pendingReminders = [];
    this.compaction.reset(undefined);
    (this.options.readFileState ?? this.session.readFileState).clear();
    this.session.appState.set((state) => (state.todos.length === 0 ? state : { ...state, todos: [] }));
    this.record.startNew(this.currentId);
    await this.emit({ type: 'session_start', source: 'clear' });
  }

  /** /resume: this conversation ends and a saved one is taken up (under its own id, or a new one with `fork`). */
  async resume(transcript: LoadedTranscript, file: string, options: { readonly fork?: boolean } = {}): Promise<void> {
    // Refused before anything changes: this conversation stays as it was.
    const holder = options.fork || !this.options.persist ? undefined : otherHolderOf(file);
    if (holder !== undefined) throw new SessionInUseError(transcript.sessionId ?? path.basename(file, '.jsonl'), holder);
    await this.emit({ type: 'session_end', reason: 'resume' });
    this.record.close();
    if (options.fork) this.currentId = newUuid();
    this.adopt({ transcript, file, fork: options.fork ?? false, keepModel: false, keepMode: false });
    await this.emit({ type: 'session_start', source: 'resume' });
  }

  /** A context for tools the front end runs itself (`!cmd`, `@file`), like the loop's own. */
  toolContext(
    signal: AbortSignal,
    extra: { readonly toolUseId?: string; readonly userInteraction?: UserInteraction; readonly textFiles?: TextFileAccess } = {},
  ): ToolUseContext {
    const base = this.session.toolUseContext(signal, this.currentMessages, this.currentCwd);
    return {
      ...base,
      toolUseId: extra.toolUseId ?? '',
      model: this.currentModel,
      session: this.info,
      ...(this.options.tools ? { tools: this.options.tools } : {}),
      ...(this.options.readFileState ? { readFileState: this.options.readFileState } : {}),
      ...(extra.userInteraction ? { userInteraction: extra.userInteraction } : {}),
      ...(extra.textFiles ? { textFiles: extra.textFiles } : {}),
    };
  }

  /** What the Agent tool needs to start a child of this conversation. */
  private subagentScope(env: ToolRunEnv, userInteraction: UserInteraction | undefined, textFiles: TextFileAccess | undefined): SubagentScope {
    const child = this.options.child;
    return {
      env,
      ...(userInteraction ? { userInteraction } : {}),
      ...(textFiles ? { textFiles } : {}),
      depth: child?.depth ?? 0,
      persist: this.options.persist,
      sessionDir: child?.rootSessionDir ?? this.info.dir,
      sessionId: child?.rootSessionId ?? this.currentId,
      transcriptPath: child ? child.rootTranscriptPath : this.transcriptPath,
    };
  }

  // --- taking up a saved conversation ---

  /** Takes up a saved conversation: its messages, cwd, mode, model and todos. */
  private adopt(resumed: ResumedConversation): void {
    const { transcript } = resumed;
    if (!resumed.fork && transcript.sessionId) this.currentId = transcript.sessionId;
    this.currentMessages = transcript.messages;
    this.compaction.reset(transcript.contextTokens);
    for (const warning of transcript.warnings) this.options.onWarning?.(warning);
    this.currentCwd = resumedWorkingDirectory(transcript.cwd, this.currentCwd, this.options.onWarning);
    if (transcript.model && !resumed.keepModel) this.currentModel = transcript.model;
    restoreSavedState(this.session.appState, transcript, { keepMode: resumed.keepMode });
    this.record.takeUp(this.currentId, resumed, this.currentMessages);
    if (this.currentMessages.length > 0) this.pendingReminders.push(RESUME_REMINDER);
  }

  // --- compaction (the policy is compaction/compactionPolicy.ts) ---

  /** System prompt, tool definitions and these messages, estimated (no response has measured them yet). */
  private async estimateContextTokens(messages: readonly ConversationMessage[]): Promise<number> {
    const usage = await measureContext(this);
    return usage.estimatedTotal - usage.messageTokens + estimateConversationTokens(messages);
  }

  private async emit(
    event:
      | { readonly type: 'session_start'; readonly source: SessionStartSource }
      | { readonly type: 'pre_compact'; readonly trigger: CompactionTrigger; readonly instructions: string | undefined }
      | { readonly type: 'post_compact'; readonly trigger: CompactionTrigger; readonly summary: string }
      | { readonly type: 'session_end'; readonly reason: SessionEndReason },
  ): Promise<void> {
    const full: SessionLifecycleEvent = { ...event, sessionId: this.currentId, transcriptPath: this.transcriptPath, cwd: this.currentCwd };
    for (const listener of this.listeners) await listener(full);
  }
}
