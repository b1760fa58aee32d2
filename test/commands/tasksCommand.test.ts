// /tasks over a real session's background tasks: the picker lists shells and agents (running first)
// with their recent output as the preview; choosing a running one asks before stopping it; a
// finished one prints its output; /tasks stop and /tasks list work without a dialog.
import { afterEach, describe, expect, it } from 'vitest';
import { tasksCommand } from '../../src/commands/builtin/tasks.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';

let fixture: CommandFixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('/tasks', () => {
  it('lists running tasks first with their output in the preview; a running one is stopped only after a yes', async () => {
    fixture = await commandFixture();
    const tasks = fixture.session.backgroundTasks;
    const origin = { cwd: fixture.cwd, sessionId: fixture.conversation.id, sessionDir: fixture.cwd };
    const done = await tasks.startShell({ ...origin, command: 'echo finished-line' });
    await tasks.waitFor(done.id, 5_000);
    const shell = await tasks.startShell({ ...origin, command: 'echo live-line; sleep 30' });
    let finishAgent!: (answer: string) => void;
    const agent = tasks.startAgent({ ...origin, agentId: 'a1b2c3d4', label: 'Explore: find the loader', description: 'find the loader', run: () => new Promise((resolve) => (finishAgent = resolve)) });
    await until(() => tasks.recentOutput(shell.id, 3).includes('live-line'));

    fixture.state.choices.push(shell.id, 'keep');
    const kept = await tasksCommand.run('', fixture.context);
    const picker = fixture.state.asked[0]!;
    expect(picker.title).toContain('Background tasks (2 running, 1 finished)');
    expect(picker.options.map((option) => option.value)).toEqual([agent.id, shell.id, done.id]);
    expect(picker.options[1]!.label).toMatch(new RegExp(`^${shell.id}\\s+running\\s+echo live-line; sleep 30$`));
    expect(picker.options[1]!.preview).toContain('live-line');
    expect(picker.options[0]!.preview).toContain('(working: its answer shows here when it finishes)');
    expect(picker.options[2]!.label).toContain('completed (exit 0)');
    expect(fixture.state.asked[1]!.title).toContain(`Stop ${shell.id}`);
    expect(kept).toEqual({ type: 'text', text: `${shell.id} keeps running.` });
    expect(tasks.get(shell.id)?.status).toBe('running');

    fixture.state.choices.push(shell.id, 'stop');
    const stopped = await tasksCommand.run('', fixture.context);
    expect(stopped.type === 'text' && stopped.text).toContain(`Stopped ${shell.id}`);
    expect(tasks.get(shell.id)?.status).toBe('killed');

    fixture.state.choices.push(done.id);
    const output = await tasksCommand.run('', fixture.context);
    expect(output.type === 'text' && output.text).toBe(`${done.id} (echo finished-line) completed (exit 0).\nfinished-line`);

    finishAgent('the loader is in src/config.ts');
    await tasks.waitFor(agent.id, 5_000);
    const listing = await tasksCommand.run('list', fixture.context);
    expect(listing.type === 'text' && listing.text).toContain(`${agent.id}  completed  Explore: find the loader`);
    expect(listing.type === 'text' && listing.text).toContain('the loader is in src/config.ts');
    expect(listing.type === 'text' && listing.text).toContain(`${shell.id}  stopped`);
  });

  it('/tasks stop <id> needs no dialog; unknown ids and finished tasks are told apart', async () => {
    fixture = await commandFixture();
    const tasks = fixture.session.backgroundTasks;
    const task = await tasks.startShell({ cwd: fixture.cwd, sessionId: fixture.conversation.id, sessionDir: fixture.cwd, command: 'sleep 30' });
    const stopped = await tasksCommand.run(`stop ${task.id}`, fixture.context);
    expect(stopped.type === 'text' && stopped.text).toContain(`Stopped ${task.id} (sleep 30)`);
    expect(fixture.state.asked).toEqual([]);
    const again = await tasksCommand.run(`stop ${task.id}`, fixture.context);
    expect(again.type === 'text' && again.text).toBe(`${task.id} had already ended (stopped); nothing to stop.`);
    const unknown = await tasksCommand.run('stop bash_nope', fixture.context);
    expect(unknown).toMatchObject({ type: 'text', tone: 'error' });
    expect(unknown.type === 'text' && unknown.text).toContain('No background task with id "bash_nope"');
    expect(tasksCommand.aliases).toContain('bashes');
  });
});
