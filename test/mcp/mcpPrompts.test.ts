// MCP prompts as slash commands (`/mcp__server__prompt args`), with server-everything's prompts:
// arguments fill in order, required ones are checked, the registry follows servers that connect
// late, and a headless -p run sends the rendered prompt as the user's turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { fillArguments, mcpPromptCommands } from '../../src/commands/mcpPromptCommands.js';
import { createCommandRegistry } from '../../src/commands/registry.js';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { startFakeAnthropic } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn } from '../support/scenario.js';
import { EVERYTHING, nodeServer, startManager } from './mcpTestSupport.js';

let everything: McpManager;
beforeAll(async () => {
  everything = await startManager({ everything: nodeServer(EVERYTHING) });
  await everything.whenStarted();
});
afterAll(async () => everything.close());

describe('MCP prompts as slash commands', () => {
  it('lists each prompt as /mcp__<server>__<prompt> with its arguments as the hint', () => {
    const commands = mcpPromptCommands(everything);
    const byName = new Map(commands.map((command) => [command.name, command]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['mcp__everything__simple-prompt', 'mcp__everything__args-prompt']));
    expect(byName.get('mcp__everything__args-prompt')).toMatchObject({ argumentHint: '<city> [state]' });
    expect(byName.get('mcp__everything__args-prompt')!.description).toContain('(MCP prompt from everything)');
  });

  it('fills arguments in order (the last takes the rest; quotes keep words together) and renders through the server', async () => {
    const command = mcpPromptCommands(everything).find((candidate) => candidate.name === 'mcp__everything__args-prompt')!;
    const result = await command.expand('"San Francisco" California Republic');
    expect(result.type).toBe('prompt');
    const prompt = result.type === 'prompt' ? result.prompt : '';
    expect(prompt).toContain('San Francisco');
    expect(prompt).toContain('California Republic');
    expect(await command.expand('')).toEqual({ type: 'text', tone: 'error', text: '/mcp__everything__args-prompt: missing city. Usage: /mcp__everything__args-prompt <city> [state]' });
  });

  it('refuses arguments to a prompt that takes none', () => {
    expect(fillArguments({ server: 's', name: 'p', arguments: [] }, 'extra')).toEqual({ ok: false, error: 'this prompt takes no arguments.' });
  });

  it('the command registry asks the servers each time, so prompts that arrive later are found and completed', () => {
    let live: ReturnType<typeof mcpPromptCommands> = [];
    const registry = createCommandRegistry(BUILTIN_COMMANDS, [], () => live);
    expect(registry.find('mcp__everything__simple-prompt')).toBeUndefined();
    live = mcpPromptCommands(everything);
    expect(registry.find('mcp__everything__simple-prompt')?.name).toBe('mcp__everything__simple-prompt');
    expect(registry.complete('mcp__everything__s').map((command) => command.name)).toContain('mcp__everything__simple-prompt');
    // A built-in keeps its name whatever a server calls its prompt.
    expect(registry.find('help')?.description).toBe(BUILTIN_COMMANDS.find((command) => command.name === 'help')!.description);
  });

  it('headless -p "/mcp__everything__args-prompt Paris" sends the rendered prompt', async () => {
    const server = await startFakeAnthropic({ script: [endTurn('Sunny.')] });
    try {
      const cwd = await tempDir('agentcli-prompt-cwd-');
      const configDir = await tempDir('agentcli-prompt-config-');
      const config = JSON.stringify({ mcpServers: { everything: nodeServer(EVERYTHING) } });
      const run = await runCli(['-p', '/mcp__everything__args-prompt Paris', '--mcp-config', config, '--output-format', 'json'], {
        cwd,
        env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir },
      });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).result).toBe('Sunny.');
      const sent = JSON.stringify(server.requests[0]!.body.messages.at(-1).content);
      expect(sent).toContain('Paris');
      expect(sent).not.toContain('/mcp__everything__args-prompt');
    } finally {
      await server.close();
    }
  });
});
