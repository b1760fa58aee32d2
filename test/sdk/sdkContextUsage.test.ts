// getContextUsage for the Agent SDK: /context's measurement in the SDK's shape, as a
// pure mapping and through the real SDK against the built agentcli.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn } from '../support/scenario.js';
import { promptStream, startSdkRig, type SdkRig } from './sdkHarness.js';
import { sdkContextUsage } from '../../src/entrypoints/sdk/sdkContextUsage.js';
import type { ContextUsage } from '../../src/session/context/contextUsage.js';
import { EMPTY_USAGE } from '../../src/services/api/cost.js';
import type { AssistantMessage } from '../../src/types/messages.js';

const usage: ContextUsage = {
  model: 'claude-sonnet-5',
  window: 200_000,
  parts: [
    { label: 'System prompt', tokens: 3_000 },
    { label: 'Tool definitions', tokens: 12_000 },
    { label: 'Memory files', tokens: 1_000 },
    { label: 'Messages', tokens: 22_000 },
    { label: 'Tool results', tokens: 2_000 },
  ],
  notCounted: [{ label: 'Deferred tools', tokens: 900 }],
  estimatedTotal: 40_000,
  messageTokens: 24_000,
  measured: 0,
  autoCompactAt: 160_000,
  tools: [
    { name: 'Read', tokens: 7_000, sent: true },
    { name: 'mcp__files__list', tokens: 5_000, sent: true, mcpServer: 'files' },
    { name: 'NotebookEdit', tokens: 600, sent: false },
    { name: 'mcp__files__stat', tokens: 300, sent: false, mcpServer: 'files' },
  ],
  memoryFiles: [{ path: '/repo/CLAUDE.md', scope: 'project', tokens: 1_000 }],
  memoryNotSent: [],
};

describe('sdkContextUsage', () => {
  const answer = sdkContextUsage(usage, []);

  it('has a row per category with a stable id and kind; used rows add up to totalTokens, and the window to used + free + reserve', () => {
    const rows = answer.categories as Array<{ id: string; tokens: number; kind: string; isDeferred?: boolean }>;
    expect(rows.map((row) => [row.id, row.tokens, row.kind])).toEqual([
      ['system_prompt', 3_000, 'used'],
      ['system_tools', 7_000, 'used'],
      ['mcp_tools', 5_000, 'used'],
      ['memory_files', 1_000, 'used'],
      ['messages', 24_000, 'used'],
      ['system_tools_deferred', 600, 'deferred'],
      ['mcp_tools_deferred', 300, 'deferred'],
      ['free_space', 120_000, 'free'],
      ['autocompact_buffer', 40_000, 'buffer'],
    ]);
    expect(answer).toMatchObject({ totalTokens: 40_000, maxTokens: 200_000, rawMaxTokens: 200_000, percentage: 20, autoCompactThreshold: 160_000, isAutoCompactEnabled: true });
  });

  it('lists the tools and memory files one by one', () => {
    expect(answer.systemTools).toEqual([{ name: 'Read', tokens: 7_000 }]);
    expect(answer.mcpTools).toEqual([
      { name: 'mcp__files__list', serverName: 'files', tokens: 5_000, isLoaded: true },
      { name: 'mcp__files__stat', serverName: 'files', tokens: 300, isLoaded: false },
    ]);
    expect(answer.deferredBuiltinTools).toEqual([{ name: 'NotebookEdit', tokens: 600, isLoaded: false }]);
    expect(answer.memoryFiles).toEqual([{ path: '/repo/CLAUDE.md', type: 'Project', tokens: 1_000 }]);
  });

  it('draws the window as 10 × 10 squares: used from the start, the reserve at the end, free between', () => {
    const grid = answer.gridRows as Array<Array<{ categoryName: string; isFilled: boolean; squareFullness: number }>>;
    expect(grid).toHaveLength(10);
    for (const row of grid) expect(row).toHaveLength(10);
    const names = grid.flat().map((square) => square.categoryName);
    // 2,000 tokens a square: system prompt 1.5 squares → 2, tools 3.5 → 4, MCP 2.5 → 3, memory 0.5 → 1, messages 12.
    expect(names.slice(0, 22)).toEqual([
      ...Array(2).fill('System prompt'),
      ...Array(4).fill('System tools'),
      ...Array(3).fill('MCP tools'),
      'Memory files',
      ...Array(12).fill('Messages'),
    ]);
    expect(names.slice(-20)).toEqual(Array(20).fill('Autocompact buffer'));
    expect(new Set(names.slice(22, 80))).toEqual(new Set(['Free space']));
    expect(grid[0]![1]).toMatchObject({ categoryName: 'System prompt', isFilled: true, squareFullness: 0.5 });
    expect(grid[3]![0]).toMatchObject({ categoryName: 'Free space', isFilled: false });
  });

  it("gives the API's own count of the latest response, or null before the first", () => {
    expect(answer.apiUsage).toBeNull();
    const assistant: AssistantMessage = {
      type: 'assistant',
      uuid: 'u',
      timestamp: new Date().toISOString(),
      id: 'msg_1',
      model: 'claude-sonnet-5',
      content: [{ type: 'text', text: 'hi' }],
      stopReason: 'end_turn',
      usage: { ...EMPTY_USAGE, input_tokens: 120, output_tokens: 7, cache_creation_input_tokens: 30, cache_read_input_tokens: null },
    };
    expect(sdkContextUsage(usage, [assistant]).apiUsage).toEqual({ input_tokens: 120, output_tokens: 7, cache_creation_input_tokens: 30, cache_read_input_tokens: 0 });
  });

  it('has no reserve row or squares when automatic compaction is off', () => {
    const off = sdkContextUsage({ ...usage, autoCompactAt: undefined }, []);
    expect((off.categories as Array<{ id: string }>).map((row) => row.id)).not.toContain('autocompact_buffer');
    expect(off.isAutoCompactEnabled).toBe(false);
    expect((off.gridRows as Array<Array<{ categoryName: string }>>).flat().at(-1)!.categoryName).toBe('Free space');
  });
});

