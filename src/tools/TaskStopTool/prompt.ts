/** What the model reads about TaskStop. */
export const TASK_STOP_TOOL_NAME = 'TaskStop';

export function taskStopPrompt(): string {
  return `Stops a background task started with Bash and run_in_background: true, together with every process it started, and reports how it ended. Use it for servers, watchers or jobs you no longer need. Its output so far stays readable with TaskOutput. Stopping a task that has already finished just reports its exit status.`;
}
