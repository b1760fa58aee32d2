/**
 * `agentcli mcp add|add-json|remove|list|get|login|logout`: manage configured
 * MCP servers without editing JSON by hand, and sign in to remote ones. Entries are checked with the same parser the
 * session uses before they are written, so what `add` accepts, a session can
 * start. `list` and `get` show the configuration; they do not start servers.
 */
import { errorMessageOf } from '../../utils/errors.js';
import { loadMcpConfig } from '../../services/mcp/loadMcpConfig.js';
import { McpConfigShapeError, parseMcpServers } from '../../services/mcp/parseMcpServers.js';
import type { ScopedMcpServerConfig } from '../../services/mcp/types.js';
import { isObject, readScope, writeServers, type ScopePaths } from './mcpConfigFiles.js';
import { WRITABLE_SCOPES, type WritableScope } from './mcpScopes.js';
import type { RemoteServer } from '../../services/mcp/auth/mcpOAuthLogin.js';
import { describeCredentials, OAuthCredentialStore } from '../../services/mcp/auth/oauthCredentialStore.js';
import type { OpenBrowser } from '../../services/mcp/auth/openBrowser.js';
import { usesOAuth } from '../../services/mcp/auth/remoteServerAuth.js';

export type McpCliIo = { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void };
export type McpCliContext = ScopePaths & { readonly io: McpCliIo; readonly env?: NodeJS.ProcessEnv };

export type McpAddOptions = {
  readonly scope: WritableScope;
  readonly transport: 'stdio' | 'http' | 'sse';
  readonly env: readonly string[];
  readonly header: readonly string[];
  /** A client registered in advance with the server's authorization server. */
  readonly clientId?: string;
  readonly callbackPort?: string;
};

const SERVER_NAME = /^[\w.-]{1,64}$/;

/** `mcp add <name> <commandOrUrl> [args...]`. */
export async function runMcpAdd(name: string, commandOrUrl: string, args: readonly string[], options: McpAddOptions, context: McpCliContext): Promise<number> {
  const entry = buildEntry(commandOrUrl, args, options);
  if (!entry.ok) return fail(context, entry.error);
  return addEntry(name, entry.value, options.scope, context);
}

/** `mcp add-json <name> '<json>'`: the entry as it would appear under mcpServers. */
export async function runMcpAddJson(name: string, json: string, options: { readonly scope: WritableScope }, context: McpCliContext): Promise<number> {
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch (error) {
    return fail(context, `the server JSON is not valid: ${errorMessageOf(error)}`);
  }
  if (!isObject(entry)) return fail(context, 'the server JSON must be an object, e.g. {"command":"npx","args":["-y","server"]}');
  return addEntry(name, entry, options.scope, context);
}

export async function runMcpRemove(name: string, options: { readonly scope?: WritableScope }, context: McpCliContext): Promise<number> {
  const scopes = options.scope ? [options.scope] : WRITABLE_SCOPES;
  const holding: { scope: WritableScope; file: string }[] = [];
  for (const scope of scopes) {
    const read = await readScope(scope, context);
    if (!read.ok) return fail(context, read.error);
    if (name in read.value.servers) holding.push({ scope, file: read.value.file });
  }
  if (holding.length === 0) return fail(context, `no MCP server named "${name}"${options.scope ? ` in the ${options.scope} scope` : ''}`);
  if (holding.length > 1) {
    return fail(context, `"${name}" is configured in several scopes (${holding.map((found) => found.scope).join(', ')}); say which with -s <scope>`);
  }
  const { scope } = holding[0]!;
  const read = await readScope(scope, context);
  if (!read.ok) return fail(context, read.error);
  const { [name]: _removed, ...rest } = read.value.servers;
  const written = await writeServers(read.value, rest);
  if (!written.ok) return fail(context, written.error);
  context.io.stdout(`Removed MCP server "${name}" (${scope}) from ${written.value}\n`);
  return 0;
}

export async function runMcpList(context: McpCliContext): Promise<number> {
  const servers = await configuredServers(context);
  if (!servers.ok) return fail(context, servers.error);
  if (servers.value.length === 0) {
    context.io.stdout('No MCP servers configured. Add one with: agentcli mcp add <name> -- <command> [args...]\n');
    return 0;
  }
  for (const server of servers.value) {
    const sandbox = server.config.type === 'stdio' ? `, ${describeSandbox(server).short}` : '';
    context.io.stdout(`${server.name}: ${describeTarget(server)} (${server.config.type}, ${server.scope}${sandbox})\n`);
  }
  return 0;
}

