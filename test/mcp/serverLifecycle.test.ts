// A server's life: one that crashes mid-call (restarted on next use, a few
// times at most), one that never starts, one too slow for MCP_TIMEOUT, abort
// → notifications/cancelled, list_changed → the pool updates, stderr in the
// status, and every process ended on close.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { callThroughPipeline, contextFor, isAlive, nodeServer, startManager, TEST_SERVER, textOf, waitFor } from './mcpTestSupport.js';

let dir: string;
let manager: McpManager | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-life-'));
});
afterEach(async () => {
  await manager?.close();
  manager = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function starts(log: string): Promise<number[]> {
  const text = existsSync(log) ? await readFile(log, 'utf8') : '';
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.split(' ')[1]));
}

describe('a server that crashes mid-call', () => {
  it('the call fails with the server\'s stderr; the next call restarts it and works', async () => {
    const log = path.join(dir, 'starts.log');
    manager = await startManager({ fixture: nodeServer(TEST_SERVER, [], { FIXTURE_LOG: log }) });
    await manager.whenStarted();
    const context = () => contextFor(manager!.tools(), manager!.clients());
    const [firstPid] = await starts(log);

    const crashed = await callThroughPipeline(context(), 'mcp__fixture__crash', {});
    expect(crashed.status).toBe('error');
    expect(crashed.result.is_error).toBe(true);
    expect(textOf(crashed)).toContain('the MCP server "fixture" stopped while running crash');
    expect(textOf(crashed)).toContain('fixture: about to crash on purpose');
    expect(textOf(crashed)).toContain('It will be restarted on the next call.');
    const connection = manager.connection('fixture')!;
    expect(connection.status).toBe('failed');
    // The tools stay, so the tools array the model sees does not change.
    expect(manager.tools().map((tool) => tool.name)).toContain('mcp__fixture__echo');
    expect(isAlive(firstPid!)).toBe(false);

    const echoed = await callThroughPipeline(context(), 'mcp__fixture__echo', { text: 'back' });
    expect(textOf(echoed)).toBe('echo: back');
    expect(connection.status).toBe('connected');
    expect(await starts(log)).toHaveLength(2);
  });

  it('is restarted three times at most, then every call says why it cannot run', async () => {
    const log = path.join(dir, 'starts.log');
    manager = await startManager({ fixture: nodeServer(TEST_SERVER, [], { FIXTURE_LOG: log }) });
    await manager.whenStarted();
    const context = () => contextFor(manager!.tools(), manager!.clients());
    for (let crash = 1; crash <= 4; crash++) {
      const outcome = await callThroughPipeline(context(), 'mcp__fixture__crash', {});
      expect(textOf(outcome)).toContain('stopped while running crash');
    }
    const refused = await callThroughPipeline(context(), 'mcp__fixture__echo', { text: 'x' });
    expect(refused.result.is_error).toBe(true);
    expect(textOf(refused)).toContain('the MCP server "fixture" stopped 4 times and is not restarted again automatically');
    expect(textOf(refused)).toContain('/mcp');
    expect(await starts(log)).toHaveLength(4);

    // /mcp reconnect forgets the crashes.
    expect(await manager.reconnect('fixture')).toBe(true);
    expect(textOf(await callThroughPipeline(context(), 'mcp__fixture__echo', { text: 'again' }))).toBe('echo: again');
  });
});

describe('servers that do not start', () => {
  it('a command that does not exist: failed, saying so', async () => {
    manager = await startManager({ ghost: { command: 'agentcli-no-such-mcp-server', args: [] } });
    await manager.whenStarted();
    const connection = manager.connection('ghost')!;
    expect(connection.status).toBe('failed');
    expect(connection.problem).toBe('failed to start: the command "agentcli-no-such-mcp-server" was not found (is it installed and on PATH?)');
    expect(manager.tools()).toEqual([]);
  });

  it('a server that exits at start: failed, with the tail of its stderr', async () => {
    manager = await startManager({ broken: nodeServer(TEST_SERVER, [], { FIXTURE_EXIT_AT_START: '2' }) });
    await manager.whenStarted();
    const connection = manager.connection('broken')!;
    expect(connection.status).toBe('failed');
    expect(connection.problem).toMatch(/^failed to start: /);
    expect(manager.describe()).toEqual([
      expect.objectContaining({ name: 'broken', status: 'failed', toolCount: 0, stderrTail: ['fixture: missing FIXTURE_TOKEN, cannot start'] }),
    ]);
  });

  it('a server missing a ${VAR} fails alone, naming the variable', async () => {
    manager = await startManager({
      needsKey: nodeServer(TEST_SERVER, [], { KEY: '${AGENTCLI_TEST_UNSET_KEY}' }),
      fine: nodeServer(TEST_SERVER),
    });
    await manager.whenStarted();
    expect(manager.connection('needsKey')!.problem).toContain('environment variable AGENTCLI_TEST_UNSET_KEY is not set');
    expect(manager.connection('fine')!.status).toBe('connected');
  });

  it('a server slower than MCP_TIMEOUT is given up and its process ended', async () => {
    const log = path.join(dir, 'starts.log');
    manager = await startManager(
      { slow: nodeServer(TEST_SERVER, [], { FIXTURE_START_DELAY_MS: '20000', FIXTURE_LOG: log }), quick: nodeServer(TEST_SERVER) },
      { MCP_TIMEOUT: '4000' },
    );
    await manager.whenStarted();
    expect(manager.connection('quick')!.status).toBe('connected');
    const slow = manager.connection('slow')!;
    expect(slow.status).toBe('failed');
    expect(slow.problem).toBe('did not start within 4 s (MCP_TIMEOUT)');
    const [pid] = await starts(log);
    await waitFor(() => !isAlive(pid!), 5_000, 'the slow server to be ended');
  });
});

