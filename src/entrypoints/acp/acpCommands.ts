/**
 * The slash commands an editor can offer (`available_commands_update`) and
 * run: the user's custom commands (.claude/commands, the config folder's
 * commands), the MCP servers' prompts (`/mcp__server__prompt`, asked for
 * each time, since servers connect late and change them), /compact, /init and
 * /rewind. The REPL's other built-ins manage the
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
  | { readonly kind: 'rewind' }
  | { readonly kind: 'init' };

export type AcpCommandSet = {
  available(): AvailableCommand[];
  find(name: string): AcpCommand | undefined;
};

const COMPACT: AvailableCommand = {
  name: 'compact',
  description: 'Summarise the conversation so far to free context (optional: what to keep)',
  input: { hint: 'what the summary should keep' },
};

const REWIND: AvailableCommand = {
  name: 'rewind',
  description: 'Put the files back as they were before an earlier prompt (lists them; then /rewind <n>, /rewind <n> restore)',
  input: { hint: '<n> [restore]' },
};

const INIT: AvailableCommand = { name: initCommand.name, description: initCommand.description };

export async function loadAcpCommands(
  session: CommandSession,
  options: {
    /** Commands that come and go while the session runs (MCP prompts). */
    readonly live?: () => readonly CustomCommand[];
  } = {},
): Promise<AcpCommandSet> {
  const custom = await loadSessionCommands(session);
  const byName = new Map(custom.map((command) => [command.name.toLowerCase(), command]));
  const all = (): CustomCommand[] => {
    const live = (options.live?.() ?? []).filter((command) => !byName.has(command.name.toLowerCase()));
    return [...custom, ...live];
  };
  return {
    available: () => [
      COMPACT,
      INIT,
      REWIND,
      ...all()
        .filter((command) => ![COMPACT.name, INIT.name, REWIND.name].includes(command.name.toLowerCase()))
        .map((command) => ({
          name: command.name,
          description: command.source ? `${command.description} (${command.source})` : command.description,
          ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
        })),
    ],
    find(name) {
      const key = name.toLowerCase();
      if (key === COMPACT.name) return { kind: 'compact' };
      if (key === INIT.name) return { kind: 'init' };
      if (key === REWIND.name) return { kind: 'rewind' };
      const command = byName.get(key) ?? all().find((candidate) => candidate.name.toLowerCase() === key);
      return command ? { kind: 'custom', command } : undefined;
    },
  };
}
