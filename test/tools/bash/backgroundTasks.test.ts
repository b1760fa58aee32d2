// Background tasks: Bash(run_in_background) returns an id at once; TaskOutput returns new
// output (optionally filtered, optionally after waiting), with status and exit code;
// TaskStop kills the task's whole tree. Through the real loop, pipeline and fake model.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BackgroundTaskRegistry } from '../../../src/tasks/backgroundTasks.js';
import type { Session } from '../../../src/session/session.js';
import { BashTool, preloadBashTool } from '../../../src/tools/BashTool/BashTool.js';
import { TaskOutputTool } from '../../../src/tools/TaskOutputTool/TaskOutputTool.js';
import { TaskStopTool } from '../../../src/tools/TaskStopTool/TaskStopTool.js';
import type { RecordedRequest, ScriptedBlock } from '../../support/fakeAnthropic.js';
import { runScenario, resultText, toolResultEvents } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { tempDir } from '../../support/runCli.js';
import { isRunning, readPid } from './bashTestSupport.js';

const tools = [BashTool, TaskOutputTool, TaskStopTool];

beforeAll(async () => {
  await preloadBashTool();
});

/**
 * Starts a background command in the first turn, then plays `later` turns built from the
 * task id the model was given. Returns every tool result text in order.
 */
async function withBackgroundTask(command: string, later: Array<(taskId: string) => ScriptedBlock[]>, cwd?: string) {
  let taskId = '';
  const scenario = await runScenario({
    tools,
    cwd,
    script: (request, index) => {
      if (index === 0) return turn(toolUse('Bash', { command, run_in_background: true }));
      if (index === 1) taskId = /task (bash_[0-9a-f]+)/.exec(toolResultText(lastToolResults(request)[0]!))?.[1] ?? '';
      const next = later[index - 1];
      return next ? turn(...next(taskId)) : endTurn('done');
    },
  });
  const outcomes = toolResultEvents(scenario.events).map(({ outcome }) => outcome);
  return { scenario, taskId, outcomes, texts: outcomes.map((outcome) => resultText(outcome.result.content)) };
}

/** A TaskOutput result without its status line (which quotes the command). */
function newOutputOf(text: string): string {
  return text.split('\n').slice(1).join('\n');
}

