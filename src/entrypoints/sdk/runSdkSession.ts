/**
 * The Claude Agent SDK front end: `--input-format stream-json
 * --output-format stream-json`, with or without `-p`. stdin stays open for
 * the whole session; each user message on it runs one turn of the one
 * conversation (ConversationSession) and ends with its own `result` line;
 * control requests are served the moment they arrive, also while a turn
 * runs (interrupt, set_permission_mode, set_model, ...). Closing stdin ends
 * the session with exit code 0 once the queued turns are done.
 *
 * The session is started when the client's `initialize` arrives (the SDK
 * sends it first; its hooks, subagents, in-process MCP servers and system
 * prompt shape the session), or with the first user message from a client
 * that does not initialize.
 */
import type { Readable } from 'node:stream';
import type { ConversationSession } from '../../session/conversationSession.js';
import { resolveModelName } from '../../services/api/models.js';
import { runMcpServerAction, type McpServerAction } from '../../services/mcp/serverActions.js';
import type { McpServerView } from '../../services/mcp/types.js';
import type { SdkMcpServerSet } from './sdkMcpServerSet.js';
import type { PermissionAsker } from '../../services/tools/toolExecution.js';
import { type HeadlessIo, runHeadlessTurn, type HeadlessTurn } from '../headless.js';
import { prepareHeadlessPrompt, type HeadlessPromptOptions, type PreparedHeadlessPrompt } from '../headlessCommand.js';
import { headlessSlashCommands } from '../headlessSlashCommandList.js';
import { reportHookActivity } from '../headlessHooks.js';
import { answeredResultLine, initLine, unsentPromptResultLine } from '../headlessOutput.js';
import { ControlChannel, type ControlRequestBody } from './controlChannel.js';
import { mcpToolPermissionAsker } from './mcpToolPermissionAsker.js';
import { sdkElicitationHandler } from './sdkElicitation.js';
import { MessageQueue } from './messageQueue.js';
import { switchPermissionMode, type PermissionUpdateTarget } from './permissionUpdates.js';
import { readSdkInput, type SdkUserMessage } from './sdkInput.js';
import { initializePlugins, initializeResponse, NO_SDK_SETUP, pluginsApplied, setupFromInitialize, type SdkSessionSetup } from './sdkInitialize.js';
import { sdkPermissionAsker } from './sdkPermissionAsker.js';
import { monotonicMs } from '../../utils/clock.js';
import { newUuid } from '../../utils/ids.js';

export type SdkSessionOptions = {
  readonly stdin: Readable;
  readonly io: HeadlessIo;
  /** `stdio` (ask the client over the control channel), an MCP tool's name, or undefined (asks are denials). */
  readonly permissionPromptTool: string | undefined;
  /** Starts the conversation with what the client's initialize asked for. */
  readonly start: (setup: SdkSessionSetup) => Promise<ConversationSession>;
  /** SIGINT / SIGTERM: the running turn stops and the session ends. */
  readonly signal: AbortSignal;
  readonly baseUrl?: string;
  readonly verbose?: boolean;
  /** --include-partial-messages: stream_event lines with the raw API stream events. */
  readonly includePartialMessages?: boolean;
  /** --include-hook-events: hook_started / hook_response system lines. */
  readonly includeHookEvents?: boolean;
  /** --replay-user-messages: each user message is echoed back with its uuid (clients rewind files to it). */
  readonly replayUserMessages?: boolean;
};

