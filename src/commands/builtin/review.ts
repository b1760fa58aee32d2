/**
 * `/review [focus]`: asks the model to review the uncommitted changes. The
 * diff (working tree and index against HEAD) is read here and sent with the
 * prompt, so the review needs no tool call to start; the model may still
 * read the files around a change. A diff too large for one prompt is cut,
 * and the model is told how to see the rest.
 */
import { execFile } from 'node:child_process';
import type { SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

const MAX_DIFF_CHARS = 80_000;
const GIT_TIMEOUT_MS = 10_000;

export const REVIEW_INSTRUCTIONS = `Review the uncommitted changes in this repository below, the way a careful reviewer would before they are committed.

Look for bugs and behaviour that is wrong, cases the change forgets, error handling that loses or hides failures, security problems, tests that are missing or do not check what they claim, and code that does not fit the conventions around it. Where the diff alone does not tell you enough, read the surrounding code. Do not modify any files.

Report your findings most serious first, each with its file and line and a concrete suggestion. Then say in a sentence or two what is good. If nothing needs changing, say so plainly.`;

export const reviewCommand: SlashCommand = {
  name: 'review',
  description: 'Ask the model to review the uncommitted changes (git diff)',
  argumentHint: '[what to focus on]',
  run(args, context) {
    return reviewPrompt(context.conversation.cwd, args);
  },
};

/** The review prompt for the changes in `cwd` (also what `agentcli -p "/review"` sends), or why there is none. */
export async function reviewPrompt(cwd: string, args: string): Promise<CommandResult> {
  const status = await git(['status', '--short', '--untracked-files=all'], cwd);
  if (!status.ok) return { type: 'text', tone: 'error', text: `/review needs a git repository: ${status.error}` };
  if (status.output.trim() === '') return { type: 'text', text: 'No changes to review: the working tree matches HEAD.' };
  // A repository without a first commit has no HEAD: show the staged changes instead.
  const againstHead = await git(['diff', 'HEAD', '--no-color', '--no-ext-diff'], cwd);
  const diff = againstHead.ok ? againstHead : await git(['diff', '--cached', '--no-color', '--no-ext-diff'], cwd);
  const diffText = diff.ok ? diff.output : '';
  const cut = diffText.length > MAX_DIFF_CHARS;
  const shown = cut ? `${diffText.slice(0, MAX_DIFF_CHARS)}\n[… diff cut at ${MAX_DIFF_CHARS} characters: run \`git diff HEAD\` for the rest]` : diffText;
  const untracked = status.output.split('\n').filter((line) => line.startsWith('??'));
  const focus = args.trim();
  const prompt = [
    REVIEW_INSTRUCTIONS,
    ...(focus ? [`Focus especially on: ${focus}`] : []),
    `Changed files (git status --short):\n${status.output.trimEnd()}`,
    ...(untracked.length > 0 ? ['Untracked files (marked ??) are new and not in the diff: read them.'] : []),
    shown.trim() === '' ? 'The diff against HEAD is empty (only untracked files changed).' : `The diff against HEAD:\n\`\`\`diff\n${shown.trimEnd()}\n\`\`\``,
  ].join('\n\n');
  return { type: 'prompt', prompt };
}

type GitRun = { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: string };

function git(args: readonly string[], cwd: string): Promise<GitRun> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) resolve({ ok: false, error: (stderr || error.message).trim().split('\n')[0] ?? 'git failed' });
      else resolve({ ok: true, output: stdout });
    });
  });
}