describe('Bash run_in_background', () => {
  it('returns a task id at once; TaskOutput(block) gives the output, status and exit code', async () => {
    const run = await withBackgroundTask('echo first; sleep 0.3; echo second; exit 4', [
      (id) => [toolUse('TaskOutput', { task_id: id, block: true })],
      (id) => [toolUse('TaskOutput', { task_id: id })],
    ]);
    expect(run.taskId).toMatch(/^bash_/);
    expect(run.texts[0]).toContain('Started in the background');
    expect(run.texts[1]).toContain('failed (exit code 4)');
    expect(run.texts[1]).toContain('first\nsecond');
    // Only new output: nothing is repeated.
    expect(run.texts[2]).toContain('(no new output)');
    expect(newOutputOf(run.texts[2]!)).not.toContain('first');
    await run.scenario.cleanup();
  });

  it('TaskOutput without waiting reports a running task and returns only what is new each time', async () => {
    const cwd = await tempDir('agentcli-bg-');
    const go = path.join(cwd, 'go');
    const command = `echo part-one; while [ ! -f ${go} ]; do sleep 0.02; done; echo part-two`;
    const run = await withBackgroundTask(
      command,
      [
        (id) => [toolUse('TaskOutput', { task_id: id, block: true, timeout: 300 })],
        (id) => [toolUse('Bash', { command: `touch ${go}` }), toolUse('TaskOutput', { task_id: id, block: true })],
      ],
      cwd,
    );
    expect(run.texts[1]).toContain('still running');
    expect(run.texts[1]).toContain('It was still running when the wait ended.');
    expect(run.texts[1]).toContain('part-one');
    expect(run.texts[3]).toContain('completed (exit code 0)');
    expect(run.texts[3]).toContain('part-two');
    expect(newOutputOf(run.texts[3]!)).not.toContain('part-one');
    await run.scenario.cleanup();
  });

  it('TaskOutput filter returns matching lines only and consumes the rest', async () => {
    const run = await withBackgroundTask("printf 'ok 1\\nERROR disk\\nok 2\\nERROR net\\n'", [
      (id) => [toolUse('TaskOutput', { task_id: id, block: true, filter: '^ERROR' })],
      (id) => [toolUse('TaskOutput', { task_id: id })],
    ]);
    expect(run.texts[1]).toContain('ERROR disk\nERROR net');
    expect(newOutputOf(run.texts[1]!)).not.toContain('ok 1');
    expect(run.texts[2]).toContain('(no new output)');
    await run.scenario.cleanup();
  });

  it('TaskStop kills the whole tree; TaskOutput then reports the task as killed', async () => {
    const cwd = await tempDir('agentcli-bg-');
    const command = 'echo $$ > task.pid; sleep 60 & echo $! > child.pid; sleep 60';
    const run = await withBackgroundTask(
      command,
      [
        () => [toolUse('Bash', { command: 'while [ ! -s child.pid ]; do sleep 0.02; done' })],
        (id) => [toolUse('TaskStop', { task_id: id })],
        (id) => [toolUse('TaskOutput', { task_id: id }), toolUse('TaskStop', { task_id: id })],
      ],
      cwd,
    );
    expect(run.texts[2]).toContain(`Stopped task ${run.taskId}`);
    for (const name of ['task.pid', 'child.pid']) expect(isRunning(await readPid(cwd, name))).toBe(false);
    expect(run.texts[3]).toContain(': killed.');
    expect(run.texts[4]).toContain('had already finished: killed');
    await run.scenario.cleanup();
  });

  it('unknown task ids and invalid filters are errors the model can act on', async () => {
    const run = await withBackgroundTask('echo hi', [
      (id) => [toolUse('TaskOutput', { task_id: 'bash_nope' }), toolUse('TaskStop', { task_id: 'bash_nope' }), toolUse('TaskOutput', { task_id: id, filter: '(' })],
    ]);
    expect(run.outcomes[1]!.result.is_error).toBe(true);
    expect(run.texts[1]).toContain('No background task with id "bash_nope"');
    expect(run.texts[1]).toContain(run.taskId);
    expect(run.texts[2]).toContain('No background task with id "bash_nope"');
    expect(run.outcomes[3]!.result.is_error).toBe(true);
    expect(run.texts[3]).toContain('not a valid JavaScript regular expression');
    await run.scenario.cleanup();
  });
});

/** The text blocks of a request's last message (where the loop puts its reminders). */
function lastMessageTexts(request: RecordedRequest): string[] {
  const messages = request.body?.messages as Array<{ content: unknown }>;
  const content = messages.at(-1)?.content;
  if (!Array.isArray(content)) return [];
  return content.filter((block: { type?: string }) => block.type === 'text').map((block: { text: string }) => block.text);
}

/**
 * Starts `command` in the background, waits (inside the fake model, before its next
 * reply) until the task has ended, lets the model make one more call, and returns the
 * text blocks of every later request's last message.
 */
async function remindersAfterTaskEnds(command: string, afterEnd: (taskId: string) => ScriptedBlock[]) {
  let taskId = '';
  const texts: string[][] = [];
  let session: Session | undefined;
  const scenario = await runScenario({
    tools,
    onSession: (created) => (session = created),
    script: async (request, index) => {
      if (index === 0) return turn(toolUse('Bash', { command, run_in_background: true }));
      texts.push(lastMessageTexts(request));
      if (index === 1) {
        taskId = /task (bash_[0-9a-f]+)/.exec(toolResultText(lastToolResults(request)[0]!))?.[1] ?? '';
        expect(await session!.backgroundTasks.waitFor(taskId, 10_000)).toBe(true);
        return turn(...afterEnd(taskId));
      }
      return index === 2 ? turn(toolUse('Bash', { command: 'true' })) : endTurn('done');
    },
  });
  await scenario.cleanup();
  return { taskId, texts };
}

