// /mcp in the REPL: lists servers with status, tool counts and failure
// reasons (with the server's stderr), and reconnects, disables or enables one.
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpCommand } from '../../src/commands/builtin/mcp.js';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import type { CommandContext } from '../../src/commands/types.js';
import type { CommandResult } from '../../src/commands/custom/commandResult.js';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';
import { isAlive, nodeServer, startManager, TEST_SERVER, waitFor } from './mcpTestSupport.js';

let fixture: CommandFixture | undefined;
let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.close();
  await fixture?.cleanup();
  manager = undefined;
  fixture = undefined;
});

async function contextWith(mcp: McpManager | undefined): Promise<CommandContext> {
  fixture = await commandFixture();
  return { ...fixture.context, session: { ...fixture.session, mcp } };
}

const text = (result: CommandResult): string => (result.type === 'text' ? result.text : `(${result.type})`);

describe('/mcp', () => {
  it('is a built-in command', () => {
    expect(BUILTIN_COMMANDS).toContain(mcpCommand);
  });

  it('lists each server with its status, tool count, and why one failed', async () => {
    manager = await startManager({
      fixture: nodeServer(TEST_SERVER),
      broken: nodeServer(TEST_SERVER, [], { FIXTURE_EXIT_AT_START: '1' }),
    });
    await manager.whenStarted();
    const output = text(await mcpCommand.run('', await contextWith(manager)));
    expect(output).toContain('fixture (stdio, cli) — connected · 6 tools');
    expect(output).toMatch(/broken \(stdio, cli\) — failed\n {2}failed to start: /);
    expect(output).toContain('broken stderr (last lines):\n  fixture: missing FIXTURE_TOKEN, cannot start');
    expect(output).toContain('/mcp reconnect <server>');
  });

  it('says how to add servers when there are none', async () => {
    expect(text(await mcpCommand.run('', await contextWith(undefined)))).toContain('No MCP servers configured');
  });

  it('reconnect <server> restarts it', async () => {
    manager = await startManager({ fixture: nodeServer(TEST_SERVER) });
    await manager.whenStarted();
    const context = await contextWith(manager);
    expect(text(await mcpCommand.run('reconnect fixture', context))).toBe('Reconnected fixture: 6 tools.');
    expect(manager.connection('fixture')!.status).toBe('connected');
    const unknown = await mcpCommand.run('reconnect nope', context);
    expect(unknown).toEqual({ type: 'text', tone: 'error', text: 'No MCP server named "nope". Servers: fixture.' });
  });

  it('disable <server> stops its process and takes its tools out of the pool; enable starts it again', async () => {
    const log = path.join(await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-toggle-')), 'starts.log');
    manager = await startManager({ fixture: nodeServer(TEST_SERVER, [], { FIXTURE_LOG: log }) });
    await manager.whenStarted();
    const context = await contextWith(manager);
    const starts = async (): Promise<number[]> => (await readFile(log, 'utf8')).trim().split('\n').map((line) => Number(line.split(' ')[1]));
    const [firstPid] = await starts();

    expect(text(await mcpCommand.run('disable fixture', context))).toBe('Disabled fixture: its tools are no longer offered to the model.');
    expect(manager.connection('fixture')!.status).toBe('disabled');
    expect(manager.tools()).toEqual([]);
    await waitFor(() => !isAlive(firstPid!), 10_000, 'the disabled server process to end');
    expect(text(await mcpCommand.run('', context))).toContain('fixture (stdio, cli) — disabled');
    expect(text(await mcpCommand.run('disable fixture', context))).toBe('Disabled fixture: its tools are no longer offered to the model.');

    expect(text(await mcpCommand.run('enable fixture', context))).toBe('Enabled fixture: 6 tools.');
    expect(manager.connection('fixture')!.status).toBe('connected');
    expect(manager.tools()).toHaveLength(6);
    expect(await starts()).toHaveLength(2);
    expect(await mcpCommand.run('enable nope', context)).toEqual({ type: 'text', tone: 'error', text: 'No MCP server named "nope". Servers: fixture.' });
    expect(await mcpCommand.run('disable', context)).toEqual({ type: 'text', tone: 'error', text: 'Name the server: /mcp disable <server>.' });
  });
});
