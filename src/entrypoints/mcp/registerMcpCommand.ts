/**
 * `agentcli mcp …`, with Claude Code's arguments:
 *   mcp add [-s local|project|user] [-t stdio|http|sse] [-e KEY=V]… [-H "K: V"]… <name> <commandOrUrl> [args...]
 *   mcp add-json [-s scope] <name> '<json>'
 *   mcp remove [-s scope] <name>
 *   mcp list
 *   mcp get <name>
 *   mcp login <name> | mcp logout <name>     OAuth sign-in to (or out of) an http/sse server
 *   mcp serve [--permission-mode <mode>]    agentcli's built-in tools as an MCP server on stdio
 * A stdio server's own options go after `--`: `agentcli mcp add fs -- npx -y @modelcontextprotocol/server-filesystem .`
 * Registered on start-up (tiny); the work is loaded only when run.
 */
import { Command, Option } from 'commander';
import { WRITABLE_SCOPES, type WritableScope } from './mcpScopes.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function scopeOption(defaultScope?: WritableScope): Option {
  const option = new Option('-s, --scope <scope>', 'where the server is configured: local (you, this project), project (.mcp.json), user (every project)').choices(
    WRITABLE_SCOPES,
  );
  return defaultScope ? option.default(defaultScope) : option;
}

async function context() {
  const { configDir } = await import('../../settings/configPaths.js');
  return {
    cwd: process.cwd(),
    configDir: configDir(),
    io: { stdout: (text: string) => void process.stdout.write(text), stderr: (text: string) => void process.stderr.write(text) },
  };
}

export function registerMcpCommand(program: Command): void {
  const mcp = program.command('mcp').description('configure MCP servers (add, add-json, remove, list, get, login, logout), or serve agentcli\'s tools (serve)');

  mcp
    .command('add')
    .description('add a server: a program to run (stdio) or a URL (http, sse)')
    .argument('<name>', 'the server name (tools appear as mcp__<name>__<tool>)')
    .argument('<commandOrUrl>', 'the program to run, or the URL for http/sse')
    .argument('[args...]', 'arguments for the program (put them after --)')
    .addOption(scopeOption('local'))
    .addOption(new Option('-t, --transport <transport>', 'stdio, http or sse').choices(['stdio', 'http', 'sse']).default('stdio'))
    .option('-e, --env <KEY=value>', 'an environment variable for a stdio server (repeatable)', collect, [])
    .option('-H, --header <"Name: value">', 'an HTTP header for an http/sse server (repeatable)', collect, [])
    .option('--client-id <id>', 'an OAuth client registered in advance (for authorization servers without dynamic registration)')
    .option('--callback-port <port>', 'the fixed loopback port of the OAuth redirect URL, if the client was registered with one')
    .action(async (name: string, commandOrUrl: string, args: string[], options: { scope: WritableScope; transport: 'stdio' | 'http' | 'sse'; env: string[]; header: string[]; clientId?: string; callbackPort?: string }) => {
      const { runMcpAdd } = await import('./mcpCommand.js');
      process.exitCode = await runMcpAdd(name, commandOrUrl, args, options, await context());
    });

  mcp
    .command('add-json')
    .description('add a server from its JSON entry, as it would appear under "mcpServers"')
    .argument('<name>', 'the server name')
    .argument('<json>', 'e.g. \'{"type":"http","url":"https://example.com/mcp"}\'')
    .addOption(scopeOption('local'))
    .action(async (name: string, json: string, options: { scope: WritableScope }) => {
      const { runMcpAddJson } = await import('./mcpCommand.js');
      process.exitCode = await runMcpAddJson(name, json, options, await context());
    });

  mcp
    .command('remove')
    .description('remove a server (from the one scope that has it, or the scope given)')
    .argument('<name>', 'the server name')
    .addOption(scopeOption())
    .action(async (name: string, options: { scope?: WritableScope }) => {
      const { runMcpRemove } = await import('./mcpCommand.js');
      process.exitCode = await runMcpRemove(name, options, await context());
    });

  mcp
    .command('list')
    .description('list the configured servers (without starting them)')
    .action(async () => {
      const { runMcpList } = await import('./mcpCommand.js');
      process.exitCode = await runMcpList(await context());
    });

  mcp
    .command('login')
    .description('sign in to an http/sse server that uses OAuth (opens your browser)')
    .argument('<name>', 'the server name')
    .action(async (name: string) => {
      const { runMcpLogin } = await import('./mcpCommand.js');
      process.exitCode = await runMcpLogin(name, await context());
    });

  mcp
    .command('logout')
    .description("forget (and revoke, where offered) a server's OAuth credentials")
    .argument('<name>', 'the server name')
    .action(async (name: string) => {
      const { runMcpLogout } = await import('./mcpCommand.js');
      process.exitCode = await runMcpLogout(name, await context());
    });

  mcp
    .command('serve')
    .description("offer agentcli's built-in tools (Read, Edit, Bash, …) over MCP on stdio, under this folder's permission rules, hooks and sandbox")
    // --permission-mode is the program's own option (commander hands it to the top level): read it from there.
    .action(async (_options: unknown, command: Command) => {
      const globals: { permissionMode?: 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions'; dangerouslySkipPermissions?: boolean } = command.optsWithGlobals();
      const permissionMode = globals.dangerouslySkipPermissions ? 'bypassPermissions' : globals.permissionMode;
      const { serveMcp } = await import('../mcpServer/serveMcp.js');
      await serveMcp({
        cwd: process.cwd(),
        env: process.env,
        ...(permissionMode ? { permissionMode } : {}),
        log: (line) => void process.stderr.write(`${line}\n`),
      });
    });

  mcp
    .command('get')
    .description("show one server's configuration")
    .argument('<name>', 'the server name')
    .action(async (name: string) => {
      const { runMcpGet } = await import('./mcpCommand.js');
      process.exitCode = await runMcpGet(name, await context());
    });
}