/** Returns the exit code: 0 when stdin closed and every turn was answered. */
export async function runSdkSession(options: SdkSessionOptions): Promise<number> {
  const { io } = options;
  const writeLine = (value: unknown): void => io.stdout(`${JSON.stringify(value)}\n`);
  const problem = (message: string): void => io.stderr(`agentcli: ${message}\n`);
  const channel = new ControlChannel({ writeLine, onProblem: problem });
  const queue = new MessageQueue<SdkUserMessage>();
  const firstInitialize = deferred<ControlRequestBody | undefined>();
  const ready = deferred<ConversationSession>();
  ready.promise.catch(() => undefined);
  let currentTurn: AbortController | undefined;
  // The session takes its shape from the first of: initialize, a user message, the end of stdin.
  let shaped = false;
  const shape = (request: ControlRequestBody | undefined): boolean => {
    if (shaped) return false;
    shaped = true;
    firstInitialize.resolve(request);
    return true;
  };

  serveControlRequests(channel, {
    ready: ready.promise,
    onInitialize: (request) => shape(request),
    interrupt: () => currentTurn?.abort({ kind: 'user_interrupt' }),
  });
  readSdkInput(options.stdin, {
    channel,
    onUserMessage: (message) => {
      shape(undefined);
      queue.push(message);
    },
    onProblem: problem,
    onEnd: () => {
      shape(undefined);
      queue.end();
      channel.close('stdin was closed, so no answer can come');
    },
  });
  const endOnSignal = (): void => queue.end();
  options.signal.addEventListener('abort', endOnSignal, { once: true });

  const initialize = await firstInitialize.promise;
  let conversation: ConversationSession;
  try {
    conversation = await options.start(initialize ? setupFromInitialize(initialize, channel, problem) : NO_SDK_SETUP);
  } catch (error) {
    ready.reject(error);
    throw error;
  }
  ready.resolve(conversation);
  conversation.session.mcp?.setElicitationHandler(sdkElicitationHandler(channel, problem));

  const askPermission = permissionAskerFor(options.permissionPromptTool, channel, conversation, problem);
  const stopReportingHooks = reportHookActivity(conversation.session, { io, streamJson: options.includeHookEvents === true, writeLine });
  const agents = (await conversation.session.agentCatalog.catch(() => ({ agents: [] }))).agents.map((agent) => agent.agentType);
  const slashCommands = (await headlessSlashCommands(conversation.session)).map((command) => command.name);
  const skills = (await conversation.session.skills).skills.map((skill) => skill.name);
  try {
    for await (const message of queue) {
      if (options.signal.aborted) break;
      const controller = new AbortController();
      const forwardAbort = (): void => controller.abort(options.signal.reason);
      options.signal.addEventListener('abort', forwardAbort, { once: true });
      currentTurn = controller;
      try {
        // Like Claude Code, each turn opens with the session's state as it is now (model, mode, MCP servers).
        writeLine(initLine(conversation, { agents, slashCommands, skills }));
        const started = monotonicMs();
        const prepared = await sdkPromptContent(message.content, { conversation, signal: controller.signal });
        if (prepared.ok === 'answered') {
          writeLine(answeredResultLine(conversation, prepared.text, { durationMs: monotonicMs() - started }));
          continue;
        }
        if (!prepared.ok) {
          writeLine(unsentPromptResultLine(conversation, prepared.error, { interrupted: controller.signal.aborted, durationMs: monotonicMs() - started }));
          continue;
        }
        // The prompt's uuid: the client's own, or one we choose now so the echo can name it.
        const promptUuid = message.uuid ?? newUuid();
        if (options.replayUserMessages) writeLine(replayedUserLine(conversation, message, promptUuid));
        let turn: HeadlessTurn;
        try {
          turn = await runHeadlessTurn({
            conversation,
            content: prepared.content,
            ...(prepared.model ? { model: prepared.model } : {}),
            outputFormat: 'stream-json',
            signal: controller.signal,
            io,
            writeLine,
            started,
            ...(askPermission ? { env: { askPermission } } : {}),
            ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
            ...(options.verbose ? { verbose: true } : {}),
            userMessageUuid: promptUuid,
            ...(options.includePartialMessages ? { includePartialMessages: true } : {}),
          });
        } finally {
          prepared.release();
        }
        writeLine(turn.result);
      } finally {
        currentTurn = undefined;
        options.signal.removeEventListener('abort', forwardAbort);
      }
    }
  } finally {
    stopReportingHooks();
    options.signal.removeEventListener('abort', endOnSignal);
  }
  return options.signal.aborted ? 130 : 0;
}

function permissionAskerFor(
  tool: string | undefined,
  channel: ControlChannel,
  conversation: ConversationSession,
  onProblem: (message: string) => void,
): PermissionAsker | undefined {
  if (tool === undefined) return undefined;
  const target: PermissionUpdateTarget = { appState: conversation.session.appState, projectRoot: conversation.session.cwd, onProblem };
  if (tool === 'stdio') return sdkPermissionAsker({ channel, target });
  return mcpToolPermissionAsker({ toolName: tool, tools: () => conversation.tools, toolContext: (signal) => conversation.toolContext(signal), target });
}

