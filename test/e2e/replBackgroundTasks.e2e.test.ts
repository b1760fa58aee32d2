// Background work in a real terminal (tmux): Ctrl+B sends the running Bash command to the
// background, the model carries on, and when the task ends while the REPL is idle the model gets
// a turn of its own; /tasks then lists the finished task with its output.
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

function lastUserText(request: RecordedRequest): string {
  const content = request.body.messages.at(-1).content;
  return typeof content === 'string' ? content : content.map((block: { text?: string }) => block.text ?? JSON.stringify(block)).join('\n');
}

describe('REPL in a real terminal: background work', () => {
  it('Ctrl+B backgrounds a running command; its end gives the idle model a turn; /tasks shows it', async () => {
    let movedResult = '';
    const steps: Array<(request: RecordedRequest) => ScriptedTurn> = [
      () => turn(toolUse('Bash', { command: 'echo step-$((1+1)); sleep 2; echo all-done' })),
      (request) => {
        movedResult = toolResultText(lastToolResults(request)[0]!);
        return endTurn('Working on other things meanwhile.');
      },
      () => endTurn('The build finished; all done.'),
    ];
    repl = await startRepl({
      script: (request, index) => steps[index]!(request),
      args: ['--permission-mode', 'bypassPermissions'],
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('run the build');
    await terminal.press('Enter');
    await terminal.waitFor((screen) => screen.includes('step-2') && screen.includes('ctrl+b to run in background'));
    await terminal.press('C-b');
    const moved = await terminal.waitFor('Working on other things meanwhile.');
    expect(movedResult).toMatch(/The user sent this command to the background while it ran; it keeps running as task bash_[0-9a-f]+/);
    const taskId = /task (bash_[0-9a-f]+)/.exec(movedResult)![1]!;
    expect(moved).toContain(`Moved to the background as ${taskId}`);
    expect(repl.server.requests).toHaveLength(2);

    // Nobody types: the task's end is news enough for a turn.
    const reacted = await terminal.waitFor('The build finished; all done.', { timeoutMs: 10_000 });
    expect(reacted).toContain(`Background task ${taskId}`);
    expect(lastUserText(repl.server.requests[2]!)).toContain(`<system-reminder>Background task ${taskId} (echo step-$((1+1)); sleep 2; echo all-done) completed with exit code 0.`);

    await terminal.type('/tasks list');
    await terminal.press('Enter');
    const listing = await terminal.waitFor('Background tasks (0 running, 1 finished):');
    expect(listing).toMatch(new RegExp(`${taskId}\\s+completed \\(exit 0\\)`));
    expect(listing).toContain('all-done');
  });
});