describe('calls', () => {
  it('an aborted call sends notifications/cancelled to the server', async () => {
    manager = await startManager({ fixture: nodeServer(TEST_SERVER) });
    await manager.whenStarted();
    const marker = path.join(dir, 'cancelled');
    const controller = new AbortController();
    const call = callThroughPipeline(contextFor(manager.tools(), manager.clients(), controller.signal), 'mcp__fixture__wait_for_cancel', { marker });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort({ kind: 'user_interrupt' });
    const outcome = await call;
    expect(outcome.status).toBe('interrupted');
    await waitFor(() => existsSync(marker), 5_000, 'the server to see the cancellation');
    expect(await readFile(marker, 'utf8')).toMatch(/^cancelled/);
  });

  it('output over MAX_MCP_OUTPUT_TOKENS is saved to a file and previewed', async () => {
    manager = await startManager({ fixture: nodeServer(TEST_SERVER) }, { MAX_MCP_OUTPUT_TOKENS: '1000' });
    await manager.whenStarted();
    const big = manager.tools().find((tool) => tool.name === 'mcp__fixture__big')!;
    expect(big.maxResultSizeChars).toBe(4_000);
    const context = { ...contextFor(manager.tools(), manager.clients()), session: { id: 's', dir, configDir: dir } };
    const outcome = await callThroughPipeline(context, 'mcp__fixture__big', { chars: 10_000 });
    const text = textOf(outcome);
    expect(text).toContain('output too large: 10,000 characters');
    expect(text).toContain(path.join(dir, 'tool-results'));
    expect(text).toContain('BEGIN');
    expect(text).toContain('END');
  });

  it('MCP tools default to 25,000 tokens ≈ 100,000 characters', async () => {
    manager = await startManager({ fixture: nodeServer(TEST_SERVER) });
    await manager.whenStarted();
    expect(manager.tools()[0]!.maxResultSizeChars).toBe(100_000);
  });
});

describe('notifications/tools/list_changed', () => {
  it('refreshes the server\'s tools and tells subscribers', async () => {
    manager = await startManager({ fixture: nodeServer(TEST_SERVER) });
    await manager.whenStarted();
    let notified = 0;
    manager.subscribe(() => notified++);
    expect(manager.tools().map((tool) => tool.name)).not.toContain('mcp__fixture__late_tool');

    await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__fixture__add_tool', { name: 'late_tool' });
    await waitFor(() => manager!.tools().some((tool) => tool.name === 'mcp__fixture__late_tool'), 5_000, 'the new tool');
    expect(notified).toBeGreaterThan(0);
    const outcome = await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__fixture__late_tool', {});
    expect(textOf(outcome)).toBe('late_tool ran');
  });
});

describe('shutdown', () => {
  it('close() ends every server process', async () => {
    const log = path.join(dir, 'starts.log');
    manager = await startManager({
      one: nodeServer(TEST_SERVER, [], { FIXTURE_LOG: log }),
      two: nodeServer(TEST_SERVER, [], { FIXTURE_LOG: log }),
    });
    await manager.whenStarted();
    const pids = await starts(log);
    expect(pids).toHaveLength(2);
    expect(pids.every(isAlive)).toBe(true);
    await manager.close();
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 5_000, 'the servers to exit');
    expect(manager.connections.map((connection) => connection.status)).toEqual(['disabled', 'disabled']);
  });

  it('close() during a server\'s start gives the start up and ends that process too', async () => {
    const log = path.join(dir, 'starts.log');
    manager = await startManager({ slow: nodeServer(TEST_SERVER, [], { FIXTURE_START_DELAY_MS: '60000', FIXTURE_LOG: log }) });
    await waitFor(async () => (await starts(log)).length === 1, 10_000, 'the slow server to spawn');
    const [pid] = await starts(log);
    expect(manager.connection('slow')!.status).toBe('pending');
    await manager.close();
    await waitFor(() => !isAlive(pid!), 5_000, 'the starting server to be ended');
  });
});
