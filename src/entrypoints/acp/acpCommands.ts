/**
 * The slash commands an editor can offer (`available_commands_update`) and
 * run: the user's custom commands (.claude/commands, the config folder's
 * commands), the MCP servers' prompts (`/mcp__server__prompt`, asked for
 * each time, since servers connect late and change them), /compact, /init,
 * /rewind, /tasks (the session's background tasks, as text), /doctor and
 * /permissions (its text form) — the ACP share of the session's one catalog
 * (src/app/commandCatalog.ts).
 * The REPL's other built-ins manage the terminal UI or things the editor
 * shows itself, so they are not offered.
 */
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import { initCommand } from '../../commands/builtin/init.js';
import type { CustomCommand } from '../../commands/custom/customCommands.js';
import type { SlashCommand } from '../../commands/types.js';
import type { CommandCatalog } from '../../app/commandCatalog.js';

/** What a prompt that names a command asks for. */
export type AcpCommand =
  | { readonly kind: 'custom'; readonly command: CustomCommand }
  | { readonly kind: 'compact' }
  | { readonly kind: 'rewind' }
  | { readonly kind: 'init' }
  /** A built-in answered by its text form (/tasks, /doctor, /permissions, /budget). */
  | { readonly kind: 'text'; readonly command: SlashCommand };

export type AcpCommandSet = {
  readonly catalog: CommandCatalog;
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

const TASKS: AvailableCommand = {
  name: 'tasks',
  description: 'List the background shells and agents with their recent output (/tasks stop <id> stops one)',
  input: { hint: '[stop <id>]' },
};

const DOCTOR: AvailableCommand = { name: 'doctor', description: 'Check the installation: API, key, sandbox, ripgrep, config files, MCP servers' };

const PERMISSIONS: AvailableCommand = {
  name: 'permissions',
  description: 'Permission rules with their sources; /permissions allow|ask|deny <rule> adds one, /permissions remove <rule> removes it',
  input: { hint: '[list|allow|ask|deny|remove <rule>]' },
};

const BUDGET: AvailableCommand = {
  name: 'budget',
  description: "Show or change the session's spend cap in US dollars (raise it to continue after a stop)",
  input: { hint: '[usd|off]' },
};

const BUILT_IN: readonly AvailableCommand[] = [COMPACT, INIT, REWIND, TASKS, DOCTOR, PERMISSIONS, BUDGET];

/** The session's command catalog (the ACP front end's share of it) as the editor sees it. */
export function acpCommandSet(catalog: CommandCatalog): AcpCommandSet {
  return {
    catalog,
    available: () => [
      // A built-in the user's own command shadows (commandCatalog.ts) is offered once, as theirs.
      ...BUILT_IN.filter((command) => catalog.find(command.name)?.kind === 'builtin'),
      ...catalog.registry
        .all()
        .map((command) => catalog.find(command.name))
        .flatMap((entry) => (entry?.kind === 'custom' ? [entry.command] : []))
        .map((command) => ({
          name: command.name,
          description: command.source ? `${command.description} (${command.source})` : command.description,
          ...(command.argumentHint ? { input: { hint: command.argumentHint } } : {}),
        })),
    ],
    find(name) {
      const entry = catalog.find(name);
      if (entry?.kind === 'custom') return { kind: 'custom', command: entry.command };
      switch (entry?.command.name) {
        case COMPACT.name:
          return { kind: 'compact' };
        case INIT.name:
          return { kind: 'init' };
        case REWIND.name:
          return { kind: 'rewind' };
        default:
          return entry?.command.textForm ? { kind: 'text', command: entry.command } : undefined;
      }
    },
  };
}
