/**
 * The slash-command registry: an ordered list, looked up by name or alias.
 *
 * To add a built-in command (e.g. `/mcp`), write it in its own file under
 * src/commands/builtin/ and add it to BUILTIN_COMMANDS in builtinCommands.ts.
 * Custom commands from `.claude/commands/*.md` are appended at start-up; on
 * a name clash the earlier list wins (the command catalog,
 * src/app/commandCatalog.ts, leaves out the built-ins a user's own command
 * shadows).
 */
import type { SlashCommand } from './types.js';

export type CommandRegistry = {
  readonly all: () => readonly SlashCommand[];
  readonly find: (name: string) => SlashCommand | undefined;
  /** Commands whose name (or alias) starts with `prefix`, then those containing it; at most `limit`. */
  readonly complete: (prefix: string, limit?: number) => readonly SlashCommand[];
};

/**
 * `live` lists commands that come and go while the session runs (MCP
 * prompts): asked each time, after the fixed ones, which win on a name clash.
 */
export function createCommandRegistry(builtins: readonly SlashCommand[], custom: readonly SlashCommand[] = [], live?: () => readonly SlashCommand[]): CommandRegistry {
  const fixed = createFixedRegistry(builtins, custom);
  if (!live) return fixed;
  const current = (): CommandRegistry => {
    const extra = live();
    return extra.length === 0 ? fixed : createFixedRegistry(builtins, [...custom, ...extra]);
  };
  return {
    all: () => current().all(),
    find: (name) => fixed.find(name) ?? current().find(name),
    complete: (prefix, limit) => current().complete(prefix, limit),
  };
}

function createFixedRegistry(builtins: readonly SlashCommand[], custom: readonly SlashCommand[]): CommandRegistry {
  const byName = new Map<string, SlashCommand>();
  const ordered: SlashCommand[] = [];
  for (const command of [...builtins, ...custom]) {
    const key = command.name.toLowerCase();
    if (byName.has(key)) continue;
    byName.set(key, command);
    ordered.push(command);
  }
  const aliases = new Map<string, SlashCommand>();
  for (const command of ordered) {
    for (const alias of command.aliases ?? []) {
      if (!byName.has(alias.toLowerCase())) aliases.set(alias.toLowerCase(), command);
    }
  }

  return {
    all: () => ordered,
    find: (name) => byName.get(name.toLowerCase()) ?? aliases.get(name.toLowerCase()),
    complete(prefix, limit = 8) {
      const needle = prefix.toLowerCase();
      const names = (command: SlashCommand): string[] => [command.name, ...(command.aliases ?? [])].map((name) => name.toLowerCase());
      const starts = ordered.filter((command) => names(command).some((name) => name.startsWith(needle)));
      const contains = ordered.filter((command) => !starts.includes(command) && names(command).some((name) => name.includes(needle)));
      return [...starts, ...contains].slice(0, limit);
    },
  };
}

export type ParsedSlashInput = { readonly name: string; readonly args: string };

/** `/model opus` → { name: 'model', args: 'opus' }; anything not starting with a command name → undefined. */
export function parseSlashInput(text: string): ParsedSlashInput | undefined {
  const match = /^\/([A-Za-z0-9][\w:.-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1]!, args: (match[2] ?? '').trim() };
}