/** `mcp login <name>`: the browser sign-in to a remote server, then a connection to check that it works. */
export async function runMcpLogin(name: string, context: McpCliContext & { readonly openBrowser?: OpenBrowser }): Promise<number> {
  const server = await remoteServerNamed(name, context);
  if (!server.ok) return fail(context, server.error);
  const { loginToMcpServer } = await import('../../services/mcp/auth/mcpOAuthLogin.js');
  const outcome = await loginToMcpServer(server.value, {
    configDir: context.configDir,
    ...(context.openBrowser ? { openBrowser: context.openBrowser } : {}),
    onAuthorizationUrl: (url) => context.io.stderr(`Opening your browser to sign in to ${name}. If it does not open, visit:\n${url}\n`),
  });
  if (!outcome.ok) return fail(context, `could not log in to ${name}: ${outcome.error}`);
  if (outcome.alreadyAuthorized) {
    context.io.stdout(`${name} did not ask for a login; nothing to do.\n`);
    return 0;
  }
  const check = await checkConnection(server.value, context);
  context.io.stdout(`Logged in to ${name}${check}.\n`);
  return 0;
}

/** `mcp logout <name>`: forget (and, where offered, revoke) a remote server's credentials. */
export async function runMcpLogout(name: string, context: McpCliContext): Promise<number> {
  const server = await remoteServerNamed(name, context);
  if (!server.ok) return fail(context, server.error);
  const { logoutFromMcpServer } = await import('../../services/mcp/auth/mcpOAuthLogin.js');
  const { hadCredentials } = await logoutFromMcpServer(server.value, context.configDir);
  context.io.stdout(hadCredentials ? `Logged out of ${name}; its credentials are deleted.\n` : `${name} had no stored credentials.\n`);
  return 0;
}

async function remoteServerNamed(name: string, context: McpCliContext): Promise<{ ok: true; value: RemoteServer } | { ok: false; error: string }> {
  const servers = await configuredServers(context);
  if (!servers.ok) return servers;
  const server = servers.value.find((candidate) => candidate.name === name);
  if (!server) return { ok: false, error: `no MCP server named "${name}"; \`agentcli mcp list\` shows them` };
  const config = server.config;
  if (config.type !== 'http' && config.type !== 'sse') return { ok: false, error: `"${name}" is a ${config.type} server; only http and sse servers log in` };
  if (server.missingEnvVars.length > 0) return { ok: false, error: `"${name}" uses ${server.missingEnvVars.join(', ')}, which is not set` };
  return { ok: true, value: { name, config } };
}

/** Connects once with the new credentials: ", connected: N tools", or why not. */
async function checkConnection(server: RemoteServer, context: McpCliContext): Promise<string> {
  const [{ McpManager }, { mcpToolKit }] = await Promise.all([import('../../services/mcp/McpManager.js'), import('../../tools/MCPTool/mcpToolKit.js')]);
  const env = context.env ?? process.env;
  const scoped: ScopedMcpServerConfig = { name: server.name, scope: 'cli', source: 'agentcli mcp login', config: server.config, missingEnvVars: [] };
  const manager = McpManager.start({ servers: [scoped], awaitingTrust: [] }, { cwd: context.cwd, configDir: context.configDir, env, toolKit: mcpToolKit });
  try {
    await manager.whenStarted();
    const [view] = manager.describe();
    return view?.status === 'connected' ? `; connected, ${view.toolCount} ${view.toolCount === 1 ? 'tool' : 'tools'}` : `, but connecting failed: ${view?.problem ?? view?.status}`;
  } finally {
    await manager.close();
  }
}

