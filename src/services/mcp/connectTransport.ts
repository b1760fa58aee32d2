/**
 * Opens one MCP session over the transport a server's config names: a child
 * process on stdio, Streamable HTTP, or SSE. `type: "http"` falls back to SSE
 * when Streamable HTTP is refused, since many deployed servers still speak
 * only the older protocol. The SDK is imported here, on first use, so
 * sessions without MCP never load it.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { errorMessageOf } from '../../utils/errors.js';
import { proxyVariablesSet } from '../../utils/net/proxyAgent.js';
import { VERSION } from '../../version.js';
import { PrestartedTransport } from './PrestartedTransport.js';
import type { StderrTail } from './stderrTail.js';
import type { McpRemoteServerConfig, McpServerConfig, McpStdioServerConfig } from './types.js';
import type { StdioLaunch } from '../../sandbox/mcpServerSandbox.js';

export type TransportKind = 'stdio' | 'http' | 'sse' | 'sdk';

export type OpenedSession = {
  readonly client: Client;
  readonly transport: Transport;
  readonly kind: TransportKind;
  /** The server's process id (stdio only), so it can be ended if it ignores a polite close. */
  readonly pid: () => number | null;
};

export type OpenSessionOptions = {
  readonly config: McpServerConfig;
  /** Where a stdio server starts when its config names no cwd (relative cwds resolve here too). */
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stderr: StderrTail;
  /** Called on the new client before it connects, so no early notification is missed. */
  readonly prepare: (client: Client) => void;
  /** Gives up (and ends the process) when the start-up deadline passes. */
  readonly signal: AbortSignal;
  /** stdio: turns the configured command into the one started (the OS sandbox around it); absent: as configured. */
  readonly launchStdio?: (launch: StdioLaunch) => Promise<StdioLaunch>;
  /** For a remote server that may ask for OAuth: what the SDK's auth flow uses and stores. */
  readonly authProvider?: OAuthClientProvider;
};

type ClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');

export async function openSession(options: OpenSessionOptions): Promise<OpenedSession> {
  const { config } = options;
  // The client module is the heavy part of the SDK: load it while the server process boots.
  const clientModule = import('@modelcontextprotocol/sdk/client/index.js');
  clientModule.catch(() => undefined);
  if (config.type === 'stdio') return openStdio(config, options, clientModule);
  if (config.type === 'sdk') {
    const transport = config.openTransport();
    const client = await newClient(options, clientModule);
    await connectOrClose(client, transport, options.signal);
    return { client, transport, kind: 'sdk', pid: () => null };
  }
  if (config.type === 'sse') return openSse(config, options, clientModule);
  try {
    return await openStreamableHttp(config, options, clientModule);
  } catch (streamableError) {
    // A server that wants a login wants it whatever the transport; SSE would only hide why.
    if (isAuthenticationError(streamableError)) throw streamableError;
    try {
      return await openSse(config, options, clientModule);
    } catch (sseError) {
      throw new Error(
        `Streamable HTTP failed (${errorMessageOf(streamableError)}), and so did the SSE fallback (${errorMessageOf(sseError)})`,
      );
    }
  }
}

async function newClient(options: OpenSessionOptions, clientModule: Promise<ClientModule>): Promise<Client> {
  const { Client } = await clientModule;
  // Form elicitation: every front end answers it (headless by declining, saying so on stderr).
  const client = new Client({ name: 'agentcli', version: VERSION }, { capabilities: { elicitation: { form: {} } } });
  options.prepare(client);
  return client;
}

async function openStdio(config: McpStdioServerConfig, options: OpenSessionOptions, clientModule: Promise<ClientModule>): Promise<OpenedSession> {
  const [{ StdioClientTransport }, path, { stat }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('node:path'),
    import('node:fs/promises'),
  ]);
  const cwd = path.resolve(options.cwd, config.cwd ?? '.');
  // spawn reports a missing cwd as the command being missing; say which it is.
  const isDirectory = await stat(cwd).then((info) => info.isDirectory(), () => false);
  if (!isDirectory) throw new Error(`its working directory ${cwd} does not exist`);
  // Servers expect the user's environment (tokens, PATH); the SDK alone would pass only a handful of variables.
  const env = { ...definedOnly(options.env), ...config.env };
  const configured: StdioLaunch = { command: config.command, args: config.args, cwd, ...(env.PATH !== undefined ? { searchPath: env.PATH } : {}) };
  const launch = options.launchStdio ? await options.launchStdio(configured) : configured;
  const transport = new StdioClientTransport({
    command: launch.command,
    args: [...launch.args],
    env,
    cwd,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer | string) => options.stderr.append(chunk));
  const started = new PrestartedTransport(transport);
  try {
    const client = await newClient(options, clientModule);
    await connectOrClose(client, started, options.signal);
    return { client, transport: started, kind: 'stdio', pid: () => transport.pid };
  } catch (error) {
    // It never became a working server: no need for the SDK's slow polite close.
    const pid = transport.pid;
    void transport.close().catch(() => undefined);
    if (pid !== null) terminateQuietly(pid);
    if (isSpawnNotFound(error)) throw new Error(`the command "${config.command}" was not found (is it installed and on PATH?)`);
    throw error;
  }
}

