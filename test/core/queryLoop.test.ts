import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { clockNow } from '../support/fakeAnthropic.js';
import type { ScenarioResult } from '../support/queryHarness.js';
import { resultText, runScenario } from '../support/queryHarness.js';
import { endTurn, lastToolResults, rawToolUse, text, toolUse, turn } from '../support/scenario.js';
import { createCallLog, echoTool, sleepTool } from '../support/syntheticTools.js';

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

describe('the agent loop', () => {
  it('repeats until end_turn, appending one user message with every tool_result', async () => {
    scenario = await runScenario({
      script: [turn(toolUse('Echo', { text: 'a' }), toolUse('Echo', { text: 'b' })), turn(toolUse('Echo', { text: 'c' })), endTurn('done')],
      tools: [echoTool()],
    });
    expect(scenario.outcome.reason).toBe('completed');
    expect(scenario.outcome.turns).toBe(3);
    expect(scenario.outcome.messages.map((m) => m.type)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(lastToolResults(scenario.server.requests[1]!).map((b) => resultText(b.content))).toEqual(['a', 'b']);
    scenario.server.assertNoViolations();
  });

  it('stops at --max-turns with every tool_use answered', async () => {
    scenario = await runScenario({
      script: [turn(toolUse('Echo', { text: '1' })), turn(toolUse('Echo', { text: '2' })), turn(toolUse('Echo', { text: '3' }))],
      tools: [echoTool()],
      maxTurns: 2,
    });
    expect(scenario.outcome.reason).toBe('max_turns');
    expect(scenario.outcome.turns).toBe(2);
    expect(scenario.server.requests).toHaveLength(2);
    expect(scenario.outcome.messages.at(-1)?.type).toBe('user');
  });

  it('sends a byte-identical tools array on every turn', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [turn(toolUse('Echo', { text: 'x' })), turn(toolUse('Sleep', { ms: 1 })), endTurn('done')],
      tools: [sleepTool(log), echoTool()],
    });
    const arrays = scenario.server.requests.map((request) => JSON.stringify(request.body.tools));
    expect(new Set(arrays).size).toBe(1);
    expect(scenario.server.requests[0]!.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['Echo', 'Sleep']);
  });

  it('marks prompt-cache breakpoints on the tools, the system prompt and the newest message', async () => {
    scenario = await runScenario({ script: [endTurn('hi')], tools: [echoTool()] });
    const body = scenario.server.requests[0]!.body;
    expect(body.tools.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    expect(body.system.at(-1).cache_control).toEqual({ type: 'ephemeral' });
    expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
  });

  it('asks the model to continue when its reply is cut by max_tokens', async () => {
    scenario = await runScenario({
      script: [{ blocks: [text('The first half')], stopReason: 'max_tokens' }, endTurn(' and the second half.')],
      tools: [],
    });
    expect(scenario.outcome.reason).toBe('completed');
    const nudge = scenario.server.requests[1]!.body.messages.at(-1);
    expect(JSON.stringify(nudge)).toContain('cut off by the output token limit');
  });

  it('answers a tool_use whose input was cut by max_tokens, without running it', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [{ blocks: [rawToolUse('Sleep', '{"ms": 1')], stopReason: 'max_tokens' }, endTurn('ok')],
      tools: [sleepTool(log)],
    });
    expect(log.calls).toHaveLength(0);
    scenario.server.assertNoViolations();
  });

  it('accumulates usage and cost per model', async () => {
    scenario = await runScenario({
      script: [
        { ...turn(toolUse('Echo', { text: 'x' })), usage: { input_tokens: 1_000_000, output_tokens: 0 } },
        { ...endTurn('done'), usage: { input_tokens: 0, output_tokens: 1_000_000 } },
      ],
      tools: [echoTool()],
    });
    const usage = scenario.session.costTracker.totalUsage();
    expect(usage.input_tokens).toBe(1_000_000);
    expect(usage.output_tokens).toBe(1_000_000);
    // The default model, Sonnet 5: $2 in + $10 out per million (the model table).
    expect(scenario.session.costTracker.totalCostUsd).toBeCloseTo(12, 5);
  });

  it('leaves no listeners behind on the turn signal, however many turns', async () => {
    const controller = new AbortController();
    const turns = Array.from({ length: 30 }, (_, i) => turn(toolUse('Echo', { text: String(i) })));
    scenario = await runScenario({ script: [...turns, endTurn('done')], tools: [echoTool()], signal: controller.signal });
    expect(scenario.outcome.turns).toBe(31);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('reminds the model of plan mode on each new user message, and only in plan mode', async () => {
    scenario = await runScenario({ script: [turn(toolUse('Echo', { text: 'x' })), endTurn('plan')], tools: [echoTool()], mode: 'plan' });
    for (const request of scenario.server.requests) {
      expect(JSON.stringify(request.body.messages.at(-1))).toContain('Plan mode is on');
    }
    // Earlier messages are sent again unchanged, so the cached prefix holds.
    expect(JSON.stringify(scenario.server.requests[1]!.body.messages[0].content[0])).toBe(
      JSON.stringify({ ...scenario.server.requests[0]!.body.messages[0].content[0] }),
    );
    await scenario.cleanup();
    scenario = await runScenario({ script: [endTurn('hi')], tools: [echoTool()], mode: 'default' });
    expect(JSON.stringify(scenario.server.requests[0]!.body.messages)).not.toContain('Plan mode is on');
  });

  it('warms tools up once, while the first request is in flight', async () => {
    const warmUps: number[] = [];
    const warm = { ...echoTool(), warmUp: async () => void warmUps.push(clockNow()) };
    scenario = await runScenario({
      script: [{ ...turn(toolUse('Echo', { text: 'x' })), chunkDelayMs: 20 }, endTurn('done')],
      tools: [warm],
    });
    expect(warmUps).toHaveLength(1);
    const firstStop = scenario.server.sent.find((event) => event.requestIndex === 0 && event.event === 'message_stop')!;
    expect(warmUps[0]!).toBeGreaterThan(scenario.server.requests[0]!.receivedAt);
    expect(warmUps[0]!).toBeLessThan(firstStop.sentAt);
  });

  it('a turn the model answers at once does not warm tools up: the work would only lengthen it', async () => {
    const warmUps: number[] = [];
    const warm = { ...echoTool(), warmUp: async () => void warmUps.push(clockNow()) };
    scenario = await runScenario({
      script: [turn(toolUse('Echo', { text: 'x' })), { ...endTurn('done'), chunkDelayMs: 30 }],
      tools: [warm],
    });
    // The first stream ended before the warm-up was due; the second kept the loop waiting, and it ran then.
    expect(warmUps).toHaveLength(1);
    expect(warmUps[0]!).toBeGreaterThan(scenario.server.requests[1]!.receivedAt);
  });

  it('an interrupt while the model streams keeps a valid conversation', async () => {
    const controller = new AbortController();
    scenario = await runScenario({
      script: [{ ...turn(text('thinking out loud for a long time about the problem')), chunkDelayMs: 50 }],
      tools: [],
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'text_delta') controller.abort({ kind: 'user_interrupt' });
      },
    });
    expect(scenario.outcome.reason).toBe('interrupted');
    const last = scenario.outcome.messages.at(-1)!;
    expect(last.type).toBe('assistant');
    expect(JSON.stringify(last.content)).toContain('thinking');
  });
});
