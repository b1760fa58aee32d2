/**
 * The one command catalog every front end offers and runs: the built-ins
 * that front end can run, the session's own commands (command files,
 * skills, enabled plugins' commands and skills — src/commands/sessionCommands.ts
 * reads them from the session's project location and setting sources), and
 * the MCP servers' prompts, asked for each time since servers connect late
 * and change them.
 *
 * A name clash between a built-in and the user's own command (a command
 * file, a skill — e.g. .claude/commands/review.md against /review) goes to
 * the user's command, in every front end: someone who wrote a command under
 * that name meant to run it, and Claude Code lets project commands shadow
 * built-ins the same way. The shadowed built-in is then neither offered nor
 * refused (`elsewhere`) under that name. MCP prompts are the servers', not
 * the user's: a built-in keeps its name against them.
 *
 * What a front end can do decides which built-ins it offers: the REPL runs
 * them all; headless -p and the Agent SDK run /init, /review, /doctor and
 * /permissions' text form (the others act on a terminal UI); an ACP editor
 * runs /compact, /init, /rewind, /tasks (as text), /doctor and /permissions'
 * text form (it shows the rest itself). A built-in another front end runs is
 * `elsewhere` here, so headless can refuse it with a sentence instead of
 * sending it as a question.
 */
import { BUILTIN_COMMANDS } from '../commands/builtinCommands.js';
import { mcpPromptCommands } from '../commands/mcpPromptCommands.js';
import { createCommandRegistry, type CommandRegistry } from '../commands/registry.js';
import { loadSessionCommands, type CommandSession } from '../commands/sessionCommands.js';
import type { CustomCommand } from '../commands/custom/customCommands.js';
import type { SlashCommand } from '../commands/types.js';
import type { Session } from '../session/session.js';
import { BUILTINS_BY_FRONT_END, type FrontEnd } from './frontEndBuiltins.js';

export type { FrontEnd } from './frontEndBuiltins.js';

/** A name looked up in the catalog: a built-in of this front end, or a command that expands to a prompt. */
export type CatalogEntry = { readonly kind: 'builtin'; readonly command: SlashCommand } | { readonly kind: 'custom'; readonly command: CustomCommand };

export type CommandCatalog = {
  readonly frontEnd: FrontEnd;
  /** Every command this front end offers (built-ins first), MCP prompts of the moment included. */
  readonly registry: CommandRegistry;
  /** The built-ins and the session's own commands, without MCP prompts (lists read once at start). */
  readonly fixed: () => readonly SlashCommand[];
  find(name: string): CatalogEntry | undefined;
  /** A built-in of another front end (e.g. /model with -p): refused with a sentence rather than sent to the model. */
  elsewhere(name: string): SlashCommand | undefined;
};

export type CatalogSession = CommandSession & Pick<Session, 'mcp'>;

export async function loadCommandCatalog(session: CatalogSession, frontEnd: FrontEnd): Promise<CommandCatalog> {
  return createCommandCatalog(frontEnd, await loadSessionCommands(session), () => mcpPromptCommands(session.mcp));
}

/** The catalog over commands already loaded (tests and benchmarks bring their own). */
export function createCommandCatalog(frontEnd: FrontEnd, custom: readonly CustomCommand[], live?: () => readonly CustomCommand[]): CommandCatalog {
  const offered = BUILTINS_BY_FRONT_END[frontEnd];
  const ownNames = new Set(custom.map((command) => command.name.toLowerCase()));
  // The user's own command shadows a built-in of the same name (see above); its aliases stay the built-in's.
  const shadowed = (command: SlashCommand): boolean => ownNames.has(command.name.toLowerCase());
  const runsHere = (command: SlashCommand): boolean => offered === 'all' || offered.includes(command.name);
  const builtins = BUILTIN_COMMANDS.filter((command) => runsHere(command) && !shadowed(command));
  const registry = createCommandRegistry(builtins, custom, live);
  const fixed = createCommandRegistry(builtins, custom);
  const isBuiltin = (command: SlashCommand): boolean => builtins.includes(command);
  return {
    frontEnd,
    registry,
    fixed: () => fixed.all(),
    find(name) {
      const command = registry.find(name);
      if (!command) return undefined;
      if (isBuiltin(command)) return { kind: 'builtin', command };
      return isCustomCommand(command) ? { kind: 'custom', command } : undefined;
    },
    elsewhere(name) {
      const key = name.toLowerCase();
      if (ownNames.has(key)) return undefined;
      return BUILTIN_COMMANDS.find((command) => !runsHere(command) && !shadowed(command) && [command.name, ...(command.aliases ?? [])].includes(key));
    },
  };
}

function isCustomCommand(command: SlashCommand): command is CustomCommand {
  return typeof Reflect.get(command, 'expand') === 'function';
}
