/**
 * One prompt turn's loop events as `session/update` notifications: text and
 * thinking as message and thought chunks; each tool_use as a `tool_call`
 * the moment it starts streaming, completed with its title, kind, files and
 * raw input once its input is known, then `tool_call_update`s as it runs
 * and finishes (a diff for a file change, the output for a command, a
 * subagent's progress for an Agent call); after each response a
 * `usage_update` (context used, window, cost so far).
 *
 * A permission request must name a call the client already knows, and asks
 * can overtake the event stream (the executor starts calls while the loop's
 * events are still being delivered), so `announce` makes sure the call was
 * sent before the request goes out. Notifications leave in order through
 * the session's one sender.
 */
import { budgetWarningText } from '../../session/spendCap.js';
import type { SessionUpdate, ToolCallUpdate, ToolKind } from '@agentclientprotocol/sdk';
import { findToolByName, type ChangePreview, type Tool } from '../../contract/tool.js';
import { describeAgentWork, isAgentProgress, type AgentStatus } from '../../contract/agentProgress.js';
import type { QueryEvent } from '../../query/events.js';
import { callScopeOf, declareCall, prepareToolCall } from '../../services/tools/prepareToolCall.js';
import type { TextFileAccess } from '../../contract/textFileAccess.js';
import type { PermissionRequest, ToolCallOutcome } from '../../services/tools/toolExecution.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import { describeToolCall, diffContent, kindOfFamily, toolCallContent, type ToolCallView } from './toolCallView.js';

export type SendUpdate = (update: SessionUpdate) => Promise<void>;

type KnownCall = {
  readonly name: string;
  kind: ToolKind;
  /** Set once the full description (title, kind, locations, raw input) has been sent. */
  described?: Promise<ToolCallView | undefined>;
};

const MAX_PROGRESS_CHARS = 4_000;

export type TurnUpdatesOptions = {
  readonly conversation: ConversationSession;
  readonly send: SendUpdate;
  /** The turn's signal (preparing a call to describe it reads the files it names). */
  readonly signal: AbortSignal;
  /** The editor's view of the files, for previews of the changes a request asks about. */
  readonly textFiles?: TextFileAccess;
};

export class TurnUpdates {
  private readonly calls = new Map<string, KnownCall>();
  /** Calls opened since the current request began, not yet answered: a retry voids them. */
  private readonly streaming = new Set<string>();
  private readonly conversation: ConversationSession;
  private readonly send: SendUpdate;
  private readonly signal: AbortSignal;

  constructor(private readonly options: TurnUpdatesOptions) {
    this.conversation = options.conversation;
    this.send = options.send;
    this.signal = options.signal;
  }