async function openStreamableHttp(config: McpRemoteServerConfig, options: OpenSessionOptions, clientModule: Promise<ClientModule>): Promise<OpenedSession> {
  const transport = await remoteTransport(config, 'http', options.authProvider);
  const client = await newClient(options, clientModule);
  await connectOrClose(client, transport, options.signal);
  return { client, transport, kind: 'http', pid: () => null };
}

async function openSse(config: McpRemoteServerConfig, options: OpenSessionOptions, clientModule: Promise<ClientModule>): Promise<OpenedSession> {
  const transport = await remoteTransport(config, 'sse', options.authProvider);
  const client = await newClient(options, clientModule);
  await connectOrClose(client, transport, options.signal);
  return { client, transport, kind: 'sse', pid: () => null };
}

export type RemoteTransport = Transport & { finishAuth(authorizationCode: string): Promise<void> };

/** The transport for a remote server; with an auth provider, a 401 runs the SDK's OAuth flow through it. */
export async function remoteTransport(config: McpRemoteServerConfig, kind: 'http' | 'sse', authProvider?: OAuthClientProvider): Promise<RemoteTransport> {
  if (authProvider) unauthorizedError ??= (await import('@modelcontextprotocol/sdk/client/auth.js')).UnauthorizedError;
  const options = { requestInit: { headers: { ...config.headers } }, ...(await proxiedFetch()), ...(authProvider ? { authProvider } : {}) };
  if (kind === 'http') {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return new StreamableHTTPClientTransport(new URL(config.url), options);
  }
  const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
  return new SSEClientTransport(new URL(config.url), options);
}

/** The SDK's UnauthorizedError, once a transport with an auth provider has loaded it (names do not survive minifying). */
let unauthorizedError: (abstract new (...args: never[]) => Error) | undefined;

/**
 * Whether a failure means "log in first": the SDK's UnauthorizedError, a
 * background connection that reached the login step, or an HTTP 401 the
 * flow could not get past.
 */
export function isAuthenticationError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'McpAuthenticationRequired' || (unauthorizedError !== undefined && error instanceof unauthorizedError)) return true;
  return 'code' in error && error.code === 401;
}

/**
 * With a proxy configured, remote servers are reached through it like the
 * model API (nodeHttpFetch honours HTTPS_PROXY / NO_PROXY); without one the
 * SDK keeps its own fetch.
 */
export async function proxiedFetch(): Promise<{ fetch?: typeof fetch }> {
  if (!proxyVariablesSet()) return {};
  return { fetch: (await import('../api/nodeHttpFetch.js')).nodeHttpFetchAsFetch };
}

/** Connects, closing the client and transport (and so the process) on failure or when the deadline passes. */
async function connectOrClose(client: Client, transport: Transport, signal: AbortSignal): Promise<void> {
  const close = (): void => {
    void client.close().catch(() => undefined);
    void transport.close().catch(() => undefined);
  };
  if (signal.aborted) {
    close();
    throw new Error('gave up before connecting');
  }
  signal.addEventListener('abort', close, { once: true });
  try {
    await client.connect(transport);
    if (signal.aborted) throw new Error('gave up while connecting');
    deliverNotificationsBeforeResponses(transport);
  } catch (error) {
    close();
    throw error;
  } finally {
    signal.removeEventListener('abort', close);
  }
}

/**
 * The SDK runs notification handlers one microtask late but settles a
 * request the moment its response arrives. A progress notification sent
 * just before the result, arriving in the same read, would then find its
 * request gone and be dropped. Each response waits one microtask, so
 * whatever the server sent before it is handled first.
 */
function deliverNotificationsBeforeResponses(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if ('id' in message && !('method' in message)) queueMicrotask(() => deliver(message, extra));
    else deliver(message, extra);
  };
}

function terminateQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

function isSpawnNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT' && 'syscall' in error && String(error.syscall).startsWith('spawn');
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}
