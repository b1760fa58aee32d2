/**
 * The MCP vocabulary shared by the engine, the MCP tools and the front ends.
 * Kept free of SDK imports so the core can name these types without loading
 * the MCP SDK.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tools } from '../../contract/tool.js';
import type { McpSandboxState } from '../../sandbox/mcpServerSandbox.js';
import type { ElicitationHandler } from './elicitation.js';
import type { McpClientHandle, McpResource, McpServerStatus } from '../../contract/mcp.js';

/** user: settings.json; project: .mcp.json; local: .claude/settings.local.json; cli: --mcp-config; sdk: the Agent SDK client's in-process servers. */
export type McpConfigScope = 'user' | 'project' | 'local' | 'cli' | 'sdk';

export type McpStdioServerConfig = {
  readonly type: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** `"sandbox": false`: run outside the OS sandbox (src/sandbox/mcpServerSandbox.ts). Undefined: sandboxed where it works. */
  readonly sandbox?: boolean;
};

/** How agentcli signs in to a remote server's authorization server, when the defaults do not fit. */
export type McpOAuthConfig = {
  /** A client registered in advance, for authorization servers without dynamic client registration. */
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** The loopback port of the redirect URL, for a client registered with a fixed redirect URL. */
  readonly callbackPort?: number;
  /** Scopes to ask for when the server does not say which it needs. */
  readonly scope?: string;
};

export type McpRemoteServerConfig = {
  /** http: Streamable HTTP, falling back to SSE for older servers; sse: SSE only. */
  readonly type: 'http' | 'sse';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly oauth?: McpOAuthConfig;
};

/** A server that lives in the process driving agentcli (the Agent SDK's createSdkMcpServer); JSON-RPC goes over the control channel. */
export type McpSdkServerConfig = {
  readonly type: 'sdk';
  readonly openTransport: () => Transport;
};

export type McpServerConfig = McpStdioServerConfig | McpRemoteServerConfig | McpSdkServerConfig;

/** One configured server: where it was declared, and what it still lacks to start. */
export type ScopedMcpServerConfig = {
  readonly name: string;
  readonly scope: McpConfigScope;
  /** The file (or "--mcp-config (inline JSON)") that declared it, for messages. */
  readonly source: string;
  readonly config: McpServerConfig;
  /** `${VAR}` references with no value and no default: the server cannot start without them. */
  readonly missingEnvVars: readonly string[];
};

/** A prompt a server offers (prompts/list); the user runs it as `/mcp__<server>__<prompt> args`. */
export type McpPrompt = {
  readonly server: string;
  readonly name: string;
  readonly description?: string;
  readonly arguments: readonly { readonly name: string; readonly required: boolean; readonly description?: string }[];
};

/** Progress a running MCP tool reports (notifications/progress). */
export type McpToolProgress = {
  readonly type: 'mcp_progress';
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
};

/** One row of `/mcp`: where a server was configured, its state, and why it failed. */
export type McpServerView = {
  readonly name: string;
  readonly scope: McpConfigScope;
  readonly source: string;
  readonly transport: 'stdio' | 'http' | 'sse' | 'sdk';
  /** `awaiting trust`: a `.mcp.json` server that starts once the folder is trusted. */
  readonly status: McpServerStatus | 'awaiting trust';
  readonly toolCount: number;
  /** stdio servers, once started: whether the OS sandbox holds it, and why not. */
  readonly sandbox?: McpSandboxState;
  readonly problem?: string;
  readonly stderrTail: readonly string[];
};

/**
 * What a session and its front end hold of the MCP servers (McpManager
 * implements it): the tools for the pool, the clients for the context, and
 * the /mcp controls.
 */
export type McpServersControl = {
  /** The MCP tools to add to the pool (they change as servers connect, die or list_changed). */
  tools(): Tools;
  /** Every connected server's prompts (they change with prompts/list_changed). */
  prompts(): readonly McpPrompt[];
  /** Runs one prompt: the text its messages carry, for the user's turn. */
  getPrompt(server: string, prompt: string, args: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<string>;
  /** Every connected server's resources, for `@server:uri` completion (listed on first use and after resources/list_changed). */
  resources(signal?: AbortSignal): Promise<readonly McpResource[]>;
  clients(): readonly McpClientHandle[];
  /** Called whenever tools or statuses change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  describe(): readonly McpServerView[];
  reconnect(name: string): Promise<boolean>;
  /** Turns one server off (its tools leave the pool) or on again; false when no server has that name. */
  setEnabled(name: string, enabled: boolean): Promise<boolean>;
  /** For clients that manage servers while the session runs (the Agent SDK's setMcpServers). */
  serverConfig(name: string): ScopedMcpServerConfig | undefined;
  addServer(server: ScopedMcpServerConfig): Promise<void>;
  removeServer(name: string): Promise<boolean>;
  /** Signs in to a remote server that needs OAuth (opens the browser), then reconnects it. */
  login(name: string, options: McpLoginRequest): Promise<{ readonly ok: true; readonly alreadyAuthorized: boolean } | { readonly ok: false; readonly error: string }>;
  /** Who answers servers' elicitation requests (the REPL's form, the SDK client, ACP); none: declined. */
  setElicitationHandler(handler: ElicitationHandler | undefined): void;
  /** Forgets (and revokes) a remote server's credentials. */
  logout(name: string): Promise<{ readonly ok: true; readonly hadCredentials: boolean } | { readonly ok: false; readonly error: string }>;
};

/** What a front end supplies to a login: how the user reaches the authorization page. */
export type McpLoginRequest = {
  readonly openBrowser?: (url: string) => void | Promise<void>;
  readonly onAuthorizationUrl?: (url: string) => void;
  readonly signal?: AbortSignal;
};
