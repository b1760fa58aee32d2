/**
 * What running a command gives back, and what a custom command asks of the
 * turn it starts. Data only: every command (built-in, command file, skill,
 * MCP prompt) returns one, and the input interpreter (src/app/) and the
 * front ends act on it. It sits with the command loaders, below the session,
 * because skills and the Skill tool build the same results.
 */
import type { RenderedPrompt, ShellRunner } from './renderCommandPrompt.js';

export type CommandResult =
  /** Shown in the transcript under the command. */
  | { readonly type: 'text'; readonly text: string; readonly tone?: 'info' | 'error' }
  /** Sent to the model as the user's prompt (custom commands). */
  | {
      readonly type: 'prompt';
      readonly prompt: string;
      readonly commandTurn?: CommandTurn;
      /** The turn may write memory files (/init): read them again when it ends, so the next request carries them. */
      readonly reloadsMemory?: boolean;
    }
  | { readonly type: 'exit' }
  /** Nothing to show (the command changed state the status line already shows). */
  | { readonly type: 'none' }
  /** Compact the conversation now (runs like a turn: visible, interruptible). */
  | { readonly type: 'compact'; readonly instructions?: string }
  /** Take up a saved session: this id, or the picker without one. */
  | { readonly type: 'resume'; readonly id?: string }
  /** The rewind picker (files, conversation or both, back to before an earlier prompt). */
  | { readonly type: 'rewind' };

/**
 * What a custom command asks of the turn it starts: allow rules in force
 * only while that turn runs, a model for that turn, and a prompt rendered
 * inside the turn (its `` !`cmd` `` snippets run as Bash calls, with the
 * grant in force, interruptible like any tool).
 */
export type CommandTurn = {
  readonly commandName: string;
  readonly allowedTools: readonly string[];
  /** Project commands are repository content (their rules are labelled so). */
  readonly fromRepository: boolean;
  readonly model?: string;
  readonly render: (runShell: ShellRunner) => Promise<RenderedPrompt>;
};
