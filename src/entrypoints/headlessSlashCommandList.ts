/**
 * The slash commands a headless session runs (headlessSlashCommand.ts):
 * /init, /review and the user's custom commands — the headless share of the
 * session's catalog (src/app/commandCatalog.ts), listed from the session's
 * commands directly: the catalog loads every built-in, and this list is read
 * before a stream-json run's first request. Programs learn them from
 * `system/init`'s `slash_commands` and the Agent SDK's `initialize` answer,
 * in Claude Code's shape. The REPL's other built-ins act on a terminal UI
 * and are not offered.
 */
import { initCommand } from '../commands/builtin/init.js';
import { reviewCommand } from '../commands/builtin/review.js';
import type { Session } from '../session/session.js';

export type HeadlessSlashCommand = { readonly name: string; readonly description: string; readonly argumentHint: string };

type CommandSource = Pick<Session, 'cwd' | 'info' | 'settings' | 'skills' | 'commandRoots' | 'hooks' | 'appState'>;

/** Read once per session: the SDK's initialize answer and every turn's system/init share the list. */
const listed = new WeakMap<CommandSource, Promise<HeadlessSlashCommand[]>>();

export function headlessSlashCommands(session: CommandSource): Promise<HeadlessSlashCommand[]> {
  let list = listed.get(session);
  if (!list) {
    list = readCommands(session);
    listed.set(session, list);
  }
  return list;
}

async function readCommands(session: CommandSource): Promise<HeadlessSlashCommand[]> {
  // Loaded here, not at start-up: the command parser is only needed by sessions that list or run commands.
  const { loadSessionCommands } = await import('../commands/sessionCommands.js');
  const custom = await loadSessionCommands(session).catch(() => []);
  // The user's own command shadows a built-in of its name, as in the catalog.
  const ownNames = new Set(custom.map((command) => command.name.toLowerCase()));
  const builtins = [initCommand, reviewCommand].filter((command) => !ownNames.has(command.name));
  return [...builtins, ...custom].map((command) => ({ name: command.name, description: command.description, argumentHint: command.argumentHint ?? '' }));
}
