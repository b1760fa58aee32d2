/**
 * One configured MCP server over its whole life: starting (bounded by the
 * start-up timeout), listing its tools, following list_changed, serving
 * calls, and dying. A server that dies keeps its tools in the pool (the
 * tools array stays byte-stable) and is restarted on its next use, a few
 * times at most; after that each call says why it cannot run.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '../../contract/tool.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { McpLoginOptions, McpLoginOutcome } from './auth/mcpOAuthLogin.js';
import { McpServerCredentials } from './auth/serverCredentials.js';
import { isAuthenticationError, openSession, type OpenedSession, type TransportKind } from './connectTransport.js';
import { loadJsonSchemaCompiler, type JsonSchemaCompiler } from './jsonSchemaValidator.js';
import { listAllPrompts, listAllResources, listAllTools } from './listServerItems.js';
import { promptResultText } from './mcpPromptText.js';
import { withRemoteRetries } from './retryRemote.js';
import { answerElicitation, type ElicitationHandler } from './elicitation.js';
import { StderrTail } from './stderrTail.js';
import { stopServerSession } from './stopServerSession.js';
import type { McpSandboxState, McpServerSandbox, StdioLaunch } from '../../sandbox/mcpServerSandbox.js';
import type { McpClientHandle, McpResource, McpResourceContent, McpServerStatus } from '../../contract/mcp.js';
import type { McpPrompt, McpToolProgress, ScopedMcpServerConfig } from './types.js';
import type { McpCallOptions, McpListedTool, McpToolCaller, McpToolKit } from './mcpToolKit.js';

export type McpConnectionSettings = {
  readonly cwd: string;
  /** `$AGENTCLI_CONFIG_DIR`: where remote servers' OAuth credentials are kept. */
  readonly configDir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly startTimeoutMs: number;
  readonly toolCallTimeoutMs: number;
  readonly maxRestarts: number;
  readonly maxResultSizeChars: number;
  /** Status, tools or anything shown in /mcp changed. */
  readonly onChange: () => void;
  /** The first wait before a remote server is tried again (it doubles each time). */
  readonly remoteRetryBaseDelayMs: number;
  /** The OS sandbox stdio servers start in; absent: started as configured. */
  readonly sandbox?: McpServerSandbox;
  /** Asks the user what a server's elicitation/create wants (the front end's answerer, or a decline). */
  readonly elicit: ElicitationHandler;
  /** How listed tools become Tools (src/tools/MCPTool/mcpToolKit.ts). */
  readonly toolKit: McpToolKit;
};

type ConnectionState =
  | { readonly kind: 'pending' }
  | { readonly kind: 'connected'; readonly session: OpenedSession }
  | { readonly kind: 'failed'; readonly reason: string; readonly crashed: boolean }
  | { readonly kind: 'disabled'; readonly reason: string }
  | { readonly kind: 'needs-auth' };

export class McpServerConnection implements McpClientHandle, McpToolCaller {
  readonly stderr = new StderrTail();
  private state: ConnectionState = { kind: 'pending' };
  private toolList: readonly Tool[] = [];
  private promptList: readonly McpPrompt[] = [];
  /** Listed on first use (completion), dropped on resources/list_changed. */
  private resourceCache: Promise<readonly McpResource[]> | undefined;
  private starting: Promise<void> | undefined;
  /** Aborts the start in progress (its deadline, or close()). */
  private startDeadline: AbortController | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private toolsChangedWhileStarting = false;
  private restarts = 0;
  private readonly closedByClient = new WeakMap<Client, Promise<void>>();
  private sandboxState: McpSandboxState | undefined;
  /** A remote server's OAuth (undefined: not remote, or it sends its own Authorization header). */
  private readonly credentials: McpServerCredentials;

  constructor(
    readonly server: ScopedMcpServerConfig,
    private readonly settings: McpConnectionSettings,
  ) {
    this.credentials = new McpServerCredentials(server.name, server.config, settings.configDir);
  }

