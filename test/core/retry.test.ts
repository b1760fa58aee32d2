// Retries: overload and rate limits with backoff and retry-after, cut streams
// re-requested without running anything twice, and failures that must not retry.
import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyApiFailure, retryDelayMs, StreamCutError } from '../../src/services/api/withRetry.js';
import type { ScenarioResult } from '../support/queryHarness.js';
import { resultText, runScenario } from '../support/queryHarness.js';
import { cutStream, endTurn, lastToolResults, overloaded, rateLimited, serverError, streamError, text, toolUse, turn } from '../support/scenario.js';
import { createCallLog, sleepTool, writeTool } from '../support/syntheticTools.js';

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

const retryEvents = (s: ScenarioResult) => s.events.filter(({ event }) => event.type === 'retry');

describe('retries', () => {
  it('529 twice, then success', async () => {
    scenario = await runScenario({ script: [overloaded(), overloaded(), endTurn('made it')], tools: [] });
    expect(scenario.outcome.reason).toBe('completed');
    expect(scenario.server.requests).toHaveLength(3);
    expect(retryEvents(scenario)).toHaveLength(2);
    scenario.server.assertNoViolations();
  });

  it('429 waits as long as retry-after says', async () => {
    scenario = await runScenario({ script: [rateLimited({ retryAfterSeconds: 1 }), endTurn('ok')], tools: [] });
    const [first, second] = scenario.server.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
    const retry = retryEvents(scenario)[0]!.event;
    expect(retry.type === 'retry' && retry.delayMs).toBe(1000);
  });

  it('an overloaded error inside the SSE stream is retried', async () => {
    scenario = await runScenario({ script: [streamError(4, text('partial answer that will be dropped')), endTurn('whole answer')], tools: [] });
    expect(scenario.outcome.reason).toBe('completed');
    const assistantTexts = scenario.outcome.messages.filter((m) => m.type === 'assistant').map((m) => JSON.stringify(m.content));
    expect(assistantTexts).toEqual([JSON.stringify([{ type: 'text', text: 'whole answer' }])]);
  });

  it('gives up after the retry budget with an api_error outcome', async () => {
    scenario = await runScenario({
      script: [serverError(), serverError(), serverError()],
      tools: [],
      env: { AGENTCLI_MAX_RETRIES: '2' },
    });
    expect(scenario.outcome.reason).toBe('api_error');
    expect(scenario.outcome.failure?.status).toBe(500);
    expect(scenario.server.requests).toHaveLength(3);
  });

  it('does not retry a bad request', async () => {
    scenario = await runScenario({ script: [serverError({ status: 400, message: 'bad field' })], tools: [] });
    expect(scenario.outcome.reason).toBe('api_error');
    expect(scenario.outcome.failure?.kind).toBe('invalid_request');
    expect(scenario.server.requests).toHaveLength(1);
  });

  it('a stream cut mid tool_use is re-requested and the tool runs exactly once', async () => {
    const log = createCallLog();
    const write = toolUse('SlowWrite', { path: 'out.txt', content: 'complete content' });
    scenario = await runScenario({
      // Events: message_start, ping, block start, a few json deltas... then the cut.
      script: [cutStream(5, write), turn(write), endTurn('done')],
      tools: [writeTool(log)],
    });
    expect(scenario.outcome.reason).toBe('completed');
    expect(log.calls).toHaveLength(1);
    expect(await readFile(`${scenario.cwd}/out.txt`, 'utf8')).toBe('complete content');
    scenario.server.assertNoViolations();
  });

  it('a tool that finished before the cut is not run again when the retry asks for it', async () => {
    const log = createCallLog();
    const blocks = [toolUse('SlowWrite', { path: 'a.txt', content: 'A' }), text('and now a long explanation that gets cut')];
    scenario = await runScenario({
      // 12 events: message_start, ping, the whole tool_use block (start, 6 json deltas, stop), then the
      // text block's start and first delta — and the cut.
      script: [{ ...cutStream(12, ...blocks), delayBeforeBlockMs: [0, 200] }, turn(...blocks), endTurn('done')],
      tools: [writeTool(log)],
    });
    expect(scenario.outcome.reason).toBe('completed');
    expect(log.calls).toHaveLength(1);
    expect(scenario.server.sent.filter((e) => e.requestIndex === 0 && e.event === 'message_stop')).toHaveLength(0);
    const answered = lastToolResults(scenario.server.requests[2]!);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.tool_use_id).toBe('toolu_1_0');
    expect(resultText(answered[0]!.content)).toBe('wrote a.txt');
  });

  it('a tool still running when the stream is cut is aborted and leaves no half-written file', async () => {
    const log = createCallLog();
    const blocks = [toolUse('SlowWrite', { path: 'b.txt', content: 'BBBB' }), text('more text that will be cut off')];
    scenario = await runScenario({
      script: [{ ...cutStream(12, ...blocks), delayBeforeBlockMs: [0, 100] }, endTurn('gave up on it')],
      tools: [writeTool(log, { delayMs: 2_000 })],
    });
    expect(log.calls).toHaveLength(1);
    expect(log.calls[0]!.aborted).toBe(true);
    expect(retryEvents(scenario)).toHaveLength(1);
    expect(await readdir(scenario.cwd)).toEqual([]);
  });
});

describe('a transport error after message_stop', () => {
  it('keeps the complete message instead of asking again', async () => {
    // 100 events is more than the turn has: everything is sent, then the socket is destroyed.
    scenario = await runScenario({ script: [cutStream(100, text('all here'))], tools: [] });
    expect(scenario.outcome.reason).toBe('completed');
    expect(scenario.server.requests).toHaveLength(1);
  });
});

describe('retry policy', () => {
  const policy = { maxRetries: 10, baseDelayMs: 500, maxDelayMs: 32_000 };
  it('backs off exponentially with at most 25% jitter, capped', () => {
    const failure = { kind: 'overloaded', message: '' } as const;
    expect(retryDelayMs(1, policy, failure, () => 0)).toBe(500);
    expect(retryDelayMs(3, policy, failure, () => 0)).toBe(2000);
    expect(retryDelayMs(3, policy, failure, () => 1)).toBe(1500);
    expect(retryDelayMs(20, policy, failure, () => 0)).toBe(32_000);
  });
  it('prefers the server\'s retry-after', () => {
    expect(retryDelayMs(1, policy, { kind: 'rate_limit', message: '', retryAfterMs: 7_000 })).toBe(7_000);
  });
  it('classifies failures', () => {
    expect(classifyApiFailure(new StreamCutError('x')).kind).toBe('stream_cut');
    expect(classifyApiFailure(new TypeError('terminated')).kind).toBe('connection');
    expect(classifyApiFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).kind).toBe('connection');
    expect(classifyApiFailure(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })).kind).toBe('connection');
    // A bug is not a network problem: retrying it ten times only hides it.
    expect(classifyApiFailure(Object.assign(new Error('Cannot find module x'), { code: 'ERR_MODULE_NOT_FOUND' })).kind).toBe('other');
    expect(classifyApiFailure(new RangeError('bad')).kind).toBe('other');
    expect(classifyApiFailure({ status: 529, headers: new Headers() }).kind).toBe('overloaded');
    expect(classifyApiFailure({ status: 401, headers: new Headers() }).kind).toBe('auth');
    expect(classifyApiFailure({ status: 429, headers: new Headers({ 'retry-after-ms': '250' }) }).retryAfterMs).toBe(250);
  });
});
