import { describe, expect, it } from 'vitest';
import { assembleToolPool } from '../../src/tools.js';
import { maxToolUseConcurrency, partitionToolCalls } from '../../src/services/tools/toolOrchestration.js';
import type { ToolUseRequest } from '../../src/services/tools/toolExecution.js';
import { emptyRuleSet } from '../../src/permissions/canUseTool.js';
import { createCallLog, echoTool, sleepTool, throwingSafetyTool, writeTool } from '../support/syntheticTools.js';
import { prepareRequests } from '../support/preparedCalls.js';

const log = createCallLog();
const tools = [sleepTool(log), writeTool(log), echoTool(), throwingSafetyTool()];
const call = (name: string, input: unknown, id = `toolu_${Math.random().toString(36).slice(2)}`): ToolUseRequest => ({ id, name, input });
const R = (id: string) => call('Sleep', { ms: 1 }, id);
const W = (id: string) => call('SlowWrite', { path: 'x', content: 'y' }, id);

describe('partitionToolCalls', () => {
  const partition = async (requests: ToolUseRequest[]) => partitionToolCalls(await prepareRequests(requests, tools));

  it('[R,R,W,R] makes three batches: parallel, serial, parallel', async () => {
    const batches = await partition([R('a'), R('b'), W('c'), R('d')]);
    expect(batches.map((batch) => [batch.isConcurrencySafe, batch.calls.map((c) => (c.ok ? c.prepared.request.id : c.request.id))])).toEqual([
      [true, ['a', 'b']],
      [false, ['c']],
      [true, ['d']],
    ]);
  });

  it('gives every unsafe call its own batch', async () => {
    const batches = await partition([W('a'), W('b')]);
    expect(batches.map((batch) => batch.calls.length)).toEqual([1, 1]);
  });

  it('treats an unknown tool, invalid input, broken JSON and a throwing check as unsafe', async () => {
    const batches = await partition(
      [
        R('a'),
        call('Nope', {}, 'b'),
        R('c'),
        call('Sleep', { ms: 'soon' }, 'd'),
        R('e'),
        { id: 'f', name: 'Sleep', input: '{"ms":', inputJsonError: 'Unexpected end' },
        R('g'),
        call('Weird', { x: '1' }, 'h'),
      ],
    );
    expect(batches.map((batch) => batch.isConcurrencySafe)).toEqual([true, false, true, false, true, false, true, false]);
  });

  it('decides safety per input', async () => {
    const batches = await partition([call('Echo', { text: 'a' }, 'a'), call('Echo', { text: 1 }, 'b')]);
    expect(batches.map((batch) => batch.isConcurrencySafe)).toEqual([true, false]);
  });
});

describe('maxToolUseConcurrency', () => {
  it('defaults to 10 and honours AGENTCLI_MAX_TOOL_USE_CONCURRENCY', () => {
    expect(maxToolUseConcurrency({})).toBe(10);
    expect(maxToolUseConcurrency({ AGENTCLI_MAX_TOOL_USE_CONCURRENCY: '3' })).toBe(3);
    expect(maxToolUseConcurrency({ AGENTCLI_MAX_TOOL_USE_CONCURRENCY: '0' })).toBe(10);
    expect(maxToolUseConcurrency({ AGENTCLI_MAX_TOOL_USE_CONCURRENCY: 'lots' })).toBe(10);
  });
});

describe('assembleToolPool', () => {
  const context = { mode: 'default', workingDirectories: ['/'], isBypassAvailable: false, rules: emptyRuleSet() } as const;
  it('puts built-ins first, sorted by name, then MCP tools sorted; a built-in wins a name clash', () => {
    const mcp = [
      { ...echoTool(), name: 'mcp__zeta__a' },
      { ...echoTool(), name: 'mcp__alpha__b' },
      { ...echoTool(), name: 'Sleep', isMcp: true },
    ];
    const pool = assembleToolPool([writeTool(log), sleepTool(log), echoTool()], mcp, context);
    expect(pool.map((tool) => tool.name)).toEqual(['Echo', 'Sleep', 'SlowWrite', 'mcp__alpha__b', 'mcp__zeta__a']);
    expect(pool.find((tool) => tool.name === 'Sleep')?.isMcp).toBeUndefined();
  });

  it('keeps the built-in prefix unchanged when MCP tools come and go', () => {
    const builtIns = [writeTool(log), sleepTool(log), echoTool()];
    const without = assembleToolPool(builtIns, [], context).map((tool) => tool.name);
    const withMcp = assembleToolPool(builtIns, [{ ...echoTool(), name: 'mcp__a__Aardvark' }], context).map((tool) => tool.name);
    expect(withMcp.slice(0, without.length)).toEqual(without);
  });
});
