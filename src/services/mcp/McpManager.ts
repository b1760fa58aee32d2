/**
 * All of a session's MCP servers. start() returns at once and every server
 * connects in parallel in the background: the REPL shows its prompt without
 * waiting and subscribes to learn when tools join; headless mode awaits
 * whenStarted() (each start is bounded by MCP_TIMEOUT) and goes on without
 * the servers that did not make it. Every server process is ended at exit.
 */
import type { Tool, Tools } from '../../contract/tool.js';
import { configDir } from '../../settings/configPaths.js';
import { registerCleanup } from '../../utils/cleanup.js';
import type { McpServerSandbox } from '../../sandbox/mcpServerSandbox.js';
import type { McpLoginOptions, McpLoginOutcome } from './auth/mcpOAuthLogin.js';
import type { ElicitationHandler, ElicitationHookLayer, ElicitationRequest, ElicitationResponse } from './elicitation.js';
import type { LoadedMcpConfig } from './loadMcpConfig.js';
import type { McpToolKit } from './mcpToolKit.js';
import { McpServerConnection, type McpConnectionSettings } from './McpServerConnection.js';
import { describeMcpServers } from './mcpStatusView.js';
import type { McpClientHandle, McpResource } from '../../contract/mcp.js';
import type { McpPrompt, McpServersControl, McpServerView, ScopedMcpServerConfig } from './types.js';

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_MCP_OUTPUT_TOKENS = 25_000;
/** Tool output is measured in characters; ≈ 4 per token. */
const CHARS_PER_TOKEN = 4;
/** Tools may run for a long time; progress notifications keep resetting this. */
const DEFAULT_MCP_TOOL_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const MAX_TIMER_MS = 2_147_483_647;
const MAX_RESTARTS = 3;
const DEFAULT_REMOTE_RETRY_BASE_MS = 500;

export type McpManagerOptions = {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The OS sandbox stdio servers start in (src/sandbox/mcpServerSandbox.ts); absent: as configured. */
  readonly sandbox?: McpServerSandbox;
  /** Where OAuth credentials live (default: `$AGENTCLI_CONFIG_DIR`). */
  readonly configDir?: string;
  /** How the servers' tools become Tools, and the resource tools (src/tools/MCPTool/mcpToolKit.ts). */
  readonly toolKit: McpToolKit;
};

export class McpManager implements McpServersControl {
  private readonly listeners = new Set<() => void>();
  private readonly serverConnections: McpServerConnection[] = [];
  private readonly pendingTrust: readonly ScopedMcpServerConfig[];
  private readonly initialStarts: Promise<void>[] = [];
  private notifyScheduled = false;
  private readonly unregisterCleanup: () => void;
  private readonly settings: McpConnectionSettings;
  private elicitationHandler: ElicitationHandler | undefined;
  private elicitationHooks: ElicitationHookLayer | undefined;

  private constructor(config: LoadedMcpConfig, options: McpManagerOptions) {
    const env = options.env ?? process.env;
    this.settings = {
      cwd: options.cwd,
      configDir: options.configDir ?? configDir(env),
      env,
      startTimeoutMs: positiveNumber(env.MCP_TIMEOUT, DEFAULT_MCP_TIMEOUT_MS),
      toolCallTimeoutMs: Math.min(positiveNumber(env.MCP_TOOL_TIMEOUT, DEFAULT_MCP_TOOL_TIMEOUT_MS), MAX_TIMER_MS),
      maxRestarts: MAX_RESTARTS,
      maxResultSizeChars: positiveNumber(env.MAX_MCP_OUTPUT_TOKENS, DEFAULT_MAX_MCP_OUTPUT_TOKENS) * CHARS_PER_TOKEN,
      onChange: () => this.scheduleNotify(),
      remoteRetryBaseDelayMs: nonNegativeNumber(env.AGENTCLI_RETRY_BASE_DELAY_MS, DEFAULT_REMOTE_RETRY_BASE_MS),
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      elicit: (request, signal) => this.elicit(request, signal),
      toolKit: options.toolKit,
    };
    this.pendingTrust = config.awaitingTrust;
    this.unregisterCleanup = registerCleanup(() => this.close());
    for (const server of config.servers) this.addAndStart(server);
  }

  /** Starts every configured server in the background and returns at once. */
  static start(config: LoadedMcpConfig, options: McpManagerOptions): McpManager {
    return new McpManager(config, options);
  }

  get connections(): readonly McpServerConnection[] {
    return this.serverConnections;
  }

  /** `.mcp.json` servers still waiting for the folder to be trusted. */
  get awaitingTrust(): readonly ScopedMcpServerConfig[] {
    return this.pendingTrust;
  }

  /** Resolves when every server started at launch is connected or has failed (each start is time-bounded). */
  async whenStarted(): Promise<void> {
    await Promise.all(this.initialStarts);
  }