  async handle(event: QueryEvent): Promise<void> {
    switch (event.type) {
      case 'request_start':
        this.streaming.clear();
        return;
      case 'retry':
        await this.voidStreamedCalls();
        return;
      case 'text_delta':
        if (event.text !== '') await this.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: event.text } });
        return;
      case 'thinking_delta':
        if (event.thinking !== '') await this.send({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.thinking } });
        return;
      case 'tool_use_start':
        this.open(event.toolUseId, event.toolName);
        return;
      case 'assistant_complete':
        for (const block of event.message.content) {
          if (block.type === 'tool_use') await this.describe(block.id, block.name, block.input);
        }
        return;
      case 'tool_started':
        await this.describe(event.toolUseId, event.toolName, event.input);
        await this.send({ sessionUpdate: 'tool_call_update', toolCallId: event.toolUseId, status: 'in_progress' });
        return;
      case 'tool_progress': {
        const output = isAgentProgress(event.progress)
          ? agentWorkOutput(event.progress.status)
          : this.calls.get(event.toolUseId)?.kind === 'execute'
            ? progressOutput(event.progress)
            : undefined;
        if (output !== undefined) {
          await this.send({ sessionUpdate: 'tool_call_update', toolCallId: event.toolUseId, content: [{ type: 'content', content: { type: 'text', text: output } }] });
        }
        return;
      }
      case 'assistant_message':
        await this.send(this.usageUpdate());
        return;
      case 'tool_result':
        await this.finish(event.outcome);
        return;
      case 'budget_warning':
        // On its own line: the warning follows the response's text in the same message stream.
        await this.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `\n\n${budgetWarningText(event)}\n` } });
        return;
      default:
        return;
    }
  }

  /** After each response: the context in use (the API's count), the window, and the session's cost so far. */
  private usageUpdate(): SessionUpdate {
    const { session } = this.conversation;
    return {
      sessionUpdate: 'usage_update',
      used: this.conversation.contextTokens,
      size: this.conversation.contextWindow,
      cost: { amount: session.costTracker.totalCostUsd, currency: 'USD' },
    };
  }

  /**
   * Before a permission request: the call is known to the client, in full,
   * with the diff of the change it would make when its tool can preview it;
   * returns the request's view of it.
   */
  async announce(request: PermissionRequest): Promise<ToolCallUpdate> {
    const view = await this.describe(request.toolUseId, request.tool.name, request.input);
    const preview = await this.previewOf(request);
    const content = preview ? [diffContent(preview)] : undefined;
    if (content) await this.send({ sessionUpdate: 'tool_call_update', toolCallId: request.toolUseId, content });
    return {
      toolCallId: request.toolUseId,
      rawInput: request.input,
      ...(view ? { title: view.title, kind: view.kind, locations: view.locations } : {}),
      ...(content ? { content } : {}),
    };
  }

  /** A preview is a courtesy: a tool that cannot work one out (or fails to) is asked about without it. */
  private async previewOf(request: PermissionRequest): Promise<ChangePreview | undefined> {
    const { tool } = request;
    if (!tool.previewChange) return undefined;
    try {
      const context = this.conversation.toolContext(request.signal, { toolUseId: request.toolUseId, ...(this.options.textFiles ? { textFiles: this.options.textFiles } : {}) });
      return await tool.previewChange(await declareCall(tool, request.input, callScopeOf(context)), context);
    } catch {
      return undefined;
    }
  }

  /** Registers and sends the call at once (no await before the send is queued), so it can never be sent twice. */
  private open(toolUseId: string, toolName: string): KnownCall {
    const known = this.calls.get(toolUseId);
    if (known) return known;
    const tool = this.tool(toolName);
    const call: KnownCall = { name: toolName, kind: tool ? kindOfFamily(tool) : 'other' };
    this.calls.set(toolUseId, call);
    this.streaming.add(toolUseId);
    void this.send({ sessionUpdate: 'tool_call', toolCallId: toolUseId, title: toolName, kind: call.kind, status: 'pending', rawInput: {} });
    return call;
  }

  /** Sends the call's full description once, however many of the events and asks arrive to trigger it. */
  private async describe(toolUseId: string, toolName: string, input: unknown): Promise<ToolCallView | undefined> {
    const call = this.open(toolUseId, toolName);
    call.described ??= this.sendDescription(toolUseId, toolName, input, call);
    return call.described;
  }

  private async sendDescription(toolUseId: string, toolName: string, input: unknown, call: KnownCall): Promise<ToolCallView | undefined> {
    const tool = this.tool(toolName);
    if (!tool) {
      await this.send({ sessionUpdate: 'tool_call_update', toolCallId: toolUseId, rawInput: input });
      return undefined;
    }
    const context = this.conversation.toolContext(this.signal, { toolUseId });
    const preparation = await prepareToolCall({ id: toolUseId, name: toolName, input }, context);
    const view = await describeToolCall(tool, preparation.ok ? preparation.prepared.call : undefined, this.conversation.cwd);
    call.kind = view.kind;
    await this.send({ sessionUpdate: 'tool_call_update', toolCallId: toolUseId, title: view.title, kind: view.kind, locations: view.locations, rawInput: input });
    return view;
  }

  private async finish(outcome: ToolCallOutcome): Promise<void> {
    this.streaming.delete(outcome.toolUseId);
    const call = await this.describeAfterTheFact(outcome);
    await this.send({
      sessionUpdate: 'tool_call_update',
      toolCallId: outcome.toolUseId,
      status: outcome.status === 'success' ? 'completed' : 'failed',
      content: toolCallContent(outcome, call.kind),
    });
  }

  /** A call answered before it ever ran (a parse error, a denial) still needs its tool_call first. */
  private async describeAfterTheFact(outcome: ToolCallOutcome): Promise<KnownCall> {
    await this.describe(outcome.toolUseId, outcome.toolName, outcome.input);
    return this.calls.get(outcome.toolUseId)!;
  }

  /**
   * The response was cut off and is requested again: the calls it had begun
   * will never run (the new response brings its own), so the client is told
   * they failed rather than left with calls that stay pending forever.
   * Streamed text cannot be taken back; the retried response follows it.
   */
  private async voidStreamedCalls(): Promise<void> {
    for (const toolUseId of this.streaming) {
      await this.send({
        sessionUpdate: 'tool_call_update',
        toolCallId: toolUseId,
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: "The model's response was cut off before this call was complete; the response is being requested again." } }],
      });
    }
    this.streaming.clear();
  }

  private tool(name: string): Tool | undefined {
    return findToolByName(this.conversation.tools, name);
  }
}

/**
 * A running command's latest output, when its progress carries it (a
 * `lastLines` text, as shell tools report): shown fenced, clipped from the
 * front so the newest lines stay.
 */
/**
 * A running subagent as its Agent call's content, redrawn as it works: what
 * it is, how far it has got, the tool it is running, and the agents it
 * started itself, nested.
 */
function agentWorkOutput(status: AgentStatus, depth = 0): string {
  const indent = '  '.repeat(depth);
  const current = status.currentTool ? ` — ${status.currentTool.name}(${status.currentTool.argument})` : '';
  const line = `${indent}- **${status.agentType}** (${status.description}): ${describeAgentWork(status)}${current}`;
  return [line, ...(status.nested ?? []).map((child) => agentWorkOutput(child, depth + 1))].join('\n');
}

function progressOutput(progress: unknown): string | undefined {
  if (typeof progress !== 'object' || progress === null || !('lastLines' in progress)) return undefined;
  const lines = progress.lastLines;
  if (typeof lines !== 'string' || lines === '') return undefined;
  const clipped = lines.length > MAX_PROGRESS_CHARS ? `…${lines.slice(-MAX_PROGRESS_CHARS)}` : lines;
  return `\`\`\`console\n${clipped.replace(/\n$/, '')}\n\`\`\``;
}
