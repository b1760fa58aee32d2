// The real Agent SDK's MCP options and controls against the built agentcli, with a
// real stdio MCP server: servers delivered in the initialize request (env off the
// command line), mcpServerStatus, toggleMcpServer and reconnectMcpServer. Judged
// by what the model is offered in the next request.
import { spawn } from 'node:child_process';
import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { nodeServer, TEST_SERVER } from '../mcp/mcpTestSupport.js';
import { collect, promptStream, startSdkRig, type SdkRig } from './sdkHarness.js';

let rig: SdkRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const lastToolResultsOf = (requestIndex: number) => lastToolResults(rig!.server.requests[requestIndex]!);
const offeredMcpTools = (requestIndex: number): string[] =>
  rig!.server.requests[requestIndex]!.body.tools.map((definition: { name: string }) => definition.name).filter((name: string) => name.startsWith('mcp__'));

const fixture = nodeServer(TEST_SERVER) as { command: string; args: string[] };

describe('Agent SDK MCP servers and controls → agentcli', () => {
  it("mcpServersDelivery 'initialize': the servers come over stdin, their env never on agentcli's command line, and are applied", async () => {
    rig = await startSdkRig([endTurn('done')]);
    // In the project: the server runs in the OS sandbox, where only the working directories (not /tmp or the config folder) are writable.
    const log = path.join(rig.cwd, 'fixture-starts.log');
    const argvs: string[][] = [];
    const run = rig.run('hi', {
      mcpServers: { fixture: { command: fixture.command, args: fixture.args, env: { FIXTURE_LOG: log } } },
      mcpServersDelivery: 'initialize',
      spawnClaudeCodeProcess: (options) => {
        argvs.push(options.args);
        return spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal });
      },
    });
    const messages = await collect(run);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'done' });
    expect((await run.initializationResult()).mcp_servers_applied).toBe(true);
    expect(argvs).toHaveLength(1);
    expect(argvs[0]).toContain('--await-initialize');
    expect(argvs[0]!.join(' ')).not.toContain(log);
    expect(await readFile(log, 'utf8')).toMatch(/^start \d+\n$/);
    expect(offeredMcpTools(0)).toHaveLength(6);
  });

  it('an invalid server in the initialize request ends the session with one clear error, before any prompt is sent', async () => {
    rig = await startSdkRig([endTurn('never')]);
    const run = rig.run('hi', { mcpServers: { broken: { command: '' } as never }, mcpServersDelivery: 'initialize' });
    await expect(collect(run)).rejects.toThrow(/invalid MCP configuration in the Agent SDK's initialize request \(mcpServers\)/);
    expect(rig.server.requests).toHaveLength(0);
  });

  it('toggleMcpServer(false) takes the server and its tools away; (true) and reconnectMcpServer bring them back; an unknown name rejects', async () => {
    rig = await startSdkRig([endTurn('one'), endTurn('two'), endTurn('three')]);
    const prompts = promptStream();
    const run = rig.run(prompts.stream, { mcpServers: { fixture: { command: fixture.command, args: fixture.args } }, mcpServersDelivery: 'initialize' });
    prompts.push('first');
    const statuses: unknown[] = [];
    let results = 0;
    for await (const message of run) {
      if (message.type !== 'result') continue;
      results++;
      if (results === 1) {
        statuses.push(await run.mcpServerStatus());
        await run.toggleMcpServer('fixture', false);
        statuses.push(await run.mcpServerStatus());
        prompts.push('second');
      } else if (results === 2) {
        await expect(run.toggleMcpServer('nope', false)).rejects.toThrow('No MCP server named "nope". Servers: fixture.');
        await run.toggleMcpServer('fixture', true);
        await run.reconnectMcpServer('fixture');
        await expect(run.reconnectMcpServer('nope')).rejects.toThrow('No MCP server named "nope"');
        statuses.push(await run.mcpServerStatus());
        prompts.push('third');
      } else prompts.end();
    }
    expect(statuses).toEqual([
      [{ name: 'fixture', status: 'connected', scope: 'cli' }],
      [{ name: 'fixture', status: 'disabled', error: 'disabled', scope: 'cli' }],
      [{ name: 'fixture', status: 'connected', scope: 'cli' }],
    ]);
    expect(offeredMcpTools(0).length).toBe(6);
    expect(offeredMcpTools(1)).toEqual([]);
    expect(offeredMcpTools(2)).toEqual(offeredMcpTools(0));
  });

  it('setMcpServers adds, replaces and removes the servers it manages (a stdio one and an in-process one), reporting errors by name', async () => {
    rig = await startSdkRig([endTurn('one'), turn(toolUse('mcp__calc__add', { a: 2, b: 3 })), endTurn('5'), endTurn('three'), endTurn('four')]);
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({ content: [{ type: 'text', text: `sum is ${a + b}` }] }))],
    });
    const prompts = promptStream();
    const run = rig.run(prompts.stream, { allowedTools: ['mcp__calc__add'] });
    prompts.push('first');
    const results: unknown[] = [];
    let turns = 0;
    for await (const message of run) {
      if (message.type !== 'result') continue;
      turns++;
      if (turns === 1) {
        results.push(await run.setMcpServers({ fixture: { command: fixture.command, args: fixture.args }, calc }));
        prompts.push('second');
      } else if (turns === 2) {
        results.push(await run.setMcpServers({ calc }));
        prompts.push('third');
      } else if (turns === 3) {
        results.push(await run.setMcpServers({ broken: { command: '' }, missing: { command: process.execPath, args: ['/nonexistent/server.js'] } }));
        results.push(await run.mcpServerStatus());
        prompts.push('fourth');
      } else prompts.end();
    }
    expect(results[0]).toEqual({ added: ['fixture', 'calc'], removed: [], errors: {} });
    expect(results[1]).toEqual({ added: [], removed: ['fixture'], errors: {} });
    expect(results[2]).toMatchObject({ added: ['missing'], removed: ['calc'], errors: { broken: expect.stringContaining('command'), missing: expect.stringContaining('failed to start') } });
    expect(results[3]).toEqual([{ name: 'missing', status: 'failed', error: expect.any(String), scope: 'cli' }]);
    expect(offeredMcpTools(0)).toEqual([]);
    expect(offeredMcpTools(1)).toHaveLength(7);
    expect(offeredMcpTools(1)).toContain('mcp__calc__add');
    expect(offeredMcpTools(3)).toEqual(['mcp__calc__add']);
    expect(offeredMcpTools(4)).toEqual([]);
    const [result] = lastToolResultsOf(2);
    expect(JSON.stringify(result)).toContain('sum is 5');
  });
});
