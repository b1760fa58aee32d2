/**
 * What the REPL lends a custom command's turn: a shell runner for its
 * `` !`cmd` `` snippets that goes through the Bash tool's whole pipeline
 * (rules, the permission dialog, the sandbox), shown as a tool line like a
 * `!command` the user typed.
 */
import type { CommandTurn } from '../../commands/types.js';
import type { ShellRunner } from '../../commands/custom/renderCommandPrompt.js';
import { runUserTool, toolResultText, type UserToolRunner } from './userToolRuns.js';

export type PromptTurnOptions = {
  /** Overrides the REPL's model for this turn only (a command's `model:`). */
  readonly model?: string;
  /** Renders the prompt inside the turn (a custom command's template). */
  readonly render?: CommandTurn['render'];
};

export function shellSnippetRunner(runner: UserToolRunner): ShellRunner {
  return async (command) => {
    const outcome = await runUserTool(runner, 'Bash', { command });
    if (!outcome) return { ok: false, reason: 'this session has no Bash tool' };
    switch (outcome.status) {
      // A command that exits non-zero still ran: its output (and error text) is what the template asked for.
      case 'success':
      case 'error':
        return { ok: true, output: toolResultText(outcome.result) };
      case 'denied':
      case 'rejected':
        return { ok: false, reason: `denied: ${firstLine(toolResultText(outcome.result))}` };
      case 'cancelled':
      case 'interrupted':
        return { ok: false, reason: 'interrupted' };
    }
  };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 200);
}
