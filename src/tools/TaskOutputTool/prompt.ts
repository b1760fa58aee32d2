/** What the model reads about TaskOutput. */
export const TASK_OUTPUT_TOOL_NAME = 'TaskOutput';
export const DEFAULT_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 600_000;

export function taskOutputPrompt(): string {
  return `Reads what a background task (started with Bash and run_in_background: true) has printed since you last read it, with the task's status — running, completed, failed or killed — and its exit code once it has finished.

- Each call returns only new output; what you have read is not repeated.
- \`filter\`: a regular expression; only output lines matching it are returned. Lines that do not match are consumed and will not be shown later.
- \`block: true\` waits until the task finishes (or \`timeout\` milliseconds pass, default ${DEFAULT_WAIT_MS}, at most ${MAX_WAIT_MS}) before reading — use it to wait for a build or test run instead of polling repeatedly.
- Very long output is shortened to its start and end; the full log file's path is given when that happens.`;
}
