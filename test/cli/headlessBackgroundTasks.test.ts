// Headless -p and background tasks (issue 29's decision, documented in src/entrypoints/headless.ts):
// the run ends with the model's answer, without waiting for a task it left running, and that task
// does not outlive agentcli.
import { describe, expect, it } from 'vitest';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { runningProcessesWithArgv, uniqueSleep } from '../support/processState.js';

const workspace = useHeadlessWorkspace(() => undefined);

describe('agentcli -p with a background task still running', () => {
  it('ends with the answer, without waiting for the task, and stops it on exit', async () => {
    const sleep = uniqueSleep(30);
    let runningDuringTheTurn: number[] = [];
    const started = Date.now();
    const run = await workspace.run(
      async (_request, index) => {
        if (index === 0) return turn(toolUse('Bash', { command: sleep, run_in_background: true }));
        for (let waited = 0; runningDuringTheTurn.length === 0 && waited < 3_000; waited += 50) {
          runningDuringTheTurn = runningProcessesWithArgv(sleep);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return endTurn('Started the long job.');
      },
      ['-p', 'start the long job', '--permission-mode', 'bypassPermissions'],
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Started the long job.\n');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(runningDuringTheTurn.length).toBeGreaterThan(0);
    expect(runningProcessesWithArgv(sleep)).toEqual([]);
  });
});
