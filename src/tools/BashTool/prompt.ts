/**
 * What the model reads about Bash. Written for this tool: it states the
 * behaviours the model has to plan around (persistent cwd, limits, what
 * ends a command, background tasks) rather than generic shell advice.
 */
import { formatCount } from '../../utils/format.js';
export const BASH_TOOL_NAME = 'Bash';
export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
export const MAX_RESULT_CHARS = 30_000;

export function bashPrompt(): string {
  return `Runs a shell command and returns its combined stdout and stderr, with the exit code when it is not 0.

How commands run:
- Each call starts a fresh non-interactive shell (the user's bash or zsh). Variables, aliases and functions do not carry over between calls; the working directory does: after \`cd some/dir\`, later calls start there. Moving outside the session's working directories resets the directory to the project root, and the result says so.
- stdin is closed: commands that wait for input (editors, pagers, password prompts, \`git rebase -i\`) cannot work. Pass non-interactive flags (\`-y\`, \`--no-edit\`, \`-m "message"\`).
- The default timeout is ${DEFAULT_TIMEOUT_MS / 1000} seconds; pass \`timeout\` (milliseconds, at most ${MAX_TIMEOUT_MS}) for longer builds or test runs. On timeout or interruption the command and every process it started are stopped.
- Anything a command leaves running with \`&\` is stopped when the command's shell exits. For servers, watchers and other long jobs, set \`run_in_background: true\`: the call returns a task id at once; read new output with TaskOutput and end the job with TaskStop. When a task ends on its own you are told in a system reminder, so there is no need to poll for that.
- Output over ${formatCount(MAX_RESULT_CHARS)} characters is saved to a file and you get its beginning and end plus the file's path.
- A non-zero exit code makes the result an error, and an error cancels the other calls running beside it in the same message. Commands such as \`grep\` or \`diff\` exit 1 for "nothing found" / "files differ"; add \`|| true\` when that is an expected outcome.

Use the dedicated tools instead of shell equivalents where they exist: Glob to find files by name, Grep to search contents, Read to view files, Edit and Write to change them. They are faster, bounded and easier for the user to review.

Good practice:
- Quote paths that contain spaces: \`cd "my dir"\`.
- Chain dependent steps with \`&&\`; prefer absolute paths or one \`cd\` over repeated ones.
- Give a short \`description\` (5–10 words) of what the command does, e.g. "Run the unit tests".
- Read-only commands (ls, git status, git log, wc ...) run in parallel with other read-only calls; commands with side effects run one at a time.`;
}
