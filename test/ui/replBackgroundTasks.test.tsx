// Background work in the REPL (issue 29), against the fake Messages server: Ctrl+B sends a running
// Bash command to the background; /tasks lists background tasks with their output and stops one;
// a task that ends while the REPL is idle gives the model a turn of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { TaskOutputTool } from '../../src/tools/TaskOutputTool/TaskOutputTool.js';
import { TaskStopTool } from '../../src/tools/TaskStopTool/TaskStopTool.js';
import type { RecordedRequest, ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const TOOLS = [BashTool, TaskOutputTool, TaskStopTool];

function lastUserText(request: RecordedRequest): string {
  const content = request.body.messages.at(-1).content;
  return typeof content === 'string' ? content : content.map((block: { text?: string }) => block.text ?? JSON.stringify(block)).join('\n');
}

function scripted(...steps: Array<ScriptedTurn | ((request: RecordedRequest) => ScriptedTurn)>) {
  return (request: RecordedRequest, index: number): ScriptedTurn => {
    const step = steps[index];
    if (!step) throw new Error(`script exhausted at request ${index}`);
    return typeof step === 'function' ? step(request) : step;
  };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('REPL: background work', () => {
  it('Ctrl+B sends the running Bash command to the background: the call returns at once with its task id, and the command runs on', async () => {
    let toolResult = '';
    repl = await startReplFixture({
      tools: TOOLS,
      mode: 'bypassPermissions',
      script: scripted(turn(toolUse('Bash', { command: 'echo started-$((40+2)); sleep 2; echo finished-bg' })), (request) => {
        toolResult = toolResultText(lastToolResults(request)[0]!);
        return endTurn('Carrying on while it runs.');
      }, endTurn('It finished.')),
    });
    await repl.submit('build it');
    const running = await repl.terminal.waitFor((frame) => frame.includes('started-42') && frame.includes('ctrl+b to run in background'));
    expect(running).toContain('● Bash(echo started-$((40+2)); sleep 2; echo finished-bg)');
    await repl.terminal.press('\u0002');
    const moved = await repl.terminal.waitFor('Carrying on while it runs.');
    // The call returned (and the model answered) while the command still ran.
    const [task] = repl.session.backgroundTasks.list();
    expect(task).toMatchObject({ kind: 'bash', status: 'running' });
    expect(repl.session.backgroundTasks.recentOutput(task!.id, 5)).not.toContain('finished-bg');
    expect(toolResult).toContain(`The user sent this command to the background while it ran; it keeps running as task ${task!.id}`);
    expect(moved).toContain(`Moved to the background as ${task!.id}`);
    expect(await repl.session.backgroundTasks.waitFor(task!.id, 5_000)).toBe(true);
    expect(repl.session.backgroundTasks.get(task!.id)).toMatchObject({ status: 'completed', exitCode: 0 });
    // Its output is all there for TaskOutput, from before and after the move.
    await repl.terminal.waitFor('It finished.');
  });

  it('the hint shows on a running Bash block only, and Ctrl+B with no Bash running edits the prompt as before', async () => {
    repl = await startReplFixture({ tools: TOOLS, mode: 'bypassPermissions', script: scripted(turn(toolUse('Bash', { command: 'echo quick' })), endTurn('Done.')) });
    await repl.submit('quick one');
    const done = await repl.terminal.waitFor('Done.');
    expect(done).not.toContain('ctrl+b to run in background');
    await repl.terminal.press('ab');
    await repl.terminal.press('\u0002');
    await repl.terminal.press('X');
    await repl.terminal.waitFor('aXb');
    expect(repl.session.backgroundTasks.list()).toEqual([]);
  });

  it('a task that ends while the REPL is idle gives the model a turn: its notice is the user turn, no prompt needed', async () => {
    repl = await startReplFixture({
      tools: TOOLS,
      mode: 'bypassPermissions',
      script: scripted(
        turn(toolUse('Bash', { command: 'sleep 0.6; echo job-output; exit 3', run_in_background: true })),
        endTurn('Started it in the background.'),
        endTurn('The job failed with exit code 3; looking into it.'),
      ),
    });
    await repl.submit('start the job');
    await repl.terminal.waitFor('Started it in the background.');
    expect(repl.server.requests).toHaveLength(2);
    const frame = await repl.terminal.waitFor('looking into it.');
    expect(repl.server.requests).toHaveLength(3);
    const noticeTurn = lastUserText(repl.server.requests[2]!);
    expect(noticeTurn).toMatch(/^<system-reminder>Background task bash_[0-9a-f]+ \(sleep 0\.6; echo job-output; exit 3\) failed with exit code 3\./);
    expect(noticeTurn).toContain('TaskOutput');
    // The user saw the same news as a line, and no prompt of theirs was invented.
    expect(frame).toMatch(/Background task bash_[0-9a-f]+ \(sleep 0\.6; echo job-output; exit 3\) failed with exit code 3\./);
    expect(repl.server.requests[2]!.body.messages.filter((message: { role: string }) => message.role === 'user')).toHaveLength(3);
  });

  it('after Esc the ended task waits for the next prompt instead of starting a turn', async () => {
    repl = await startReplFixture({
      tools: TOOLS,
      mode: 'bypassPermissions',
      script: scripted(
        turn(toolUse('Bash', { command: 'sleep 0.5', run_in_background: true }), toolUse('Bash', { command: 'sleep 5' })),
        endTurn('Noted.'),
      ),
    });
    await repl.submit('go');
    await repl.terminal.waitFor((frame) => frame.includes('ctrl+b to run in background'));
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor('Interrupted');
    const [task] = repl.session.backgroundTasks.list().filter((entry) => entry.command === 'sleep 0.5');
    expect(await repl.session.backgroundTasks.waitFor(task!.id, 5_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repl.server.requests).toHaveLength(1);
    await repl.submit('what happened?');
    await repl.terminal.waitFor('Noted.');
    expect(lastUserText(repl.server.requests[1]!)).toContain(`Background task ${task!.id} (sleep 0.5) completed with exit code 0.`);
  });

  it('/tasks lists background tasks with their recent output and stops the chosen one; /bashes and /tasks list show it stopped', async () => {
    repl = await startReplFixture({
      tools: TOOLS,
      mode: 'bypassPermissions',
      script: scripted(
        turn(toolUse('Bash', { command: 'echo tick-1; echo tick-2; sleep 30', run_in_background: true, description: 'long job' })),
        endTurn('Started.'),
        endTurn('Understood, it was stopped.'),
      ),
    });
    await repl.submit('start a long job');
    await repl.terminal.waitFor('Started.');
    const [task] = repl.session.backgroundTasks.list();
    await until(() => repl!.session.backgroundTasks.recentOutput(task!.id, 5).includes('tick-2'));

    // The prompt says a task is running and where to look.
    await repl.terminal.waitFor('1 background task running · /tasks');

    await repl.submit('/tasks');
    const listing = await repl.terminal.waitFor('Background tasks (1 running, 0 finished)');
    expect(listing).toMatch(new RegExp(`${task!.id}\\s+running\\s+echo tick-1; echo tick-2; sleep 30`));
    expect(listing).toContain('tick-1');
    expect(listing).toContain('tick-2');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor(`Stop ${task!.id}`);
    await repl.terminal.press('\r');
    await repl.terminal.waitFor(`Stopped ${task!.id}`);
    expect(repl.session.backgroundTasks.get(task!.id)?.status).toBe('killed');
    await repl.terminal.waitFor((frame) => !frame.includes('background task running'));
    // The user stopped it: no turn of its own, the model hears with the next prompt.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repl.server.requests).toHaveLength(2);

    await repl.submit('/bashes list');
    const text = await repl.terminal.waitFor('Background tasks (0 running, 1 finished):');
    expect(text).toMatch(new RegExp(`${task!.id}\\s+stopped`));

    await repl.submit('ok?');
    await repl.terminal.waitFor('Understood, it was stopped.');
    expect(lastUserText(repl.server.requests[2]!)).toContain(`Background task ${task!.id} (echo tick-1; echo tick-2; sleep 30) was stopped by the user.`);
  });

  it('a task started before /clear still shows the user its end, and starts no turn in the new conversation', async () => {
    repl = await startReplFixture({
      tools: TOOLS,
      mode: 'bypassPermissions',
      script: scripted(turn(toolUse('Bash', { command: 'sleep 0.8; exit 4', run_in_background: true })), endTurn('Started.')),
    });
    await repl.submit('start it');
    await repl.terminal.waitFor('Started.');
    await repl.submit('/clear');
    const [task] = repl.session.backgroundTasks.list();
    expect(await repl.session.backgroundTasks.waitFor(task!.id, 5_000)).toBe(true);
    await repl.terminal.waitFor(`Background task ${task!.id} (sleep 0.8; exit 4) failed with exit code 4.`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repl.server.requests).toHaveLength(2);
  });

  it('/tasks with nothing running says how tasks start', async () => {
    repl = await startReplFixture({ tools: TOOLS, script: [] });
    await repl.submit('/tasks');
    await repl.terminal.waitFor('No background tasks in this session.');
  });
});