describe('getContextUsage through the real Agent SDK', () => {
  let rig: SdkRig | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it("answers after a turn with the session's parts, its memory file, and the API's usage of the latest response", async () => {
    rig = await startSdkRig([{ ...endTurn('hello'), usage: { input_tokens: 4_321, output_tokens: 12 } }]);
    await writeFile(path.join(rig.cwd, 'CLAUDE.md'), `# Project notes\n${'Use tabs. '.repeat(200)}\n`);
    const prompts = promptStream();
    const run = rig.run(prompts.stream);
    prompts.push('hi');
    let answer: Awaited<ReturnType<typeof run.getContextUsage>> | undefined;
    for await (const message of run) {
      if (message.type !== 'result') continue;
      answer = await run.getContextUsage();
      prompts.end();
    }
    expect(answer!.categories.map((row) => row.id)).toEqual(['system_prompt', 'system_tools', 'memory_files', 'messages', 'system_tools_deferred', 'free_space', 'autocompact_buffer']);
    expect(answer!.deferredBuiltinTools!.length).toBeGreaterThan(0);
    expect(answer!.memoryFiles).toEqual([{ path: path.join(rig.cwd, 'CLAUDE.md'), type: 'Project', tokens: expect.any(Number) }]);
    expect(answer!.memoryFiles[0]!.tokens).toBeGreaterThan(400);
    expect(answer!.apiUsage).toEqual({ input_tokens: 4_321, output_tokens: 12, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    expect(answer!.model).toBe(rig.server.requests[0]!.body.model);
    expect(answer!.systemTools!.map((tool) => tool.name)).toContain('Read');
    expect(answer!.gridRows.flat()).toHaveLength(100);
    expect(answer!.percentage).toBeCloseTo((answer!.totalTokens / answer!.maxTokens) * 100, 0);
  });
});