/** The client's requests: each one changes the conversation's own state, never a copy. */
function serveControlRequests(
  channel: ControlChannel,
  session: {
    readonly ready: Promise<ConversationSession>;
    /** False when the session has already started (initialized, or by a user message): this request shapes nothing. */
    readonly onInitialize: (request: ControlRequestBody) => boolean;
    readonly interrupt: () => void;
  },
): void {
  channel.handle('initialize', async (request) => {
    if (!session.onInitialize(request)) {
      throw new Error('the session has already started (initialize must be the first message, and comes once); its hooks, agents, MCP servers and system prompt were not applied');
    }
    const conversation = await session.ready;
    // Absent when none were listed, as Claude Code answers.
    const plugins = initializePlugins(request.plugins, () => undefined);
    return initializeResponse(conversation, {
      mcpServersApplied: request.mcpServers !== undefined,
      ...(plugins.length > 0 ? { pluginsApplied: pluginsApplied(plugins, conversation) } : {}),
    });
  });
  channel.handle('interrupt', async () => {
    session.interrupt();
    return {};
  });
  channel.handle('set_permission_mode', async (request) => {
    const conversation = await session.ready;
    const switched = switchPermissionMode(conversation.session.appState, String(request.mode));
    if (!switched.ok) throw new Error(switched.error);
    return {};
  });
  channel.handle('set_model', async (request) => {
    const conversation = await session.ready;
    const model = request.model;
    conversation.setModel(typeof model === 'string' && model !== 'default' ? resolveModelName(model) : conversation.session.model);
    return {};
  });
  channel.handle('set_max_thinking_tokens', async (request) => {
    const conversation = await session.ready;
    const tokens = request.max_thinking_tokens;
    if (tokens === null) conversation.setMaxThinkingTokens(undefined);
    else if (typeof tokens === 'number' && Number.isInteger(tokens) && tokens >= 0) conversation.setMaxThinkingTokens(tokens);
    else if (tokens !== undefined) throw new Error('max_thinking_tokens must be a whole number of at least 0, or null');
    return {};
  });
  channel.handle('mcp_status', async () => {
    const conversation = await session.ready;
    return { mcpServers: (conversation.session.mcp?.describe() ?? []).map(sdkMcpServerStatus) };
  });
  channel.handle('rewind_files', async (request) => {
    const { answerRewindFiles } = await import('./sdkRewindFiles.js');
    return answerRewindFiles(await session.ready, request);
  });
  channel.handle('get_context_usage', async () => {
    const conversation = await session.ready;
    const [{ measureContext }, { sdkContextUsage }] = await Promise.all([import('../../session/context/contextUsage.js'), import('./sdkContextUsage.js')]);
    return sdkContextUsage(await measureContext(conversation), conversation.messages);
  });
  let serverSet: Promise<SdkMcpServerSet> | undefined;
  channel.handle('mcp_set_servers', async (request) => {
    const conversation = await session.ready;
    const mcp = conversation.session.mcp;
    if (!mcp) throw new Error('this session has no MCP manager');
    // The client manages its in-process servers from the start, and whatever its calls name.
    serverSet ??= import('./sdkMcpServerSet.js').then(
      ({ SdkMcpServerSet }) => new SdkMcpServerSet(mcp, channel, conversation.session.env, mcp.describe().filter((server) => server.scope === 'sdk').map((server) => server.name)),
    );
    return (await serverSet).replace(request.servers);
  });
  // reconnectMcpServer / toggleMcpServer: reject (the SDK throws) unless the server ends up as asked.
  channel.handle('mcp_reconnect', async (request) => {
    await mcpServerAction(await session.ready, request.serverName, 'reconnect');
    return {};
  });
  channel.handle('mcp_toggle', async (request) => {
    if (typeof request.enabled !== 'boolean') throw new Error('mcp_toggle needs "enabled": true or false');
    await mcpServerAction(await session.ready, request.serverName, request.enabled ? 'enable' : 'disable');
    return {};
  });
}

async function mcpServerAction(conversation: ConversationSession, serverName: unknown, action: McpServerAction): Promise<void> {
  if (typeof serverName !== 'string' || serverName === '') throw new Error(`mcp_${action === 'reconnect' ? 'reconnect' : 'toggle'} needs "serverName"`);
  const outcome = await runMcpServerAction(conversation.session.mcp, serverName, action);
  if (!outcome.ok) throw new Error(outcome.error);
}

/** A server as the SDK's McpServerStatus has it; a `.mcp.json` server waiting for folder trust is not started, so `disabled`. */
function sdkMcpServerStatus(server: McpServerView): { name: string; status: string; error?: string; scope: string } {
  const status = server.status === 'awaiting trust' ? 'disabled' : server.status;
  const error = server.status === 'awaiting trust' ? 'waiting for the folder to be trusted' : server.problem;
  return { name: server.name, status, ...(error !== undefined && status !== 'connected' ? { error } : {}), scope: server.scope };
}

type Deferred<T> = { readonly promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A user message as the turn sends it. A plain-text message that starts
 * with a slash command runs it as `-p` does (a custom command expands, with
 * its allowed-tools for that turn); any other content is sent as the client
 * gave it (its images stay image blocks; no @mentions are read).
 */
async function sdkPromptContent(content: SdkUserMessage['content'], options: HeadlessPromptOptions): Promise<PreparedHeadlessPrompt> {
  // The SDK sends a string prompt as one text block: that is still a typed line.
  const typed = typeof content === 'string' ? content : content.length === 1 && content[0]?.type === 'text' ? content[0].text : undefined;
  if (typed !== undefined && typed.trimStart().startsWith('/')) return prepareHeadlessPrompt(typed, options);
  return { ok: true, content, release: () => undefined };
}

/** --replay-user-messages: the message as received, acknowledged with the uuid its prompt carries (Claude Code's shape). */
function replayedUserLine(conversation: ConversationSession, message: SdkUserMessage, uuid: string): Record<string, unknown> {
  return { type: 'user', message: { role: 'user', content: message.content }, session_id: conversation.id, parent_tool_use_id: null, uuid, isReplay: true };
}
