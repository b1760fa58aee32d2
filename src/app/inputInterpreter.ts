/**
 * The one input interpreter: what a line a person (or a program) sent means,
 * and how a command's prompt is prepared, for the REPL, headless -p, the
 * Agent SDK's stream and ACP alike. Front ends stay adapters: they show
 * what happens (their events, their permission asker, their dialogs), but
 * none decides on its own what `/name args`, `!cmd` or `# note` is, or how
 * a command's grant, snippets and release go.
 *
 *   /name args   a command of the front end's catalog (commandCatalog.ts);
 *                a built-in of another front end is refused; any other
 *                `/word` is an unknown command where the front end says so
 *                (the REPL), else text the user meant literally (as Claude
 *                Code sends it)
 *   !cmd         a shell command the user runs (front ends with a shell)
 *   # note       a memory note (front ends that can ask where to save it)
 *   anything     a prompt
 */
import { parseSlashInput } from '../commands/registry.js';
import { memoryNoteOf } from '../commands/memoryNote.js';
import { grantCommandRules } from '../commands/custom/commandScopedRules.js';
import type { RenderedPrompt, ShellRunner } from '../commands/custom/renderCommandPrompt.js';
import type { SlashCommand } from '../commands/types.js';
import type { CommandResult } from '../commands/custom/commandResult.js';
import type { CustomCommand } from '../commands/custom/customCommands.js';
import type { Session } from '../session/session.js';
import type { CommandCatalog } from './commandCatalog.js';

/** What a front end lets the user do besides prompts and commands. */
export type InputAbilities = {
  /** `!cmd` runs a shell command (the REPL). */
  readonly shell: boolean;
  /** `# note` saves a memory note (the REPL, which can ask where). */
  readonly memoryNotes: boolean;
  /** An unknown `/word` is an error (the REPL) rather than text sent as typed. */
  readonly refuseUnknownCommands: boolean;
};

export const REPL_INPUT: InputAbilities = { shell: true, memoryNotes: true, refuseUnknownCommands: true };
/** Headless -p, the Agent SDK's stream and ACP: a program or an editor sends text; only commands are interpreted. */
export const PROGRAM_INPUT: InputAbilities = { shell: false, memoryNotes: false, refuseUnknownCommands: false };

export type InterpretedInput =
  | { readonly kind: 'builtin'; readonly command: SlashCommand; readonly args: string }
  | { readonly kind: 'custom'; readonly command: CustomCommand; readonly args: string }
  /** A built-in of another front end (e.g. /model with -p). */
  | { readonly kind: 'elsewhere'; readonly command: SlashCommand }
  | { readonly kind: 'unknown_command'; readonly name: string }
  | { readonly kind: 'shell'; readonly command: string }
  | { readonly kind: 'memory_note'; readonly note: string }
  | { readonly kind: 'prompt'; readonly text: string };

/**
 * What a front end that cannot run another front end's built-in answers for
 * it (`here`: "with -p", "in an editor"), so headless and ACP say the same:
 * the command is refused with a sentence, never sent to the model as if it
 * were a question.
 */
export function refusalOfElsewhere(command: SlashCommand, here: string): string {
  return `/${command.name} is a command of the interactive REPL; it does not run ${here}.`;
}

export function interpretInput(text: string, catalog: CommandCatalog, abilities: InputAbilities): InterpretedInput {
  const parsed = text.startsWith('/') || !abilities.refuseUnknownCommands ? parseSlashInput(text) : undefined;
  if (parsed) {
    const elsewhere = catalog.elsewhere(parsed.name);
    if (elsewhere) return { kind: 'elsewhere', command: elsewhere };
    const entry = catalog.find(parsed.name);
    if (entry?.kind === 'builtin') return { kind: 'builtin', command: entry.command, args: parsed.args };
    if (entry?.kind === 'custom') return { kind: 'custom', command: entry.command, args: parsed.args };
    if (abilities.refuseUnknownCommands) return { kind: 'unknown_command', name: parsed.name };
  }
  if (abilities.shell && text.startsWith('!') && text.length > 1) return { kind: 'shell', command: text.slice(1).trim() };
  const note = abilities.memoryNotes ? memoryNoteOf(text) : undefined;
  if (note !== undefined) return { kind: 'memory_note', note };
  return { kind: 'prompt', text };
}

/**
 * A command's prompt, ready to render inside the turn that sends it: its
 * `allowed-tools` are in force from now until `release` (call it when the
 * turn ends, whatever happened), its `` !`cmd` `` snippets run through the
 * front end's shell runner (each a Bash call through the whole pipeline, shown
 * the front end's way), and its `model` is for that turn only. A prompt with
 * no command turn (an MCP server's prompt, /init) renders to itself.
 */
export type CommandPrompt =
  | {
      readonly ok: true;
      readonly model?: string;
      render(runShell: ShellRunner): Promise<RenderedPrompt>;
      release(): void;
    }
  | { readonly ok: false; readonly error: string };

export function beginCommandPrompt(session: Pick<Session, 'appState' | 'cwd'>, result: Extract<CommandResult, { type: 'prompt' }>): CommandPrompt {
  const turn = result.commandTurn;
  if (!turn) return { ok: true, render: async () => ({ ok: true, prompt: result.prompt }), release: () => {} };
  const grant = grantCommandRules(session.appState, session.cwd, turn);
  if (!grant.ok) return grant;
  return {
    ok: true,
    ...(turn.model ? { model: turn.model } : {}),
    render: (runShell) => turn.render(runShell),
    release: grant.revoke,
  };
}
