/**
 * The REPL's controller, free of React: it takes what the user submits and
 * runs what it means — the one input interpreter (src/app/inputInterpreter.ts)
 * says whether it is a /command, a !command, a # note or a prompt; this file
 * runs each the REPL's way (dialogs, the transcript, attachments, queued
 * input). The view model it extends (replViewModel.ts) holds the state the
 * Ink components render and runs the turns.
 */
import path from 'node:path';
import type { CommandRegistry } from '../../commands/registry.js';
import { PermissionState } from '../../permissions/permissionState.js';
import { beginCommandPrompt, interpretInput, REPL_INPUT } from '../../app/inputInterpreter.js';
import type { CommandContext, SlashCommand } from '../../commands/types.js';
import type { CommandResult } from '../../commands/custom/commandResult.js';
import { saveMemoryNote } from '../../commands/memoryNote.js';
import type { PermissionMode } from '../../contract/permissions.js';
import { closestNames } from '../../utils/closestNames.js';
import { USER_INTERRUPT } from '../../services/tools/cancellation.js';
import type { ContentBlockParam } from '../../types/messages.js';
import { saveClipboardImage } from '../../utils/clipboard/clipboardImage.js';
import { errorMessageOf } from '../../utils/errors.js';
import { pickSession } from './sessionPicker.js';
import { writeClipboard } from './clipboard.js';
import { replayItems } from './replayItems.js';
import { runRewindFlow } from '../rewind/rewindFlow.js';
import { shellSnippetRunner, type PromptTurnOptions } from './commandTurn.js';
import { attachmentBlocks } from '../../attachments/attachmentBlocks.js';
import { imageMention, mentionedFiles } from '../../attachments/promptMentions.js';
import { mentionedResources } from '../../attachments/resourceMentions.js';
import { runUserTool, shellContextBlock } from './userToolRuns.js';
import { ReplViewModel } from './replViewModel.js';
import { TaskEndTurns } from './taskEndTurns.js';

const MAX_QUEUED_PROMPTS = 20;
/** In the queue of things to run: the model's own turn about background tasks that ended. */
const TASK_END_TURN = Symbol('task end turn');
/** Shell outputs carried to the next prompt; older ones are dropped first. */
const MAX_PENDING_CONTEXT = 10;

export class ReplController extends ReplViewModel {
  private pendingContext: ContentBlockParam[] = [];
  private queue: string[] = [];
  private idle: Promise<void> = Promise.resolve();
  private draining = false;
  /** Ended background tasks give an idle model a turn of its own (taskEndTurns.ts). */
  private readonly taskEndTurns = new TaskEndTurns(this.session.backgroundTasks, {
    conversationId: () => this.conversation.id,
    isBusy: () => this.draining,
    isExiting: () => this.status.exitRequested,
    startTurn: () => {
      this.idle = this.drain(TASK_END_TURN);
    },
    onRunningCount: (running) => {
      if (running !== this.status.runningTasks) this.setStatus({ runningTasks: running });
    },
  });

  /** Resolves when nothing is running or queued. */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  // --- user actions ---

  submit(rawText: string): void {
    const text = rawText.trim();
    if (text === '') return;
    this.taskEndTurns.release();
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
    this.taskEndTurns.hold();
    // Queued prompts were typed expecting the turn to finish; after an interrupt the user decides again.
    this.queue = [];
    this.setStatus({ queued: [] });
    return true;
  }

  /** Ctrl+B: running foreground Bash commands become background tasks; their calls return at once. */
  runInBackground(): boolean {
    return this.session.backgroundTasks.moveForegroundToBackground() > 0;
  }

  cycleMode(): PermissionMode {
    return new PermissionState(this.session.appState).cycleMode();
  }

  /** "Yes, allow all edits during this session": the mode changes as Shift+Tab would change it. */
  setPermissionMode(mode: PermissionMode): void {
    new PermissionState(this.session.appState).setMode(mode, 'user');
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

  override dispose(): void {
    this.taskEndTurns.dispose();
    super.dispose();
  }

  requestExit(): void {
    this.queue = [];
    this.interrupt();
    this.dialogs.cancelAll();
    this.setStatus({ exitRequested: true, queued: [] });
  }


  // --- running things ---

  private async drain(first: string | typeof TASK_END_TURN): Promise<void> {
    this.draining = true;
    try {
      let next: string | typeof TASK_END_TURN | undefined = first;
      while (next !== undefined && !this.status.exitRequested) {
        if (next === TASK_END_TURN) await this.runTaskEndTurn();
        else await this.process(next);
        next = this.queue.shift() ?? (this.taskEndTurns.turnDue() ? TASK_END_TURN : undefined);
        this.setStatus({ queued: [...this.queue] });
      }
    } finally {
      this.draining = false;
    }
  }

  /** The model's turn about ended tasks: their notices are the user turn (the transcript already shows each as a line). */
  private async runTaskEndTurn(): Promise<void> {
    const reminders = this.taskEndTurns.takeReminders();
    if (reminders.length === 0) return;
    await this.withTurn(async (signal) => {
      const outcome = await this.runQuery(reminders.join('\n'), signal);
      this.setStatus({ contextTokens: this.options.conversation.contextTokens || this.status.contextTokens });
      return outcome;
    });
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
      choose: (request) => this.dialogs.choose(request, controller.signal),
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
      ...this.options.commandHooks,
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







}

/** `/hepl` → "Unknown command /hepl. Did you mean /help?" (the closest names and aliases, else where to look). */
function unknownCommandText(name: string, commands: CommandRegistry): string {
  const names = commands.all().flatMap((command) => [command.name, ...(command.aliases ?? [])]);
  const close = closestNames(name, names, 2);
  const hint = close.length > 0 ? `Did you mean ${close.map((candidate) => `/${candidate}`).join(' or ')}?` : '/help lists the commands.';
  return `Unknown command /${name}. ${hint}`;
}
