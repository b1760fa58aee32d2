// /mcp in the REPL: lists servers with status, tool counts and failure
// reasons (with the server's stderr), and reconnects one.
import { afterEach, describe, expect, it } from 'vitest';
import { mcpCommand } from '../../src/commands/builtin/mcp.js';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import type { CommandContext, CommandResult } from '../../src/commands/types.js';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';
import { nodeServer, startManager, TEST_SERVER } from './mcpTestSupport.js';

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
});