  get name(): string {
    return this.server.name;
  }
  get serverName(): string {
    return this.server.name;
  }
  get status(): McpServerStatus {
    return this.state.kind;
  }
  /** Why the server is not connected, in one line (its stderr tail is in `stderr`). */
  get problem(): string | undefined {
    if (this.state.kind === 'needs-auth') return 'needs authentication';
    return this.state.kind === 'failed' || this.state.kind === 'disabled' ? this.state.reason : undefined;
  }
  /** stdio servers, once a start got that far: whether the OS sandbox holds the process. */
  get sandbox(): McpSandboxState | undefined {
    return this.sandboxState;
  }
  get transportKind(): TransportKind {
    return this.server.config.type;
  }
  get hasResources(): boolean {
    return this.state.kind === 'connected' && this.state.session.client.getServerCapabilities()?.resources !== undefined;
  }
  /** The server's tools as agentcli tools; kept while a crashed server waits for its restart. */
  get tools(): readonly Tool[] {
    return this.toolList;
  }

  /** The server's prompts while it is connected. */
  get prompts(): readonly McpPrompt[] {
    return this.state.kind === 'connected' ? this.promptList : [];
  }

  async getPrompt(name: string, args: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<string> {
    const session = await this.sessionForUse();
    const result = await session.client.getPrompt({ name, arguments: { ...args } }, signal ? { signal } : undefined);
    return promptResultText(result, this.name);
  }

  /** The server's resources, listed once and kept until it says they changed (for `@server:uri` completion). */
  cachedResources(signal?: AbortSignal): Promise<readonly McpResource[]> {
    if (!this.hasResources) return Promise.resolve([]);
    this.resourceCache ??= this.listResources(signal ?? AbortSignal.timeout(10_000)).catch(() => {
      this.resourceCache = undefined;
      return [];
    });
    return this.resourceCache;
  }

  /** Starts (or joins a start in progress). Never rejects: the outcome is the status. */
  start(): Promise<void> {
    this.starting ??= this.connectOnce().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** For /mcp: drop the current session, forget past crashes, and start again. */
  async reconnect(): Promise<void> {
    await this.starting;
    const previous = this.state;
    this.state = { kind: 'pending' };
    this.settings.onChange();
    if (previous.kind === 'connected') await this.stopSession(previous.session);
    this.restarts = 0;
    await this.start();
  }

  /**
   * For `/mcp disable|enable` and the Agent SDK's toggleMcpServer. A disabled
   * server's session ends and its tools leave the pool (the model is no
   * longer offered them); enabling starts it afresh, crashes forgotten.
   */
  async setEnabled(enabled: boolean): Promise<void> {
    if (enabled) {
      if (this.state.kind !== 'disabled') return;
      this.restarts = 0;
      await this.start();
      return;
    }
    if (this.state.kind === 'disabled') return;
    await this.stop('disabled');
    this.toolList = [];
    this.settings.onChange();
  }

  async close(): Promise<void> {
    await this.stop('shut down');
  }

  private async stop(reason: string): Promise<void> {
    const previous = this.state;
    this.state = { kind: 'disabled', reason };
    // A server still starting is given up at once, so its process ends too.
    this.startDeadline?.abort();
    await this.starting;
    if (previous.kind === 'connected') await this.stopSession(previous.session);
  }

  async callTool(toolName: string, input: Readonly<Record<string, unknown>>, options: McpCallOptions): Promise<unknown> {
    const session = await this.sessionForUse();
    await this.refreshCredentials();
    try {
      return await session.client.callTool({ name: toolName, arguments: input }, undefined, {
        // Aborting sends notifications/cancelled, so the server can stop too.
        signal: options.signal,
        timeout: this.settings.toolCallTimeoutMs,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => options.onProgress(toToolProgress(progress)),
      });
    } catch (error) {
      if (options.signal.aborted) throw error;
      if (isAuthenticationError(error) && this.isCurrent(session)) {
        this.markNeedsAuth(session);
        throw new Error(this.needsAuthMessage());
      }
      if (!this.isCurrent(session)) {
        const next = this.restarts < this.settings.maxRestarts ? 'It will be restarted on the next call.' : 'It will not be restarted again automatically.';
        throw new Error(`the MCP server "${this.name}" stopped while running ${toolName}${this.stderrSuffix()}. ${next}`);
      }
      throw new Error(`the MCP server "${this.name}" returned an error: ${errorMessageOf(error)}`);
    }
  }

  async listResources(signal: AbortSignal): Promise<readonly McpResource[]> {
    const session = await this.sessionForUse();
    if (session.client.getServerCapabilities()?.resources === undefined) return [];
    return listAllResources(session.client, this.name, signal);
  }

  async readResource(uri: string, signal: AbortSignal): Promise<readonly McpResourceContent[]> {
    const session = await this.sessionForUse();
    const result = await session.client.readResource({ uri }, { signal });
    return result.contents.map((content) => ({
      uri: content.uri,
      ...(content.mimeType ? { mimeType: content.mimeType } : {}),
      ...('text' in content && typeof content.text === 'string' ? { text: content.text } : {}),
      ...('blob' in content && typeof content.blob === 'string' ? { blob: content.blob } : {}),
    }));
  }

  private async connectOnce(): Promise<void> {
    if (this.server.missingEnvVars.length > 0) {
      const names = this.server.missingEnvVars.join(', ');
      this.fail(`cannot start: environment variable ${names} is not set (it is used in ${this.server.source}; set it, or write \${NAME:-default})`);
      return;
    }
    this.state = { kind: 'pending' };
    this.toolsChangedWhileStarting = false;
    this.stderr.clear();
    this.settings.onChange();
    const deadline = new AbortController();
    this.startDeadline = deadline;
    const timer = setTimeout(() => deadline.abort(), this.settings.startTimeoutMs);
    try {
      const remoteAuth = await this.credentials.auth();
      await remoteAuth?.refreshIfExpiring().catch((error: unknown) => {
        // Unreachable now: the connection attempt says so better. Refused: a login is needed.
        if (isAuthenticationError(error)) throw error;
      });
      const open = () =>
        openSession({
          config: this.server.config,
          cwd: this.settings.cwd,
          env: this.settings.env,
          stderr: this.stderr,
          signal: deadline.signal,
          prepare: (client) => this.prepare(client),
          ...(this.settings.sandbox ? { launchStdio: (launch: StdioLaunch) => this.sandboxed(launch) } : {}),
          ...(remoteAuth ? { authProvider: remoteAuth.provider } : {}),
        });
      const isRemote = this.server.config.type === 'http' || this.server.config.type === 'sse';
      const [session, compileSchema] = await Promise.all([
        isRemote ? withRemoteRetries(open, { signal: deadline.signal, baseDelayMs: this.settings.remoteRetryBaseDelayMs }) : open(),
        loadJsonSchemaCompiler(),
      ]);
      let listed: McpListedTool[];
      try {
        listed = await listAllTools(session.client, deadline.signal);
      } catch (error) {
        await this.stopSession(session);
        throw error;
      }
      if (this.currentKind() !== 'pending') {
        // Closed while starting.
        await this.stopSession(session);
        return;
      }
      this.toolList = this.wrapAll(listed, compileSchema);
      this.promptList = await this.listPrompts(session, deadline.signal);
      this.resourceCache = undefined;
      this.state = { kind: 'connected', session };
      this.settings.onChange();
      if (this.toolsChangedWhileStarting) void this.refreshTools();
    } catch (error) {
      if (this.currentKind() !== 'pending') return;
      if (isAuthenticationError(error)) {
        this.state = { kind: 'needs-auth' };
        this.settings.onChange();
        return;
      }
      const seconds = Math.round(this.settings.startTimeoutMs / 100) / 10;
      this.fail(
        deadline.signal.aborted
          ? `did not start within ${seconds} s (MCP_TIMEOUT)`
          : `failed to start: ${errorMessageOf(error)}`,
      );
    } finally {
      clearTimeout(timer);
      this.startDeadline = undefined;
    }
  }

  private async sandboxed(launch: StdioLaunch): Promise<StdioLaunch> {
    const config = this.server.config;
    const wrapped = await this.settings.sandbox!.wrap({ sandbox: config.type === 'stdio' ? config.sandbox : undefined, fromRepository: this.server.scope === 'project' }, launch);
    if (!wrapped.ok) throw new Error(wrapped.error);
    this.sandboxState = wrapped.state;
    return wrapped.launch;
  }

  /** Runs on each new client before it connects. */
  private prepare(client: Client): void {
    let markClosed: () => void = () => undefined;
    this.closedByClient.set(client, new Promise<void>((resolve) => (markClosed = resolve)));
    client.onclose = () => {
      markClosed();
      this.handleClosed(client);
    };
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => answerElicitation(this.name, request.params, extra.signal, this.settings.elicit));
    client.fallbackNotificationHandler = async (notification) => {
      switch (notification.method) {
        case 'notifications/tools/list_changed':
          if (this.state.kind === 'connected') void this.refreshTools();
          else this.toolsChangedWhileStarting = true;
          return;
        case 'notifications/prompts/list_changed':
          if (this.state.kind === 'connected') void this.refreshPrompts(this.state.session);
          return;
        case 'notifications/resources/list_changed':
          this.resourceCache = undefined;
          this.settings.onChange();
          return;
      }
    };
  }

  private handleClosed(client: Client): void {
    if (this.state.kind !== 'connected' || this.state.session.client !== client) return;
    const what = this.server.config.type === 'stdio' ? 'the server process exited' : 'the connection closed';
    this.state = { kind: 'failed', reason: what, crashed: true };
    this.settings.onChange();
  }

  private async sessionForUse(): Promise<OpenedSession> {
    if (this.starting) await this.starting;
    if (this.state.kind === 'connected') return this.state.session;
    if (this.state.kind === 'failed' && this.state.crashed) {
      if (this.restarts >= this.settings.maxRestarts) {
        throw new Error(
          `the MCP server "${this.name}" stopped ${this.restarts + 1} times and is not restarted again automatically (last: ${this.state.reason}${this.stderrSuffix()}). Ask the user to check the server and reconnect it with /mcp.`,
        );
      }
      this.restarts++;
      await this.start();
      const restarted = this.connectedSession();
      if (restarted) return restarted;
    }
    if (this.state.kind === 'needs-auth') {
      // Logged in since (`agentcli mcp login` in another terminal): connect with the new credentials.
      if (await this.credentials.isLoggedIn()) {
        await this.start();
        const connected = this.connectedSession();
        if (connected) return connected;
      }
      throw new Error(this.needsAuthMessage());
    }
    throw new Error(`the MCP server "${this.name}" is not available: ${this.problem ?? this.status}${this.stderrSuffix()}`);
  }

  /**
   * `/mcp login`, `agentcli mcp login`: the browser sign-in, then a fresh
   * connection with the new tokens.
   */
  async login(options: Omit<McpLoginOptions, 'configDir'>): Promise<McpLoginOutcome> {
    const outcome = await this.credentials.login(options);
    if (outcome.ok) await this.reconnect();
    return outcome;
  }

  /** `/mcp logout`: the session ends, the credentials are forgotten (and revoked where the server offers it). */
  async logout(): Promise<{ readonly hadCredentials: boolean }> {
    if (!this.credentials.remote) return { hadCredentials: false };
    await this.starting;
    const previous = this.state;
    this.state = { kind: 'needs-auth' };
    this.settings.onChange();
    if (previous.kind === 'connected') await this.stopSession(previous.session);
    return this.credentials.logout();
  }

  /** Renews an access token about to expire; a refusal means the server now needs a login. */
  private async refreshCredentials(): Promise<void> {
    const remoteAuth = await this.credentials.auth();
    if (!remoteAuth) return;
    try {
      await remoteAuth.refreshIfExpiring();
    } catch (error) {
      if (!isAuthenticationError(error)) return; // the call itself reports an unreachable server
      const session = this.connectedSession();
      if (session) this.markNeedsAuth(session);
      throw new Error(this.needsAuthMessage());
    }
  }

  private markNeedsAuth(session: OpenedSession): void {
    this.state = { kind: 'needs-auth' };
    this.settings.onChange();
    void this.stopSession(session);
  }

  private needsAuthMessage(): string {
    return this.credentials.needsAuthMessage();
  }

  private async refreshTools(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        if (this.state.kind !== 'connected') return;
        const session = this.state.session;
        try {
          const [listed, compileSchema] = await Promise.all([listAllTools(session.client), loadJsonSchemaCompiler()]);
          if (!this.isCurrent(session)) return;
          this.toolList = this.wrapAll(listed, compileSchema);
          this.settings.onChange();
        } catch {
          // Keep the previous list; the next list_changed (or a reconnect) tries again.
        }
      } while (this.refreshAgain);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** A server without prompts, or one whose prompts/list fails, simply offers none: its tools still work. */
  private async listPrompts(session: OpenedSession, signal?: AbortSignal): Promise<readonly McpPrompt[]> {
    if (session.client.getServerCapabilities()?.prompts === undefined) return [];
    return listAllPrompts(session.client, this.name, signal).catch(() => []);
  }

  private async refreshPrompts(session: OpenedSession): Promise<void> {
    const prompts = await this.listPrompts(session);
    if (!this.isCurrent(session)) return;
    this.promptList = prompts;
    this.settings.onChange();
  }

  private wrapAll(listed: readonly McpListedTool[], compileSchema: JsonSchemaCompiler): Tool[] {
    const tools: Tool[] = [];
    const names = new Set<string>();
    for (const definition of listed) {
      const tool = this.settings.toolKit.wrap(definition, this, {
        compileSchema,
        maxResultSizeChars: this.settings.maxResultSizeChars,
      });
      // Two server names can normalise to one API name; the first keeps it.
      if (names.has(tool.name)) continue;
      names.add(tool.name);
      tools.push(tool);
    }
    return tools;
  }

  private connectedSession(): OpenedSession | undefined {
    return this.state.kind === 'connected' ? this.state.session : undefined;
  }

  /** Read through a method so TypeScript does not carry a narrowing across awaits. */
  private currentKind(): ConnectionState['kind'] {
    return this.state.kind;
  }

  private isCurrent(session: OpenedSession): boolean {
    return this.state.kind === 'connected' && this.state.session === session;
  }

  private fail(reason: string): void {
    this.state = { kind: 'failed', reason, crashed: false };
    this.settings.onChange();
  }

  private stderrSuffix(): string {
    const lines = this.stderr.lines(5);
    return lines.length > 0 ? `; its stderr ended with:\n${lines.map((line) => `  ${line}`).join('\n')}` : '';
  }

  private async stopSession(session: OpenedSession): Promise<void> {
    await stopServerSession(session, this.closedByClient.get(session.client) ?? Promise.resolve());
  }
}

function toToolProgress(progress: { progress: number; total?: number; message?: string }): McpToolProgress {
  return {
    type: 'mcp_progress',
    progress: progress.progress,
    ...(progress.total !== undefined ? { total: progress.total } : {}),
    ...(progress.message ? { message: progress.message } : {}),
  };
}
