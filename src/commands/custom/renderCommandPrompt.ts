/**
 * Turns a custom command's template into the prompt the model gets:
 * `$ARGUMENTS` / `$1`…`$9` filled in, and each `` !`cmd` `` replaced by the
 * command's output. The commands run through the caller's shell runner —
 * in the REPL that is the Bash tool's full pipeline (permission rules, the
 * dialog, the sandbox) — so a template cannot run what a Bash call could
 * not. If one is denied or interrupted, nothing is sent: a prompt with a
 * hole where the output should be would mislead the model.
 *
 * Snippets are found in the template before the arguments go in, so text the
 * user typed after the command is never run as a snippet; arguments used
 * inside a snippet are part of that command and are checked with it.
 */
import { splitArguments } from './commandTemplate.js';

export type ShellSnippetRun =
  | { readonly ok: true; readonly output: string }
  /** Denied, rejected or interrupted: `reason` says which, for the user. */
  | { readonly ok: false; readonly reason: string };

export type ShellRunner = (command: string) => Promise<ShellSnippetRun>;

export type RenderedPrompt = { readonly ok: true; readonly prompt: string } | { readonly ok: false; readonly error: string };

type TemplatePart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'shell'; readonly command: string };

const SHELL_SNIPPET = /!`([^`\n]+)`/g;

export function splitTemplate(body: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of body.matchAll(SHELL_SNIPPET)) {
    if (match.index > last) parts.push({ kind: 'text', text: body.slice(last, match.index) });
    parts.push({ kind: 'shell', command: match[1]!.trim() });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

export function hasShellSnippets(body: string): boolean {
  return splitTemplate(body).some((part) => part.kind === 'shell');
}

/** Fills in the arguments; runs snippets in order (each may depend on the one before). */
export async function renderCommandPrompt(body: string, args: string, runShell?: ShellRunner): Promise<RenderedPrompt> {
  const words = splitArguments(args);
  const fill = (text: string): string =>
    text.replace(/\$ARGUMENTS|\$([1-9])/g, (_whole, digit: string | undefined) => (digit === undefined ? args : (words[Number(digit) - 1] ?? '')));
  const pieces: string[] = [];
  for (const part of splitTemplate(body)) {
    if (part.kind === 'text') {
      pieces.push(fill(part.text));
      continue;
    }
    const command = fill(part.command);
    if (!runShell) return { ok: false, error: `!\`${command}\` cannot run here (no shell).` };
    const run = await runShell(command);
    if (!run.ok) return { ok: false, error: `!\`${command}\` did not run (${run.reason}), so the prompt was not sent.` };
    pieces.push(run.output.replace(/\n+$/, ''));
  }
  const prompt = pieces.join('');
  const usesPlaceholders = body.includes('$ARGUMENTS') || /\$[1-9]/.test(body);
  // Nothing the user typed is lost: a template without placeholders gets the arguments appended.
  return { ok: true, prompt: usesPlaceholders || args === '' ? prompt : `${prompt}\n\nArguments: ${args}` };
}
