/**
 * The headless front ends' start: `-p` (a prompt, or stream-json prompts
 * with text/json output) and the Agent SDK's control protocol
 * (`--input-format stream-json --output-format stream-json`, with or
 * without `-p`). Both start the conversation the same way; they differ in
 * where prompts and permission answers come from.
 */
import type { SessionChoice, StartConversationOptions } from '../app/startConversation.js';
import type { ModelClient } from '../contract/modelClient.js';
import type { ConversationSession } from '../session/conversationSession.js';
import type { PermissionAsker } from '../services/tools/toolExecution.js';
import { runCleanups } from '../utils/cleanup.js';
import { UserFacingError } from '../utils/errors.js';
import type { OutputFormat } from './headless.js';
import type { InputFormat } from './headlessInput.js';
import type { SdkSessionSetup } from './sdk/sdkInitialize.js';

export type HeadlessMainOptions = {
  readonly prompt: string | undefined;
  /** The session settings from the flags. */
  readonly session: Omit<StartConversationOptions['session'], 'isInteractive' | 'isTrusted' | 'env'>;
  readonly choice: SessionChoice;
  readonly persist: boolean;
  readonly mcp: { readonly cliConfigs: readonly string[]; readonly strict: boolean | undefined };
  readonly inputFormat: InputFormat;
  readonly outputFormat: OutputFormat;
  readonly verbose: boolean | undefined;
  /** `stdio` or an MCP tool's name (mcp__server__tool). */
  readonly permissionPromptTool: string | undefined;
  readonly includePartialMessages: boolean | undefined;
  /** Control protocol only: hook runs as system lines (the SDK always passes --verbose, so that cannot be the switch). */
  readonly includeHookEvents: boolean | undefined;
  /** Control protocol only: user messages are echoed with their uuids. */
  readonly replayUserMessages?: boolean;
};

/** The Agent SDK's way of running agentcli: stream-json both ways. */
export function speaksControlProtocol(options: { readonly inputFormat: InputFormat; readonly outputFormat: OutputFormat }): boolean {
  return options.inputFormat === 'stream-json' && options.outputFormat === 'stream-json';
}

/** One clear line for a --permission-prompt-tool this run cannot serve. */
export function checkPermissionPromptTool(tool: string | undefined, controlProtocol: boolean): void {
  if (tool === undefined) return;
  if (tool === 'stdio') {
    if (!controlProtocol) throw new UserFacingError('--permission-prompt-tool stdio needs --input-format stream-json --output-format stream-json (the control protocol carries the questions).');
    return;
  }
  if (!/^mcp__[^_\s][^\s]*__[^\s]+$/.test(tool)) {
    throw new UserFacingError(`--permission-prompt-tool takes "stdio" or an MCP tool's name (mcp__<server>__<tool>), got "${tool}".`);
  }
}