describe('the model hears when a background task ends', () => {
  it('once, in the next request after the task ended, with its exit code and how to read the output', async () => {
    const { taskId, texts } = await remindersAfterTaskEnds('echo built; exit 3', () => [toolUse('Bash', { command: 'true' })]);
    expect(texts[0]!.join('\n')).not.toContain('<system-reminder>');
    const notice = `Background task ${taskId} (echo built; exit 3) failed with exit code 3. Read the rest of its output with TaskOutput("${taskId}").`;
    expect(texts[1]!.some((text) => text.includes(notice))).toBe(true);
    // Given once: later requests repeat the stored message, but no second reminder joins.
    expect(texts[2]!.filter((text) => text.includes(notice))).toEqual([]);
  });

  it('not for a task whose end the model already read with TaskOutput', async () => {
    const { texts } = await remindersAfterTaskEnds('echo done', (id) => [toolUse('TaskOutput', { task_id: id })]);
    expect(texts.flat().join('\n')).not.toContain('<system-reminder>');
  });

  it('not for a task the model stopped with TaskStop', async () => {
    const cwd = await tempDir('agentcli-bg-');
    let taskId = '';
    const texts: string[][] = [];
    const scenario = await runScenario({
      tools,
      cwd,
      script: (request, index) => {
        if (index === 0) return turn(toolUse('Bash', { command: 'sleep 60', run_in_background: true }));
        texts.push(lastMessageTexts(request));
        if (index === 1) {
          taskId = /task (bash_[0-9a-f]+)/.exec(toolResultText(lastToolResults(request)[0]!))?.[1] ?? '';
          return turn(toolUse('TaskStop', { task_id: taskId }));
        }
        return index === 2 ? turn(toolUse('Bash', { command: 'true' })) : endTurn('done');
      },
    });
    await scenario.cleanup();
    expect(taskId).toMatch(/^bash_/);
    expect(texts.flat().join('\n')).not.toContain('<system-reminder>');
  });
});

describe('background output stays bounded', () => {
  it('keeps head and tail in memory, counts what was dropped, and logs everything to a file', async () => {
    const sessionDir = await tempDir('agentcli-bg-session-');
    const tasks = new BackgroundTaskRegistry();
    const task = await tasks.startShell({
      // 300,000 lines of 10 characters (9 digits and a newline) = 3,000,000 characters.
      command: 'seq 100000000 100299999',
      cwd: sessionDir,
      sessionId: 'bounded-test',
      sessionDir,
    });
    expect(await tasks.waitFor(task.id, 20_000)).toBe(true);
    const read = tasks.readNew(task.id)!;
    expect(read.task.status).toBe('completed');
    // In memory: 20,000 head characters and at most twice the 100,000-character tail (trimmed in steps).
    expect(read.omittedChars).toBeGreaterThan(2_700_000);
    expect(read.text.length).toBeLessThan(300_000);
    expect(read.text).toContain('100000000\n');
    expect(read.text).toContain('100299999\n');
    expect(read.logFile).toBe(path.join(sessionDir, 'tasks', `${task.id}.log`));
    expect((await stat(read.logFile!)).size).toBe(3_000_000);
    await tasks.stop(task.id);
  });

  it('a task\'s processes are registered for the exit cleanup until they are gone', async () => {
    const { liveProcessGroupCount } = await import('../../../src/utils/process/liveProcessGroups.js');
    const dir = await tempDir('agentcli-bg-');
    const before = liveProcessGroupCount();
    const tasks = new BackgroundTaskRegistry();
    const task = await tasks.startShell({ command: 'sleep 60', cwd: dir, sessionId: 's', sessionDir: dir });
    expect(liveProcessGroupCount()).toBe(before + 1);
    await tasks.stop(task.id);
    expect(liveProcessGroupCount()).toBe(before);
    expect(isRunning(task.pid)).toBe(false);
  });
});


