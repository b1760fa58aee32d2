/**
 * The slash commands a headless session runs (headlessSlashCommand.ts):
 * the built-ins the front-end table names for it (src/app/frontEndBuiltins.ts:
 * /init, /review, /doctor, /permissions) and the user's custom commands —
 * the headless share of the session's catalog (src/app/commandCatalog.ts),
 * listed from the session's
 * commands directly: the catalog loads every built-in, and this list is read
 * before a stream-json run's first request. Programs learn them from
 * `system/init`'s `slash_commands` and the Agent SDK's `initialize` answer,
 * in Claude Code's shape. The REPL's other built-ins act on a terminal UI
 * and are not offered.
 */
import { BUILTINS_BY_FRONT_END } from '../app/frontEndBuiltins.js';
import { doctorCommand } from '../commands/builtin/doctor.js';
import { initCommand } from '../commands/builtin/init.js';
import { permissionsCommand } from '../commands/builtin/permissions.js';
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
  const offered = BUILTINS_BY_FRONT_END.headless;
  const builtins = [initCommand, reviewCommand, doctorCommand, permissionsCommand].filter(
    (command) => (offered === 'all' || offered.includes(command.name)) && !ownNames.has(command.name),
  );
  return [...builtins, ...custom].map((command) => ({ name: command.name, description: command.description, argumentHint: command.argumentHint ?? '' }));
}
