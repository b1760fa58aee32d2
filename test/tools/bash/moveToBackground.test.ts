// Ctrl+B at the tool level: a running foreground Bash command handed to the session's task
// registry keeps running, the call returns at once with the task it became, and neither the
// call's timeout nor the turn's abort reaches it any more; TaskOutput reads all of its output.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BashTool, preloadBashTool } from '../../../src/tools/BashTool/BashTool.js';
import type { BashProgress } from '../../../src/tools/BashTool/runForegroundCommand.js';
import { bashResultText } from '../../../src/tools/BashTool/bashResult.js';
import { bareToolContext } from '../../support/preparedCalls.js';
import { isRunning } from './bashTestSupport.js';

beforeAll(async () => {
  await preloadBashTool();
});

async function sessionContext(signal?: AbortSignal) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-move-bg-'));
  const base = bareToolContext([BashTool], dir);
  return { ...base, session: { id: 'conv-1', dir: path.join(dir, 'session'), configDir: dir }, ...(signal ? { abortSignal: signal } : {}) };
}

describe('Bash: sent to the background while it runs', () => {
  it('returns at once with the task; the command runs on past its timeout and the turn\'s abort, and TaskOutput has all its output', async () => {
    const turn = new AbortController();
    const context = await sessionContext(turn.signal);
    const tasks = context.backgroundTasks;
    const progress: BashProgress[] = [];
    let sawFirst!: () => void;
    const first = new Promise<void>((resolve) => (sawFirst = resolve));
    const input = BashTool.inputSchema.parse({ command: 'echo first; sleep 0.8; echo second', timeout: 400 });
    const call = BashTool.call(input, context, (event) => {
      progress.push(event);
      if (event.lastLines.includes('first')) sawFirst();
    });
    await first;
    expect(tasks.hasForeground()).toBe(true);
    expect(tasks.moveForegroundToBackground()).toBe(1);
    const { data } = await call;
    if (data.kind !== 'background') throw new Error('expected the call to end as a background task');
    // Returned while the command still runs.
    expect(tasks.get(data.taskId)?.status).toBe('running');
    expect(tasks.recentOutput(data.taskId, 5)).not.toContain('second');
    expect(data.movedByUser).toBe(true);
    expect(bashResultText(data)).toContain(`The user sent this command to the background while it ran; it keeps running as task ${data.taskId}`);
    expect(tasks.hasForeground()).toBe(false);

    // The turn ends (Esc) and the 400 ms timeout passes: the task is not theirs any more.
    turn.abort();
    expect(await tasks.waitFor(data.taskId, 5_000)).toBe(true);
    // It ended on its own: the conversation has news waiting, until the model reads how it ended.
    expect(tasks.hasEndNotices('conv-1')).toBe(true);
    const read = tasks.readNew(data.taskId)!;
    expect(read.task).toMatchObject({ status: 'completed', exitCode: 0, kind: 'bash', sessionId: 'conv-1', command: input.command });
    expect(read.text).toBe('first\nsecond\n');
    expect(tasks.hasEndNotices('conv-1')).toBe(false);
  });

  it('a command that finishes in the foreground can no longer be moved, and one stopped by the turn is gone', async () => {
    const context = await sessionContext();
    const { data } = await BashTool.call(BashTool.inputSchema.parse({ command: 'echo quick' }), context, () => undefined);
    expect(data.kind).toBe('foreground');
    expect(context.backgroundTasks.hasForeground()).toBe(false);
    expect(context.backgroundTasks.moveForegroundToBackground()).toBe(0);
    expect(context.backgroundTasks.list()).toEqual([]);

    const turn = new AbortController();
    const aborted = { ...(await sessionContext(turn.signal)) };
    let pid = 0;
    const call = BashTool.call(BashTool.inputSchema.parse({ command: 'echo $$; sleep 30' }), aborted, (event) => {
      if (event.lastLines.trim()) pid = Number(event.lastLines.trim());
    });
    while (pid === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    turn.abort();
    const result = await call;
    expect(result.data.kind).toBe('foreground');
    expect(aborted.backgroundTasks.moveForegroundToBackground()).toBe(0);
    expect(isRunning(pid)).toBe(false);
  });
});
