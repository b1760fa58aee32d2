/**
 * The slash commands an editor can offer (`available_commands_update`) and
 * run: the user's custom commands (.claude/commands, the config folder's
 * commands), /compact and /init. The REPL's other built-ins manage the
 * terminal UI or things the editor shows itself, so they are not offered.
 */
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import { initCommand } from '../../commands/builtin/init.js';
import type { CustomCommand } from '../../commands/custom/customCommands.js';
import { loadSessionCommands, type CommandSession } from '../../commands/sessionCommands.js';

/** What a prompt that names a command asks for. */
export type AcpCommand =
  | { readonly kind: 'custom'; readonly command: CustomCommand }
  | { readonly kind: 'compact' }
  | { readonly kind: 'init' };

export type AcpCommandSet = {
  readonly available: AvailableCommand[];
  find(name: string): AcpCommand | undefined;
};

const COMPACT: AvailableCommand = {
  name: 'compact',
  description: 'Summarise the conversation so far to free context (optional: what to keep)',
  input: { hint: 'what the summary should keep' },
};

const INIT: AvailableCommand = { name: initCommand.name, description: initCommand.description };

export async function loadAcpCommands(session: CommandSession): Promise<AcpCommandSet> {
  const custom = await loadSessionCommands(session);
  const byName = new Map(custom.map((command) => [command.name.toLowerCase(), command]));
  return {
    available: [
      COMPACT,
      INIT,
      ...custom
        .filter((command) => command.name.toLowerCase() !== COMPACT.name && command.name.toLowerCase() !== INIT.name)
        .map((command) => ({
          name: command.name,
          description: `${command.description} (${command.source ?? 'user'})`,
          ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
        })),
    ],
    find(name) {
      const key = name.toLowerCase();
      if (key === COMPACT.name) return { kind: 'compact' };
      if (key === INIT.name) return { kind: 'init' };
      const command = byName.get(key);
      return command ? { kind: 'custom', command } : undefined;
    },
  };
}
