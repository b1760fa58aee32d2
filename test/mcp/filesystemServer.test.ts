// The npm reference server @modelcontextprotocol/server-filesystem, through
// the real loop: its annotations become read-only / destructive flags, reads
// run as one parallel batch, writes land on disk, and its own refusals come
// back as is_error results.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { FILESYSTEM, nodeServer, runMcpScenario, startManager, toolNamed, type McpScenario } from './mcpTestSupport.js';
import { preparedCall } from '../support/preparedCalls.js';

let root: string;
let manager: McpManager;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-fs-'));
  await writeFile(path.join(root, 'a.txt'), 'alpha\n');
  await writeFile(path.join(root, 'b.txt'), 'beta\n');
  manager = await startManager({ fs: nodeServer(FILESYSTEM, [root]) });
  await manager.whenStarted();
});
afterAll(async () => {
  await manager.close();
  await rm(root, { recursive: true, force: true });
});

let scenario: McpScenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : (content as { text?: string }[]).map((block) => block.text ?? '').join('\n');

describe('server-filesystem', () => {
  it('maps its annotations: reads are read-only and concurrency-safe, writes are destructive', async () => {
    const read = toolNamed(manager.tools(), 'mcp__fs__read_text_file');
    const write = toolNamed(manager.tools(), 'mcp__fs__write_file');
    expect([read.isReadOnly(await preparedCall(read, {})), read.isConcurrencySafe(await preparedCall(read, {})), read.isDestructive({})]).toEqual([true, true, false]);
    expect([write.isReadOnly(await preparedCall(write, {})), write.isConcurrencySafe(await preparedCall(write, {})), write.isDestructive({})]).toEqual([false, false, true]);
  });

  it('two reads in one turn run as a parallel batch, and results come back in call order', async () => {
    scenario = await runMcpScenario({
      mcp: manager,
      env: { AGENTCLI_TOOL_SEARCH: 'off' },
      script: [
        turn(toolUse('mcp__fs__read_text_file', { path: path.join(root, 'b.txt') }), toolUse('mcp__fs__read_text_file', { path: path.join(root, 'a.txt') })),
        endTurn('read both'),
      ],
    });
    scenario.server.assertNoViolations();
    expect(lastToolResults(scenario.server.requests[1]!).map((block) => textOf(block.content))).toEqual(['beta\n', 'alpha\n']);
    const started = scenario.events.flatMap((event) => (event.type === 'tool_started' ? [event.toolUseId] : []));
    const firstResult = scenario.events.findIndex((event) => event.type === 'tool_result');
    const secondStart = scenario.events.findIndex((event) => event.type === 'tool_started' && event.toolUseId === started[1]);
    // The second read started before the first one's result: they ran together.
    expect(secondStart).toBeLessThan(firstResult);
  });

  it('a write through MCP lands on disk', async () => {
    const target = path.join(root, 'written.txt');
    scenario = await runMcpScenario({
      mcp: manager,
      env: { AGENTCLI_TOOL_SEARCH: 'off' },
      script: [turn(toolUse('mcp__fs__write_file', { path: target, content: 'from the model' })), endTurn('wrote it')],
    });
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result!.is_error).toBeUndefined();
    expect(await readFile(target, 'utf8')).toBe('from the model');
  });

  it('a path outside its allowed folder is refused by the server, as an is_error result', async () => {
    scenario = await runMcpScenario({
      mcp: manager,
      env: { AGENTCLI_TOOL_SEARCH: 'off' },
      script: [turn(toolUse('mcp__fs__read_text_file', { path: '/etc/hostname' })), endTurn('ok')],
    });
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(textOf(result!.content)).toMatch(/outside allowed directories|Access denied/i);
  });

  it('its JSON Schemas reach the API as the server wrote them', async () => {
    scenario = await runMcpScenario({ mcp: manager, env: { AGENTCLI_TOOL_SEARCH: 'off' }, script: [endTurn('ok')] });
    const sent = (scenario.server.requests[0]!.body.tools as { name: string; input_schema: unknown }[]).find((tool) => tool.name === 'mcp__fs__read_text_file');
    expect(sent!.input_schema).toEqual(toolNamed(manager.tools(), 'mcp__fs__read_text_file').inputJSONSchema);
  });
});