export async function runHeadlessMain(options: HeadlessMainOptions): Promise<number> {
  const controlProtocol = speaksControlProtocol(options);
  checkPermissionPromptTool(options.permissionPromptTool, controlProtocol);
  if (controlProtocol && options.prompt !== undefined) {
    throw new UserFacingError('with --input-format stream-json the prompts come on stdin; drop the prompt argument.');
  }
  const controller = new AbortController();
  let conversation: ConversationSession | undefined;
  const onSignal = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort({ kind: 'user_interrupt' });
    // Still starting (MCP servers connecting, a transcript loading): no turn is there to stop and
    // nothing waits on the signal, so stop here — the cleanups end the servers already started.
    if (conversation === undefined) {
      process.stderr.write('agentcli: interrupted\n');
      void runCleanups().finally(() => process.exit(130));
    }
  };
  // SIGHUP (the terminal or the ssh session went away) stops the run like SIGTERM: by default it
  // would end the process at once, leaving the running command and a half-answered call behind.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  const io = { stdout: (text: string) => process.stdout.write(text), stderr: (text: string) => process.stderr.write(text) };
  const baseUrl = process.env.ANTHROPIC_BASE_URL || undefined;
  try {
    if (controlProtocol) {
      const { runSdkSession } = await import('./sdk/runSdkSession.js');
      return await runSdkSession({
        stdin: process.stdin,
        io,
        permissionPromptTool: options.permissionPromptTool,
        signal: controller.signal,
        ...(baseUrl ? { baseUrl } : {}),
        ...(options.verbose ? { verbose: true } : {}),
        ...(options.includePartialMessages ? { includePartialMessages: true } : {}),
        ...(options.includeHookEvents ? { includeHookEvents: true } : {}),
        ...(options.replayUserMessages ? { replayUserMessages: true } : {}),
        start: async (setup) => {
          conversation = await startHeadlessConversation(options, setup);
          return conversation;
        },
      });
    }
    const [{ runHeadless }, { headlessPrompts }] = await Promise.all([import('./headless.js'), import('./headlessInput.js')]);
    conversation = await startHeadlessConversation(options, undefined);
    const askPermission = await mcpPromptToolAsker(options.permissionPromptTool, conversation);
    return await runHeadless({
      conversation,
      prompts: headlessPrompts(options.prompt, options.inputFormat),
      outputFormat: options.outputFormat,
      signal: controller.signal,
      io,
      baseUrl,
      verbose: options.verbose,
      includePartialMessages: options.includePartialMessages,
      ...(askPermission ? { env: { askPermission } } : {}),
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    await conversation?.end('exit');
  }
}

async function startHeadlessConversation(options: HeadlessMainOptions, setup: SdkSessionSetup | undefined): Promise<ConversationSession> {
  const [{ startConversation }, { reportMcpStartup }] = await Promise.all([import('../app/startConversation.js'), import('../services/mcp/startMcpServers.js')]);
  const flags = options.session;
  // `-p /doctor` is how a script checks an installation: a missing key is what it reports, not why it fails to start.
  const keyless = setup === undefined && isDoctorPrompt(options.prompt) ? await keylessClientIfNoCredentials() : undefined;
  // Only an Agent SDK client's initialize brings agents to merge (and has loaded its module already): a -p run does not load it.
  const agentsJson = setup?.agents ? (await import('./sdk/sdkInitialize.js')).mergedAgentsJson(flags.agents?.cliJson, setup.agents) : flags.agents?.cliJson;
  const appendSystemPrompt = [flags.appendSystemPrompt, setup?.appendSystemPrompt].filter((text) => text !== undefined && text !== '').join('\n\n');
  // Servers start now and connect while the session is assembled; their tools join the pool as they arrive.
  const { conversation, mcp } = await startConversation({
    preloadModelClient: true,
    session: {
      ...flags,
      ...(keyless ? { modelClient: keyless } : {}),
      ...(setup?.systemPrompt !== undefined ? { systemPrompt: setup.systemPrompt } : {}),
      ...(appendSystemPrompt ? { appendSystemPrompt } : {}),
      ...(agentsJson !== undefined ? { agents: { cliJson: agentsJson } } : {}),
      ...(setup && setup.hookRunners.length > 0 ? { extraHookRunners: setup.hookRunners } : {}),
      ...(setup && setup.plugins.length > 0 ? { pluginDirs: [...(flags.pluginDirs ?? []), ...setup.plugins] } : {}),
      isInteractive: false,
      // An Agent SDK client asks for file checkpoints (enableFileCheckpointing sets this variable), as with Claude Code.
      ...(setup !== undefined || speaksControlProtocol(options) ? { fileCheckpointing: sdkCheckpointingEnabled(process.env) } : {}),
      // Headless runs are scripted by whoever launched them (CI): the folder is trusted.
      isTrusted: true,
      env: process.env,
    },
    choice: options.choice,
    persist: options.persist,
    mcp: {
      cliConfigs: setup?.mcpServers ? [...options.mcp.cliConfigs, setup.mcpServers] : options.mcp.cliConfigs,
      strict: options.mcp.strict,
      isTrusted: true,
      extraServers: setup?.sdkMcpServers ?? [],
      // An Agent SDK client may set servers while the session runs (setMcpServers).
      evenWithoutServers: setup !== undefined,
    },
    onWarning: (message) => process.stderr.write(`agentcli: ${message}\n`),
  });
  for (const warning of conversation.session.startupWarnings) process.stderr.write(`agentcli: ${warning}\n`);
  // A plain -p run has no one to answer a server's question (an Agent SDK client does: runSdkSession forwards it).
  if (mcp && !setup) mcp.setElicitationHandler(async (request) => declineHeadlessElicitation(request.server, request.message));
  if (mcp) await reportMcpStartup(mcp, (text) => process.stderr.write(text));
  await conversation.start();
  return conversation;
}

function isDoctorPrompt(prompt: string | undefined): boolean {
  return prompt !== undefined && /^\/doctor(\s|$)/.test(prompt.trim());
}

/** Without credentials, a model client that refuses every request with the start-up error (only /doctor runs then). */
async function keylessClientIfNoCredentials(): Promise<ModelClient | undefined> {
  const { clientOptionsFromEnv } = await import('../services/api/anthropicClient.js');
  try {
    clientOptionsFromEnv(process.env);
    return undefined;
  } catch (error) {
    const refuse = (): never => {
      throw error;
    };
    return { streamMessage: refuse, createMessage: refuse };
  }
}

function declineHeadlessElicitation(server: string, message: string): { readonly action: 'decline' } {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  process.stderr.write(`agentcli: MCP server "${server}" asked for input (${JSON.stringify(oneLine.length > 120 ? `${oneLine.slice(0, 119)}…` : oneLine)}); declined: a headless run has no one to answer.\n`);
  return { action: 'decline' };
}

/** `-p --permission-prompt-tool mcp__server__tool`: asks go to that tool. */
async function mcpPromptToolAsker(tool: string | undefined, conversation: ConversationSession): Promise<PermissionAsker | undefined> {
  if (tool === undefined) return undefined;
  const { mcpToolPermissionAsker } = await import('./sdk/mcpToolPermissionAsker.js');
  return mcpToolPermissionAsker({
    toolName: tool,
    tools: () => conversation.tools,
    toolContext: (signal) => conversation.toolContext(signal),
    target: { appState: conversation.session.appState, projectRoot: conversation.session.cwd, onProblem: (message) => process.stderr.write(`agentcli: ${message}\n`) },
  });
}

/** CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: what the Agent SDK sets for enableFileCheckpointing. */
export function sdkCheckpointingEnabled(env: NodeJS.ProcessEnv): boolean {
  const value = env.CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING?.trim().toLowerCase();
  return value === 'true' || value === '1' || value === 'yes';
}