export async function runMcpGet(name: string, context: McpCliContext): Promise<number> {
  const servers = await configuredServers(context);
  if (!servers.ok) return fail(context, servers.error);
  const server = servers.value.find((candidate) => candidate.name === name);
  if (!server) return fail(context, `no MCP server named "${name}"; \`agentcli mcp list\` shows them`);
  const lines = [`${server.name}:`, `  Scope: ${server.scope} (${server.source})`, `  Type: ${server.config.type}`];
  if (server.config.type === 'stdio') {
    lines.push(`  Command: ${server.config.command}`, `  Args: ${server.config.args.join(' ')}`, `  Sandbox: ${describeSandbox(server).long}`);
    // Values can be secrets: names only.
    const names = Object.keys(server.config.env);
    if (names.length > 0) lines.push(`  Environment: ${names.join(', ')}`);
  } else if (server.config.type !== 'sdk') {
    lines.push(`  URL: ${server.config.url}`);
    const names = Object.keys(server.config.headers);
    if (names.length > 0) lines.push(`  Headers: ${names.join(', ')}`);
    if (server.config.oauth?.clientId !== undefined) lines.push(`  OAuth client: ${server.config.oauth.clientId}`);
    if (usesOAuth(server.config)) {
      const store = new OAuthCredentialStore(context.configDir, server.name, server.config.url);
      lines.push(`  Authentication: ${describeCredentials(await store.summary())} (agentcli mcp login|logout ${server.name})`);
    }
  }
  if (server.missingEnvVars.length > 0) lines.push(`  Missing variables: ${server.missingEnvVars.join(', ')}`);
  lines.push(`To remove it: agentcli mcp remove "${server.name}" -s ${server.scope}`);
  context.io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

async function addEntry(name: string, entry: Record<string, unknown>, scope: WritableScope, context: McpCliContext): Promise<number> {
  if (!SERVER_NAME.test(name)) return fail(context, `"${name}" is not a usable server name (letters, digits, _ . -; at most 64)`);
  try {
    // The session's own parser: what is written here is what a session can start.
    parseMcpServers({ [name]: entry }, { scope, source: 'the new entry', env: context.env ?? process.env });
  } catch (error) {
    if (error instanceof McpConfigShapeError) return fail(context, error.message);
    throw error;
  }
  const read = await readScope(scope, context);
  if (!read.ok) return fail(context, read.error);
  if (name in read.value.servers) {
    return fail(context, `an MCP server named "${name}" already exists in the ${scope} scope (${read.value.file}); remove it first`);
  }
  const written = await writeServers(read.value, { ...read.value.servers, [name]: entry });
  if (!written.ok) return fail(context, written.error);
  context.io.stdout(`Added ${String(entry['type'] ?? 'stdio')} MCP server "${name}" (${scope}) to ${written.value}\n`);
  return 0;
}

function buildEntry(commandOrUrl: string, args: readonly string[], options: McpAddOptions): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  const env = keyValues(options.env, '=', '-e/--env', 'KEY=value');
  if (!env.ok) return env;
  if (options.transport === 'stdio') {
    if (options.clientId !== undefined || options.callbackPort !== undefined) return { ok: false, error: '--client-id and --callback-port are for http and sse servers' };
    if (options.header.length > 0) return { ok: false, error: '-H/--header is for http and sse servers; a stdio server takes -e KEY=value' };
    return { ok: true, value: { type: 'stdio', command: commandOrUrl, args: [...args], env: env.value } };
  }
  if (args.length > 0) return { ok: false, error: `an ${options.transport} server takes a URL and no further arguments (got: ${args.join(' ')})` };
  const headers = keyValues(options.header, ':', '-H/--header', '"Name: value"');
  if (!headers.ok) return headers;
  const port = options.callbackPort === undefined ? undefined : Number(options.callbackPort);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) return { ok: false, error: `--callback-port takes a port number, got "${options.callbackPort}"` };
  const oauth = { ...(options.clientId ? { clientId: options.clientId } : {}), ...(port !== undefined ? { callbackPort: port } : {}) };
  return {
    ok: true,
    value: {
      type: options.transport,
      url: commandOrUrl,
      ...(Object.keys(headers.value).length > 0 ? { headers: headers.value } : {}),
      ...(Object.keys(oauth).length > 0 ? { oauth } : {}),
    },
  };
}

function keyValues(values: readonly string[], separator: string, flag: string, shape: string): { ok: true; value: Record<string, string> } | { ok: false; error: string } {
  const record: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(separator);
    const key = at > 0 ? value.slice(0, at).trim() : '';
    if (key === '') return { ok: false, error: `${flag} takes ${shape}, got "${value}"` };
    record[key] = value.slice(at + 1).trim();
  }
  return { ok: true, value: record };
}

async function configuredServers(context: McpCliContext): Promise<{ ok: true; value: readonly ScopedMcpServerConfig[] } | { ok: false; error: string }> {
  try {
    // Listing starts nothing, so repository servers are shown whether or not the folder is trusted.
    const loaded = await loadMcpConfig({ cwd: context.cwd, configDir: context.configDir, isTrusted: true, env: context.env });
    return { ok: true, value: loaded.servers };
  } catch (error) {
    return { ok: false, error: errorMessageOf(error) };
  }
}

/** What the entry asks of the OS sandbox (settings and bubblewrap's availability decide the rest when it starts). */
function describeSandbox(server: ScopedMcpServerConfig): { short: string; long: string } {
  const optedOut = server.config.type === 'stdio' && server.config.sandbox === false;
  if (optedOut && server.scope !== 'project') return { short: 'not sandboxed', long: 'no ("sandbox": false in its entry)' };
  const note = optedOut ? '; its "sandbox": false is ignored: a repository\'s .mcp.json cannot take its own server out' : '';
  return { short: 'sandboxed', long: `yes, in the OS sandbox where it works: Read-denied paths hidden, protected paths read-only${note}` };
}

function describeTarget(server: ScopedMcpServerConfig): string {
  if (server.config.type === 'stdio') return [server.config.command, ...server.config.args].join(' ');
  return server.config.type === 'sdk' ? 'in-process (Agent SDK client)' : server.config.url;
}

function fail(context: McpCliContext, message: string): number {
  context.io.stderr(`agentcli: ${message}\n`);
  return 1;
}
