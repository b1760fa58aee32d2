// The slash commands an ACP session offers and runs come from the same catalog and the same
// interpreter as the REPL's and headless -p's: the same folders (the session's cwd), the same
// --setting-sources, and every kind of command (files, skills, MCP prompts) sends its prompt.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn } from '../support/scenario.js';
import { runCli, tempDir } from '../support/runCli.js';
import { EVERYTHING } from '../mcp/mcpTestSupport.js';
import { startAcpClient, type AcpTestClient } from './acpHarness.js';

let server: FakeAnthropicServer | undefined;
let clients: AcpTestClient[] = [];
let repo: string;
let configDir: string;

beforeEach(async () => {
  repo = await tempDir('agentcli-acp-catalog-');
  configDir = await tempDir('agentcli-acp-catalog-config-');
  await mkdir(path.join(repo, '.git'), { recursive: true });
  await writeCommand(repo, 'fromroot', 'Root command');
  await writeCommand(path.join(repo, 'pkg'), 'frompkg', 'Package command');
  await writeCommand(configDir, 'fromuser', 'User command', { configDir: true });
});
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
  await server?.close();
  server = undefined;
});

async function writeCommand(dir: string, name: string, description: string, options: { readonly configDir?: boolean } = {}): Promise<void> {
  const folder = options.configDir ? path.join(dir, 'commands') : path.join(dir, '.claude', 'commands');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, `${name}.md`), `---\ndescription: ${description}\n---\nRun ${name} on $ARGUMENTS.`);
}

function env(url: string): Record<string, string> {
  return { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' };
}

async function offeredCommands(cwd: string, args: readonly string[]): Promise<string[]> {
  server ??= await startFakeAnthropic({ script: [] });
  const client = await startAcpClient({ cwd, env: env(server.url), args });
  clients.push(client);
  await client.agent.request('session/new', { cwd, mcpServers: [] });
  const update = await client.waitForUpdate((candidate) => candidate.sessionUpdate === 'available_commands_update');
  return update.sessionUpdate === 'available_commands_update' ? update.availableCommands.map((command) => command.name) : [];
}

/** What headless -p sends for `/name` in `cwd`: the expanded template, or the text as typed when it is no command. */
async function headlessFirstPrompt(cwd: string, args: readonly string[], prompt: string): Promise<string> {
  const fake = await startFakeAnthropic({ script: [endTurn('ok')] });
  try {
    await runCli([...args, '-p', prompt], { cwd, env: env(fake.url) });
    return JSON.stringify(fake.requests[0]?.body.messages[0]?.content ?? '');
  } finally {
    await fake.close();
  }
}

describe('ACP slash commands: one catalog with the other front ends', () => {
  it('commands come from the session cwd (as in the REPL and -p), not from the repository root above it', async () => {
    const pkg = path.join(repo, 'pkg');
    const offered = await offeredCommands(pkg, []);
    expect(offered).toContain('frompkg');
    expect(offered).toContain('fromuser');
    expect(offered).not.toContain('fromroot');
    expect(await headlessFirstPrompt(pkg, [], '/frompkg x')).toContain('Run frompkg on x.');
  });

  it('--setting-sources user leaves the project commands out, as it does for -p', async () => {
    const offered = await offeredCommands(repo, ['--setting-sources', 'user']);
    expect(offered).toContain('fromuser');
    expect(offered).not.toContain('fromroot');
    // -p: the project command is no command at all, so it goes as typed.
    expect(await headlessFirstPrompt(repo, ['--setting-sources', 'user'], '/fromroot x')).toContain('/fromroot x');
  });

  it('--setting-sources project leaves the user commands out', async () => {
    const offered = await offeredCommands(repo, ['--setting-sources', 'project']);
    expect(offered).toContain('fromroot');
    expect(offered).not.toContain('fromuser');
  });

  it("an MCP server's prompt run as /mcp__server__prompt is sent to the model, as -p sends it", async () => {
    const script: ScriptedTurn[] = [endTurn('answered')];
    server = await startFakeAnthropic({ script });
    const client = await startAcpClient({ cwd: repo, env: env(server.url) });
    clients.push(client);
    const { sessionId } = await client.agent.request('session/new', {
      cwd: repo,
      mcpServers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING], env: [] }],
    });
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/mcp__everything__simple-prompt' }] });
    expect(stopReason).toBe('end_turn');
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(server.requests[0]!.body.messages[0].content)).toContain('simple prompt');
    const said = client
      .updatesOf(sessionId)
      .map((update: SessionUpdate) => (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text' ? update.content.text : ''))
      .join('');
    expect(said).toBe('answered');
  });
});
