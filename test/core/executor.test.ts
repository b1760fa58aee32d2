// Orchestration through the real loop: batching, the concurrency bound, in-order
// results, sibling abort, interrupts, and tools starting while the message streams.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../support/queryHarness.js';
import { resultText, runScenario, toolResultEvents } from '../support/queryHarness.js';
import { endTurn, lastToolResults, text, toolUse, turn } from '../support/scenario.js';
import { cdTool, createCallLog, failTool, pwdTool, sleepTool, spawnTool, writeTool } from '../support/syntheticTools.js';
import { isRunning as isAlive } from '../support/processState.js';

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});


describe('StreamingToolExecutor through the loop', () => {
  it('never runs more than AGENTCLI_MAX_TOOL_USE_CONCURRENCY safe calls at once', async () => {
    const log = createCallLog();
    const sleeps = Array.from({ length: 6 }, (_, i) => toolUse('Sleep', { ms: 60, label: String(i) }));
    scenario = await runScenario({
      script: [turn(...sleeps), endTurn('done')],
      tools: [sleepTool(log)],
      env: { AGENTCLI_MAX_TOOL_USE_CONCURRENCY: '2' },
    });
    expect(log.calls).toHaveLength(6);
    expect(log.maxConcurrent).toBe(2);
    scenario.server.assertNoViolations();
  });

  it('runs consecutive safe calls in parallel and an unsafe call alone, in order', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [
        turn(
          toolUse('Sleep', { ms: 80, label: 'r1' }),
          toolUse('Sleep', { ms: 80, label: 'r2' }),
          toolUse('SlowWrite', { path: 'w.txt', content: 'x' }),
          toolUse('Sleep', { ms: 10, label: 'r3' }),
        ),
        endTurn('done'),
      ],
      tools: [sleepTool(log), writeTool(log)],
    });
    const [r1, r2, w, r3] = log.calls;
    // r1 and r2 overlap; the write starts after both ended; r3 after the write.
    expect(r2!.start).toBeLessThan(r1!.end!);
    expect(w!.start).toBeGreaterThanOrEqual(Math.max(r1!.end!, r2!.end!));
    expect(r3!.start).toBeGreaterThanOrEqual(w!.end!);
  });

  it('emits results in tool_use order even when later calls finish first', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [
        turn(toolUse('Sleep', { ms: 300, label: 'slow' }), toolUse('Sleep', { ms: 40, label: 'mid' }), toolUse('Sleep', { ms: 1, label: 'fast' })),
        endTurn('done'),
      ],
      tools: [sleepTool(log)],
    });
    const finishOrder = [...log.calls].sort((a, b) => a.end! - b.end!).map((call) => (call.input as { label: string }).label);
    expect(finishOrder).toEqual(['fast', 'mid', 'slow']);
    const emitted = toolResultEvents(scenario.events).map(({ outcome }) => resultText(outcome.result.content));
    expect(emitted).toEqual(['slept 300 ms (slow)', 'slept 40 ms (mid)', 'slept 1 ms (fast)']);
    const sent = lastToolResults(scenario.server.requests[1]!).map((block) => resultText(block.content));
    expect(sent).toEqual(emitted);
  });

  it('starts a tool before the message has finished streaming', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [
        { ...turn(toolUse('Sleep', { ms: 10 }), text('still talking after the tool call')), delayBeforeBlockMs: [0, 400] },
        endTurn('done'),
      ],
      tools: [sleepTool(log)],
    });
    const messageStop = scenario.server.sent.find((event) => event.requestIndex === 0 && event.event === 'message_stop');
    expect(log.calls[0]!.start).toBeLessThan(messageStop!.sentAt);
    expect(log.calls[0]!.end!).toBeLessThan(messageStop!.sentAt);
  });

  it('keeps call order in the streaming path when an early call is slow and a late one is quick', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [
        {
          ...turn(toolUse('Sleep', { ms: 400, label: 'first' }), toolUse('Sleep', { ms: 1, label: 'second' })),
          delayBeforeBlockMs: [0, 100],
        },
        endTurn('done'),
      ],
      tools: [sleepTool(log)],
    });
    const labels = toolResultEvents(scenario.events).map(({ outcome }) => (outcome.input as { label: string }).label);
    expect(labels).toEqual(['first', 'second']);
    // The second call started while the first was still running (same parallel batch).
    expect(log.calls[1]!.start).toBeLessThan(log.calls[0]!.end!);
  });

  it('a failing Bash-like call cancels its running siblings, which get a cancelled result', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [
        turn(toolUse('Sleep', { ms: 5_000, label: 'long' }), toolUse('FailingBash', { message: 'exit 1' }), toolUse('Sleep', { ms: 5_000 })),
        endTurn('done'),
      ],
      tools: [sleepTool(log), failTool({ name: 'FailingBash', cancelSiblings: true, delayMs: 50 })],
    });
    const results = lastToolResults(scenario.server.requests[1]!);
    expect(results.map((block) => block.is_error)).toEqual([true, true, true]);
    expect(resultText(results[0]!.content)).toContain('Cancelled: a parallel FailingBash call');
    expect(resultText(results[1]!.content)).toContain('exit 1');
    expect(resultText(results[2]!.content)).toContain('Cancelled');
    expect(log.calls.every((call) => call.aborted)).toBe(true);
    scenario.server.assertNoViolations();
  });

  it('a failing call without cancelSiblingsOnError leaves its siblings alone', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [turn(toolUse('Sleep', { ms: 100 }), toolUse('Fail', { message: 'nope' })), endTurn('done')],
      tools: [sleepTool(log), failTool()],
    });
    const results = lastToolResults(scenario.server.requests[1]!);
    expect(results[0]!.is_error).toBeFalsy();
    expect(log.calls[0]!.aborted).toBe(false);
  });

  it('an interrupt mid-batch answers every tool_use and leaves no child process alive', async () => {
    const log = createCallLog();
    const pids: number[] = [];
    const controller = new AbortController();
    scenario = await runScenario({
      script: [turn(toolUse('Spawn', { seconds: 60 }), toolUse('Spawn', { seconds: 60 }), toolUse('SlowWrite', { path: 'x.txt', content: 'x' }))],
      tools: [spawnTool(log, pids), writeTool(log)],
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'tool_started' && pids.length >= 1) setTimeout(() => controller.abort({ kind: 'user_interrupt' }), 100);
      },
    });
    expect(scenario.outcome.reason).toBe('interrupted');
    const messages = scenario.outcome.messages;
    const last = messages.at(-1)!;
    expect(last.type).toBe('user');
    const results = Array.isArray(last.content) ? last.content : [];
    expect(results).toHaveLength(3);
    for (const block of results) {
      expect(block.type).toBe('tool_result');
      expect(resultText((block as { content: unknown }).content)).toContain('Interrupted by user');
    }
    expect(pids.length).toBe(2);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    // The write never started: it was queued behind the parallel batch.
    expect(log.calls.filter((call) => call.tool === 'SlowWrite')).toHaveLength(0);
  });

  it('applies a serial tool\'s contextModifier to later tools (cd then pwd)', async () => {
    scenario = await runScenario({
      script: [turn(toolUse('Cd', { dir: 'sub' }), toolUse('Pwd', {})), turn(toolUse('Pwd', {})), endTurn('done')],
      tools: [cdTool(), pwdTool()],
    });
    const expected = path.join(scenario.cwd, 'sub');
    const first = lastToolResults(scenario.server.requests[1]!).map((block) => resultText(block.content));
    expect(first[1]).toBe(expected);
    // And it persists into the next turn.
    const second = lastToolResults(scenario.server.requests[2]!).map((block) => resultText(block.content));
    expect(second[0]).toBe(expected);
  });

  it('ignores contextModifier from a call that ran in a parallel batch', async () => {
    const log = createCallLog();
    const cwd = await import('node:fs/promises').then((fs) => fs.mkdtemp(path.join(process.env.TMPDIR ?? '/tmp', 'agentcli-cd-')));
    await mkdir(path.join(cwd, 'sub'));
    const parallelCd = { ...cdTool(), isConcurrencySafe: () => true };
    scenario = await runScenario({
      script: [turn(toolUse('Cd', { dir: 'sub' }), toolUse('Sleep', { ms: 1 })), turn(toolUse('Pwd', {})), endTurn('done')],
      tools: [parallelCd, sleepTool(log), pwdTool()],
      cwd,
    });
    const seen = lastToolResults(scenario.server.requests[2]!).map((block) => resultText(block.content));
    expect(seen[0]).toBe(cwd);
  });
});
