/**
 * What the REPL lends a custom command's turn: a shell runner for its
 * `` !`cmd` `` snippets that goes through the Bash tool's whole pipeline
 * (rules, the permission dialog, the sandbox), shown as a tool line like a
 * `!command` the user typed.
 */
import type { CommandTurn } from '../../commands/custom/commandResult.js';
import type { ShellRunner } from '../../commands/custom/renderCommandPrompt.js';
import { shellSnippetOutcome } from '../../app/shellSnippetOutcome.js';
import { runUserTool, type UserToolRunner } from './userToolRuns.js';

export type PromptTurnOptions = {
  /** Overrides the REPL's model for this turn only (a command's `model:`). */
  readonly model?: string;
  /** Renders the prompt inside the turn (a custom command's template). */
  readonly render?: CommandTurn['render'];
};

export function shellSnippetRunner(runner: UserToolRunner): ShellRunner {
  return async (command) => shellSnippetOutcome(await runUserTool(runner, 'Bash', { command }));
}