  /**
   * The MCP tools to pass to assembleToolPool, plus the resource tools once a
   * server offers resources.
   */
  tools(): Tools {
    const tools: Tool[] = this.serverConnections.flatMap((connection) => connection.tools);
    if (this.serverConnections.some((connection) => connection.hasResources)) {
      tools.push(...this.settings.toolKit.resourceTools);
    }
    return tools;
  }

  prompts(): readonly McpPrompt[] {
    return this.serverConnections.flatMap((connection) => connection.prompts);
  }

  async getPrompt(server: string, prompt: string, args: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<string> {
    const connection = this.connection(server);
    if (!connection) throw new Error(noServerNamed(server, this.describe()));
    return connection.getPrompt(prompt, args, signal);
  }

  async resources(signal?: AbortSignal): Promise<readonly McpResource[]> {
    const listed = await Promise.all(this.serverConnections.map((connection) => connection.cachedResources(signal)));
    return listed.flat();
  }

  /** The front end's answerer for servers' elicitation requests (none: every request is declined). */
  setElicitationHandler(handler: ElicitationHandler | undefined): void {
    this.elicitationHandler = handler;
  }

  /** The session's Elicitation / ElicitationResult hooks, around whichever front end answers. */
  setElicitationHooks(layer: ElicitationHookLayer | undefined): void {
    this.elicitationHooks = layer;
  }

  private async elicit(request: ElicitationRequest, signal: AbortSignal): Promise<ElicitationResponse> {
    const hooks = this.elicitationHooks;
    const answered = await hooks?.before(request);
    const response = answered ?? (this.elicitationHandler ? await this.elicitationHandler(request, signal) : { action: 'decline' as const });
    return hooks ? hooks.after(request, response) : response;
  }

  clients(): readonly McpClientHandle[] {
    return this.serverConnections;
  }

  describe(): readonly McpServerView[] {
    return describeMcpServers(this);
  }

  connection(name: string): McpServerConnection | undefined {
    return this.serverConnections.find((connection) => connection.name === name);
  }

  /** Called with no arguments whenever tools or statuses change (batched). Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For /mcp: restart one server, forgetting earlier crashes. */
  async reconnect(name: string): Promise<boolean> {
    const connection = this.connection(name);
    if (!connection) return false;
    await connection.reconnect();
    return true;
  }

  /** The configuration a server was started with. */
  serverConfig(name: string): ScopedMcpServerConfig | undefined {
    return this.connection(name)?.server;
  }

  /**
   * Adds a server while the session runs (replacing one of the same name) and
   * starts it; resolves once it has connected or failed (bounded by MCP_TIMEOUT).
   */
  async addServer(server: ScopedMcpServerConfig): Promise<void> {
    await this.removeServer(server.name);
    const connection = new McpServerConnection(server, this.settings);
    this.serverConnections.push(connection);
    this.scheduleNotify();
    await connection.start();
  }

  /** Ends a server and forgets it: its tools leave the pool. False when no server has that name. */
  async removeServer(name: string): Promise<boolean> {
    const index = this.serverConnections.findIndex((connection) => connection.name === name);
    if (index < 0) return false;
    const [connection] = this.serverConnections.splice(index, 1);
    this.scheduleNotify();
    await connection!.close();
    return true;
  }

  /** For /mcp login: the browser sign-in to one remote server, then a fresh connection. */
  async login(name: string, options: Omit<McpLoginOptions, 'configDir'>): Promise<McpLoginOutcome> {
    const connection = this.connection(name);
    if (!connection) return { ok: false, error: noServerNamed(name, this.describe()) };
    return connection.login(options);
  }

  /** For /mcp logout: forget (and revoke) one server's credentials; it then needs a login again. */
  async logout(name: string): Promise<{ readonly ok: true; readonly hadCredentials: boolean } | { readonly ok: false; readonly error: string }> {
    const connection = this.connection(name);
    if (!connection) return { ok: false, error: noServerNamed(name, this.describe()) };
    return { ok: true, ...(await connection.logout()) };
  }

  /** For /mcp and the Agent SDK: turn one server off (its tools leave the pool) or on again. */
  async setEnabled(name: string, enabled: boolean): Promise<boolean> {
    const connection = this.connection(name);
    if (!connection) return false;
    await connection.setEnabled(enabled);
    return true;
  }

  async close(): Promise<void> {
    this.unregisterCleanup();
    this.listeners.clear();
    await Promise.all(this.serverConnections.map((connection) => connection.close()));
  }

  private addAndStart(server: ScopedMcpServerConfig): void {
    const connection = new McpServerConnection(server, this.settings);
    this.serverConnections.push(connection);
    this.initialStarts.push(connection.start());
  }

  private scheduleNotify(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    queueMicrotask(() => {
      this.notifyScheduled = false;
      for (const listener of [...this.listeners]) listener();
    });
  }
}

function noServerNamed(name: string, views: readonly McpServerView[]): string {
  return `No MCP server named "${name}".${views.length > 0 ? ` Servers: ${views.map((view) => view.name).join(', ')}.` : ''}`;
}

function nonNegativeNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

function positiveNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}
