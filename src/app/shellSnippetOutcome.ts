/**
 * What a custom command's `` !`cmd` `` snippet became, from its Bash call's
 * outcome — the same reading in the REPL (where an ask is a dialog) and
 * headless (where an ask is a denial).
 */
import type { ToolCallOutcome } from '../services/tools/toolExecution.js';
import type { ToolResultBlockParam } from '../types/messages.js';
import type { ShellSnippetRun } from '../commands/custom/renderCommandPrompt.js';

/** `undefined`: the session has no Bash tool. */
export function shellSnippetOutcome(outcome: ToolCallOutcome | undefined): ShellSnippetRun {
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
}

export function toolResultText(result: ToolResultBlockParam): string {
  const content = result.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 200);
}
