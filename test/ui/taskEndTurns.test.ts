// When the idle REPL gives the model a turn about ended background tasks: once for tasks that end
// together, never while busy (the controller looks again when it is done), after Esc only once the
// user sent something, and never for a task the user stopped.
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundTaskRegistry } from '../../src/tasks/backgroundTasks.js';
import { TaskEndTurns } from '../../src/ui/repl/taskEndTurns.js';

let watch: TaskEndTurns | undefined;
afterEach(() => watch?.dispose());

function follow(tasks: BackgroundTaskRegistry, state: { busy: boolean }) {
  const turns: string[][] = [];
  const counts: number[] = [];
  watch = new TaskEndTurns(tasks, {
    conversationId: () => 'main',
    isBusy: () => state.busy,
    isExiting: () => false,
    // As the controller: the turn runs (busy) until the test says it ended.
    startTurn: () => {
      state.busy = true;
      turns.push(watch!.takeReminders());
    },
    onRunningCount: (running) => counts.push(running),
  });
  return { turns, counts };
}

const shell = (tasks: BackgroundTaskRegistry, command: string, sessionId = 'main') => tasks.startShell({ command, cwd: os.tmpdir(), sessionId, sessionDir: os.tmpdir() });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('TaskEndTurns', () => {
  it('one turn at a time: what ends during it is due after it; a task of another conversation starts none', async () => {
    const tasks = new BackgroundTaskRegistry();
    const { turns, counts } = follow(tasks, { busy: false });
    const [a, b, other] = await Promise.all([shell(tasks, 'exit 0'), shell(tasks, 'exit 1'), shell(tasks, 'exit 0', 'child')]);
    await Promise.all([a, b, other].map((task) => tasks.waitFor(task.id, 5_000)));
    await settle();
    expect(turns).toHaveLength(1);
    const told = [...turns[0]!, ...(watch!.turnDue() ? watch!.takeReminders() : [])].join('\n');
    expect(told).toContain(`Background task ${a.id} (exit 0) completed with exit code 0.`);
    expect(told).toContain(`Background task ${b.id} (exit 1) failed with exit code 1.`);
    expect(told).not.toContain(other.id);
    expect(counts.at(-1)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThan(0);
  });

  it('while busy nothing starts, and the news is due when the controller looks again', async () => {
    const tasks = new BackgroundTaskRegistry();
    const state = { busy: true };
    const { turns } = follow(tasks, state);
    const task = await shell(tasks, 'true');
    await tasks.waitFor(task.id, 5_000);
    await settle();
    expect(turns).toEqual([]);
    expect(watch!.turnDue()).toBe(true);
  });

  it('after Esc (hold) nothing is due until the user sends something (release)', async () => {
    const tasks = new BackgroundTaskRegistry();
    const { turns } = follow(tasks, { busy: false });
    watch!.hold();
    const task = await shell(tasks, 'true');
    await tasks.waitFor(task.id, 5_000);
    await settle();
    expect(turns).toEqual([]);
    expect(watch!.turnDue()).toBe(false);
    watch!.release();
    expect(watch!.turnDue()).toBe(true);
  });

  it('a task the user stopped is news for the next prompt, not a turn', async () => {
    const tasks = new BackgroundTaskRegistry();
    const { turns } = follow(tasks, { busy: false });
    const task = await shell(tasks, 'sleep 30');
    await tasks.stop(task.id, { by: 'user' });
    await settle();
    expect(turns).toEqual([]);
    expect(watch!.turnDue()).toBe(false);
    expect(tasks.takeEndReminders('main').join('')).toContain(`Background task ${task.id} (sleep 30) was stopped by the user.`);
  });
});
