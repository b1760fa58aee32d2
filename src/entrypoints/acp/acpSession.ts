/**
 * One ACP session: a ConversationSession (the conversation's one owner,
 * the same engine and transcripts as the REPL and `--resume`) driven by
 * the editor. It turns prompts into turns and their events into updates,
 * asks the editor for permissions and plan approvals, reads and writes
 * through the editor's buffers when it offers them, and keeps the editor's
 * view of the mode and the task list in step with the session's state.
 */
import { budgetReachedText } from '../../session/spendCap.js';
import { RequestError, type AgentContext, type ClientCapabilities, type ContentBlock, type SessionUpdate, type StopReason } from '@agentclientprotocol/sdk';
import { allowAlwaysHandler } from '../../permissions/allowAlways.js';
import { isPermissionMode, type PermissionMode } from '../../contract/permissions.js';
import type { QueryOutcome } from '../../query/events.js';
import { describeApiFailure } from '../../services/api/describeApiFailure.js';
import type { McpManager } from '../../services/mcp/McpManager.js';
import type { ToolRunEnv } from '../../services/tools/toolExecution.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import type { AppState } from '../../contract/appState.js';
import type { ContentBlockParam } from '../../types/messages.js';
import type { UserInteraction } from '../../types/userInteraction.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { TextFileAccess } from '../../contract/textFileAccess.js';
import { INIT_PROMPT } from '../../commands/builtin/init.js';
import type { AcpCommandSet } from './acpCommands.js';
import { modeState } from './acpModes.js';
import { clientTextFiles } from './clientTextFiles.js';
import { runCommandSnippet } from './commandSnippets.js';
import { acpPermissionAsker } from './permissionAsker.js';
import { approvePlanInEditor } from './planApproval.js';
import { promptContent } from './promptContent.js';
import { replayConversation } from './replayConversation.js';
import { TurnUpdates } from './turnUpdates.js';
import { PermissionState } from '../../permissions/permissionState.js';
import { beginCommandPrompt, interpretInput, PROGRAM_INPUT, refusalOfElsewhere } from '../../app/inputInterpreter.js';

export type AcpSessionOptions = {
  readonly conversation: ConversationSession;
  readonly mcp: McpManager | undefined;
  readonly client: AgentContext;
  readonly clientCapabilities: ClientCapabilities | undefined;
  readonly commands: AcpCommandSet;
  readonly log: (message: string) => void;
};

type RunningTurn = { readonly controller: AbortController; readonly updates: TurnUpdates; done?: Promise<unknown> };

/** How long closing waits for a cancelled turn to stop its tools (their processes are killed on the abort). */
const CLOSE_GRACE_MS = 5_000;

