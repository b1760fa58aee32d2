// Every failure of the 7-step pipeline is an is_error tool_result the model can act on.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../support/queryHarness.js';
import { resultText, runScenario } from '../support/queryHarness.js';
import { endTurn, lastToolResults, rawToolUse, toolUse, turn } from '../support/scenario.js';
import {
  bigOutputTool,
  createCallLog,
  echoTool,
  failTool,
  sleepTool,
  validatedTool,
  writeTool,
} from '../support/syntheticTools.js';

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

/** Runs one tool call and returns what the model got back in the next request. */
async function resultFor(block: ReturnType<typeof toolUse>, options: Partial<Parameters<typeof runScenario>[0]> = {}) {
  const log = createCallLog();
  scenario = await runScenario({
    script: [turn(block), endTurn('ok')],
    tools: [echoTool(log), sleepTool(log), failTool(), validatedTool(), writeTool(log), bigOutputTool(1_000)],
    ...options,
  });
  scenario.server.assertNoViolations();
  const [result] = lastToolResults(scenario.server.requests[1]!);
  return { result: result!, text: resultText(result!.content), log };
}

describe('pipeline failures become is_error results', () => {
  it('unknown tool: names the closest tools', async () => {
    const { result, text } = await resultFor(toolUse('Eccho', { text: 'x' }));
    expect(result.is_error).toBe(true);
    expect(text).toContain('No such tool: "Eccho"');
    expect(text).toContain('Did you mean Echo');
  });

  it('unknown tool among hundreds: the list of names stays short', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ ...echoTool(), name: `mcp__srv__tool_${i}` }));
    scenario = await runScenario({ script: [turn(toolUse('Nope', {})), endTurn('ok')], tools: many });
    const text = resultText(lastToolResults(scenario.server.requests[1]!)[0]!.content);
    expect(text).toContain('and 260 more');
    expect(text.length).toBeLessThan(1_500);
  });

  it('invalid input: the field, what was expected and what came', async () => {
    const { result, text } = await resultFor(toolUse('Sleep', { ms: 'soon' }));
    expect(result.is_error).toBe(true);
    expect(text).toContain('Invalid input for Sleep');
    expect(text).toContain('ms:');
    expect(text).toMatch(/expected number/i);
    expect(text).toContain('got "soon"');
  });

  it('invalid input: a missing field is reported as missing', async () => {
    const { text } = await resultFor(toolUse('Echo', {}));
    expect(text).toContain('text:');
    expect(text).toContain('missing');
  });

  it('validateInput refusal: the tool\'s own message', async () => {
    const { result, text } = await resultFor(toolUse('Positive', { n: -3 }));
    expect(result.is_error).toBe(true);
    expect(text).toBe('n must be positive, got -3.');
  });

  it('permission denial in plan mode: says why, and the tool never ran', async () => {
    const { result, text, log } = await resultFor(toolUse('SlowWrite', { path: 'a.txt', content: 'x' }), { mode: 'plan' });
    expect(result.is_error).toBe(true);
    expect(text).toContain('Permission denied');
    expect(text).toContain('plan mode');
    expect(log.calls).toHaveLength(0);
  });

  it('headless ask becomes a denial naming the flag that would allow it', async () => {
    const { result, text, log } = await resultFor(toolUse('SlowWrite', { path: 'a.txt', content: 'x' }), { mode: 'default' });
    expect(result.is_error).toBe(true);
    expect(text).toContain('non-interactive');
    expect(text).toContain('--allowedTools "SlowWrite"');
    expect(log.calls).toHaveLength(0);
    expect(scenario!.session.permissionDenials).toEqual([
      expect.objectContaining({ tool_name: 'SlowWrite', tool_input: { path: 'a.txt', content: 'x' } }),
    ]);
  });

  it('read-only tools run in default mode without asking', async () => {
    const { result } = await resultFor(toolUse('Echo', { text: 'hi' }), { mode: 'default' });
    expect(result.is_error).toBeFalsy();
    expect(resultText(result.content)).toBe('hi');
  });

  it('an exception inside call: its message, no stack', async () => {
    const { result, text } = await resultFor(toolUse('Fail', { message: 'disk on fire' }));
    expect(result.is_error).toBe(true);
    expect(text).toBe('Fail failed: disk on fire');
    expect(text).not.toContain('SECRET-STACK-LINE');
    expect(text).not.toContain('at somewhere');
  });

  it('invalid tool-input JSON from the stream: the tool does not run and the model sees what it sent', async () => {
    const { result, text, log } = await resultFor(rawToolUse('Echo', '{"text": "unterminated'));
    expect(result.is_error).toBe(true);
    expect(text).toContain('not valid JSON');
    expect(text).toContain('unterminated');
    expect(log.calls).toHaveLength(0);
  });

  it('a result over maxResultSizeChars is saved in full and previewed with head, tail and path', async () => {
    const { result, text } = await resultFor(toolUse('Big', { size: 50_000 }));
    expect(result.is_error).toBeFalsy();
    expect(text.length).toBeLessThan(3_000);
    expect(text).toContain('HEAD-MARKER');
    expect(text).toContain('TAIL-MARKER');
    const saved = text.match(/saved to (\S+\.txt)/)?.[1];
    expect(saved).toBeDefined();
    expect(saved!.startsWith(path.join(scenario!.session.info.dir, 'tool-results'))).toBe(true);
    const full = await readFile(saved!, 'utf8');
    expect(full.length).toBe(50_000);
    expect(await readdir(path.dirname(saved!))).toHaveLength(1);
  });

  it('a result under the limit is passed through untouched', async () => {
    const { text } = await resultFor(toolUse('Big', { size: 900 }));
    expect(text.length).toBe(900);
  });
});

describe('user decisions through askPermission', () => {
  it('allow once runs the tool', async () => {
    const { result, log } = await resultFor(toolUse('SlowWrite', { path: 'a.txt', content: 'hello' }), {
      mode: 'default',
      askPermission: async () => ({ type: 'allow_once' }),
    });
    expect(result.is_error).toBeFalsy();
    expect(log.calls).toHaveLength(1);
  });

  it('no with feedback sends the feedback to the model and continues', async () => {
    const { result, text, log } = await resultFor(toolUse('SlowWrite', { path: 'a.txt', content: 'hello' }), {
      mode: 'default',
      askPermission: async () => ({ type: 'deny', feedback: 'write to b.txt instead' }),
    });
    expect(result.is_error).toBe(true);
    expect(text).toContain('The user said: write to b.txt instead');
    expect(log.calls).toHaveLength(0);
    expect(scenario!.outcome.reason).toBe('completed');
  });

  it('a plain no ends the turn: the model is not asked to continue', async () => {
    const log = createCallLog();
    scenario = await runScenario({
      script: [turn(toolUse('SlowWrite', { path: 'a.txt', content: 'x' }), toolUse('SlowWrite', { path: 'b.txt', content: 'y' }))],
      tools: [writeTool(log)],
      mode: 'default',
      askPermission: async () => ({ type: 'deny' }),
    });
    expect(scenario.outcome.reason).toBe('rejected_by_user');
    expect(scenario.server.requests).toHaveLength(1);
    const answers = scenario.outcome.messages.at(-1);
    expect(answers?.type).toBe('user');
    const blocks = Array.isArray(answers?.content) ? answers.content : [];
    expect(blocks).toHaveLength(2);
    expect(resultText((blocks[1] as { content: unknown }).content)).toContain('rejected an earlier tool call');
  });
});
