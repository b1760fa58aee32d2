/**
 * `agentcli permissions check "<Tool(input) or a Bash command>" [--mode M]`
 * and `agentcli permissions list`. Registered on start-up (tiny), loaded
 * only when run (the engine and the parser stay off the prompt path).
 */
import type { Command } from 'commander';
import { type ToolFamily, isPermissionMode, PERMISSION_MODES, type PermissionMode } from '../../contract/permissions.js';

export type PermissionsCommandOptions = {
  mode?: PermissionMode;
  allowedTools?: string[];
  disallowedTools?: string[];
  addDir?: string[];
  /** `--sandbox`, as for a session: decide as if Bash runs in the OS sandbox. */
  sandbox?: boolean;
  /** `--mcp-config`, as for a session: where the MCP server of a checked `mcp__…` call is configured. */
  mcpConfig?: string[];
  /** `--imported-by <file>`: the memory file a checked `@path` import is in (default: ./CLAUDE.md). */
  importedBy?: string;
};

function parseMode(value: string): PermissionMode {
  if (!isPermissionMode(value)) throw new Error(`--mode must be one of ${PERMISSION_MODES.join(', ')}`);
  return value;
}

/** The session flags are also defined on the root program, which may have consumed them. */
function optionsOf(command: Command): PermissionsCommandOptions {
  const all = command.optsWithGlobals();
  const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);
  const mode: unknown = all['mode'];
  return {
    ...(typeof mode === 'string' && isPermissionMode(mode) ? { mode } : {}),
    ...(strings(all['allowedTools']) ? { allowedTools: strings(all['allowedTools']) } : {}),
    ...(strings(all['disallowedTools']) ? { disallowedTools: strings(all['disallowedTools']) } : {}),
    ...(strings(all['addDir']) ? { addDir: strings(all['addDir']) } : {}),
    ...(all['sandbox'] === true ? { sandbox: true } : {}),
    ...(strings(all['mcpConfig']) ? { mcpConfig: strings(all['mcpConfig']) } : {}),
    ...(typeof all['importedBy'] === 'string' ? { importedBy: all['importedBy'] } : {}),
  };
}

/** The tools a checked call may name: their declarations (name, aliases, family) say how to read it. */
export type CheckableTool = {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly family: ToolFamily;
};

export function registerPermissionsCommand(program: Command, loadTools: () => Promise<readonly CheckableTool[]>): void {
  const permissions = program.command('permissions').description('explain permission decisions and list the effective rules');
  const common = (command: Command): Command =>
    command
      .option('--allowedTools <rules...>', 'extra allow rules, as for a session')
      .option('--disallowedTools <rules...>', 'extra deny rules, as for a session')
      .option('--add-dir <dirs...>', 'extra working directories')
      .option('--sandbox', 'as for a session: Bash runs in the OS sandbox in every mode')
      .option('--mcp-config <configs...>', 'as for a session: MCP servers from JSON files or strings');
  common(
    permissions
      .command('check')
      .description('decide a tool call without running it, and show why (the trace)')
      .argument('<call>', 'a Bash command, Tool(input) ("Read(.env)", "Edit(src/a.ts)", "WebFetch(https://x)", \'mcp__server__tool({"a":1})\'), or a memory import "@path"')
      .option('--mode <mode>', `permission mode: ${PERMISSION_MODES.join(' | ')}`, parseMode)
      .option('--imported-by <file>', 'for "@path": the memory file that imports it (default: ./CLAUDE.md; the config folder\'s CLAUDE.md is your own memory)'),
  ).action(async (call: string, _options: unknown, command: Command) => {
    const { runPermissionsCheck } = await import('./permissionsCommand.js');
    process.exitCode = await runPermissionsCheck(call, optionsOf(command), await loadTools());
  });
  common(permissions.command('list').description('list every effective rule with its source')).action(async (_options: unknown, command: Command) => {
    const { runPermissionsList } = await import('./permissionsCommand.js');
    process.exitCode = await runPermissionsList(optionsOf(command));
  });
}