export class AcpSession {
  /** The command list last sent, so a change in MCP prompts is announced once. */
  private announcedCommands: string | undefined;
  readonly id: string;
  private running: RunningTurn | undefined;
  private sending: Promise<void> = Promise.resolve();
  private readonly textFiles: TextFileAccess | undefined;
  private readonly env: ToolRunEnv;
  private readonly userInteraction: UserInteraction;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: AcpSessionOptions) {
    const { conversation, client } = options;
    this.id = conversation.id;
    const session = conversation.session;
    this.textFiles = clientTextFiles(client, options.clientCapabilities, () => this.id);
    this.env = {
      ...session.baseEnv,
      askPermission: acpPermissionAsker({
        client,
        sessionId: () => this.id,
        announce: (request) => this.currentUpdates().announce(request),
        appState: session.appState,
        projectRoot: session.cwd,
      }),
      onAllowAlways: allowAlwaysHandler({ onSaveError: (message) => options.log(`"always allow" holds for this session only: ${message}`) }),
    };
    this.userInteraction = {
      approvePlan: (plan, signal) => approvePlanInEditor({ client, sessionId: this.id, plan, signal, send: (update) => this.send(update) }),
      askQuestions: async () => {
        throw new Error('this editor has no way to show questions; ask the user in your reply instead and wait for their answer');
      },
    };
    let last = session.appState.get();
    this.unsubscribe = session.appState.subscribe((state) => {
      this.followState(last, state);
      last = state;
    });
  }

  get mode(): PermissionMode {
    return this.options.conversation.session.appState.get().toolPermissionContext.mode;
  }

  modes() {
    return modeState(this.mode);
  }

  /** Sends one update; updates leave in the order they were sent, and a failed send is logged, never thrown into a turn. */
  send(update: SessionUpdate): Promise<void> {
    const sent = this.sending.then(() => this.options.client.notify('session/update', { sessionId: this.id, update }));
    this.sending = sent.catch((error: unknown) => this.options.log(`could not send an update: ${errorMessageOf(error)}`));
    return this.sending;
  }

  async announceCommands(options: { readonly onlyIfChanged?: boolean } = {}): Promise<void> {
    const availableCommands = this.options.commands.available();
    const key = JSON.stringify(availableCommands);
    if (options.onlyIfChanged && (this.announcedCommands === undefined || key === this.announcedCommands)) return;
    this.announcedCommands = key;
    await this.send({ sessionUpdate: 'available_commands_update', availableCommands });
  }

  async replay(): Promise<void> {
    await replayConversation(this.options.conversation, (update) => this.send(update));
    const todos = this.options.conversation.session.appState.get().todos;
    if (todos.length > 0) await this.send(planUpdate(todos));
  }

  async prompt(blocks: readonly ContentBlock[]): Promise<StopReason> {
    if (this.running) throw RequestError.invalidRequest(undefined, 'a prompt is already running in this session; cancel it first');
    const controller = new AbortController();
    const updates = this.turnUpdates(controller.signal);
    const running: RunningTurn = { controller, updates };
    this.running = running;
    const turn = this.runPrompt(promptContent(blocks), controller.signal, updates);
    running.done = turn.catch(() => undefined);
    try {
      const stop = await turn;
      await this.sending;
      return controller.signal.aborted ? 'cancelled' : stop;
    } catch (error) {
      await this.sending;
      if (controller.signal.aborted) return 'cancelled';
      throw error;
    } finally {
      this.running = undefined;
    }
  }

  /** session/cancel: the turn stops, running tools and their processes with it; the prompt answers `cancelled`. */
  cancel(): void {
    this.running?.controller.abort({ kind: 'user_interrupt' });
  }

  setMode(modeId: string): void {
    if (!isPermissionMode(modeId)) throw RequestError.invalidParams(undefined, `unknown mode "${modeId}"`);
    // Chosen in the editor's mode picker: as deliberate as the command-line flag (see acpModes.ts and PermissionState).
    new PermissionState(this.options.conversation.session.appState).setMode(modeId, 'editor');
  }

  /** The connection is gone: the turn is cancelled and given time to stop its processes before the transcript closes. */
  async close(): Promise<void> {
    const running = this.running;
    this.cancel();
    if (running?.done) await Promise.race([running.done, new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
    this.unsubscribe();
    await this.options.conversation.end('exit');
    await this.options.mcp?.close();
  }

  private async runPrompt(content: ContentBlockParam[], signal: AbortSignal, updates: TurnUpdates): Promise<StopReason> {
    // Only a prompt that is one line of text can name a command; anything the editor attached makes it a prompt.
    const typed = content.length === 1 && content[0]!.type === 'text' ? content[0]!.text : undefined;
    const input = typed === undefined ? undefined : interpretInput(typed, this.options.commands.catalog, PROGRAM_INPUT);
    // Another front end's built-in (/model, /clear…): refused with the sentence headless gives, not sent to the model.
    if (input?.kind === 'elsewhere') {
      await this.say(refusalOfElsewhere(input.command, 'in an editor session (the editor offers its own controls)'));
      return 'end_turn';
    }
    if (input?.kind === 'builtin') {
      const command = this.options.commands.find(input.command.name);
      if (command?.kind === 'compact') return this.compact(input.args, signal, updates);
      if (command?.kind === 'init') return this.runTurn(INIT_PROMPT, signal, updates);
      if (command?.kind === 'text' && command.command.textForm) {
        const answer = await command.command.textForm(input.args, this.options.conversation.session, { notApplicable: 'ACP: the editor draws the UI' });
        // Fenced when aligned: an editor renders agent text as markdown, which would fold the columns.
        await this.say(answer.preformatted ? ['```text', answer.text, '```'].join('\n') : answer.text);
        return 'end_turn';
      }
      if (command?.kind === 'rewind') {
        const { runAcpRewind } = await import('./acpRewind.js');
        await this.say(await runAcpRewind(this.options.conversation, input.args));
        return 'end_turn';
      }
    }
    if (input?.kind === 'custom') {
      const result = await input.command.expand(input.args);
      if (result.type !== 'prompt') {
        if (result.type === 'text') await this.say(result.text);
        return 'end_turn';
      }
      const commandPrompt = beginCommandPrompt(this.options.conversation.session, result);
      if (!commandPrompt.ok) {
        await this.say(commandPrompt.error);
        return 'end_turn';
      }
      try {
        const rendered = await commandPrompt.render((snippet) => runCommandSnippet(snippet, { conversation: this.options.conversation, env: this.env, signal, updates, textFiles: this.textFiles }));
        if (!rendered.ok) {
          await this.say(rendered.error);
          return 'end_turn';
        }
        return await this.runTurn(rendered.prompt, signal, updates, commandPrompt.model);
      } finally {
        commandPrompt.release();
      }
    }
    // Anything else (text, or a `/word` that names no command) goes to the model as the editor sent it.
    return this.runTurn(content, signal, updates);
  }

  private async runTurn(content: string | ContentBlockParam[], signal: AbortSignal, updates: TurnUpdates, model?: string): Promise<StopReason> {
    const { conversation } = this.options;
    const run = conversation.submit(content, {
      signal,
      env: this.env,
      userInteraction: this.userInteraction,
      ...(this.textFiles ? { textFiles: this.textFiles } : {}),
      ...(model ? { model } : {}),
    });
    let step = await run.next();
    while (!step.done) {
      await updates.handle(step.value);
      step = await run.next();
    }
    if (step.value.reason === 'max_budget') await this.say(`\n\n${budgetReachedText(conversation.session.spendCap.maxUsd)}\n`);
    return this.stopReasonOf(step.value);
  }

  private async compact(instructions: string, signal: AbortSignal, updates: TurnUpdates): Promise<StopReason> {
    const run = this.options.conversation.compact(instructions || undefined, signal);
    let step = await run.next();
    while (!step.done) {
      await updates.handle(step.value);
      step = await run.next();
    }
    await this.say(step.value.ok ? 'The conversation was compacted.' : `Compaction failed: ${step.value.error}`);
    return 'end_turn';
  }

  private stopReasonOf(outcome: QueryOutcome): StopReason {
    switch (outcome.reason) {
      case 'completed': {
        const last = outcome.messages.findLast((message) => message.type === 'assistant');
        return last?.type === 'assistant' && last.stopReason === 'refusal' ? 'refusal' : 'end_turn';
      }
      case 'max_turns':
      // --max-budget-usd: a limit the session was started with, like --max-turns.
      case 'max_budget':
        return 'max_turn_requests';
      case 'interrupted':
        return 'cancelled';
      case 'rejected_by_user':
      case 'stopped_by_hook':
      // --json-schema is not offered to ACP sessions; the reason exists for headless runs.
      case 'structured_output_failed':
        return 'end_turn';
      case 'api_error': {
        const { conversation } = this.options;
        const message = outcome.failure
          ? describeApiFailure(outcome.failure, { baseUrl: conversation.session.env.ANTHROPIC_BASE_URL || undefined, model: conversation.model })
          : 'the API request failed';
        throw RequestError.internalError(undefined, message);
      }
      case 'compaction_failed':
        throw RequestError.internalError(undefined, `the conversation could not be compacted${outcome.detail ? `: ${outcome.detail}` : ''}`);
    }
  }

  private say(text: string): Promise<void> {
    return this.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
  }

  private currentUpdates(): TurnUpdates {
    // An ask outside a prompt (none today) still needs somewhere to announce its call.
    return this.running?.updates ?? this.turnUpdates(new AbortController().signal);
  }

  private turnUpdates(signal: AbortSignal): TurnUpdates {
    return new TurnUpdates({ conversation: this.options.conversation, send: (update) => this.send(update), signal, ...(this.textFiles ? { textFiles: this.textFiles } : {}) });
  }

  /** The editor's mode picker and plan follow the session's state, whoever changed it (set_mode, ExitPlanMode, a resumed transcript). */
  private followState(previous: AppState, next: AppState): void {
    if (next.toolPermissionContext.mode !== previous.toolPermissionContext.mode) {
      void this.send({ sessionUpdate: 'current_mode_update', currentModeId: next.toolPermissionContext.mode });
    }
    if (next.todos !== previous.todos) void this.send(planUpdate(next.todos));
  }
}

function planUpdate(todos: AppState['todos']): SessionUpdate {
  return { sessionUpdate: 'plan', entries: todos.map((todo) => ({ content: todo.content, status: todo.status, priority: 'medium' })) };
}
