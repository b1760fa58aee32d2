// `agentcli mcp serve`: the built-in tools over MCP on stdio, driven by the MCP SDK's client and by
// agentcli itself (an .mcp.json naming `agentcli mcp serve`). Calls run through a session's own
// pipeline in that folder: its permission rules and mode decide, an ask is put to the client's user
// through elicitation when the client can, and refused when it cannot — judged by the files on disk.
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../support/fakeAnthropic.js';
import { CLI_BIN, runCli, tempDir } from '../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';

const exists = (file: string) => access(file).then(() => true, () => false);
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function project(settings?: unknown): Promise<{ cwd: string; configDir: string }> {
  const cwd = await tempDir('agentcli-serve-cwd-');
  const configDir = await tempDir('agentcli-serve-config-');
  await writeFile(path.join(cwd, 'notes.txt'), 'served by agentcli\n');
  if (settings) {
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify(settings));
  }
  return { cwd, configDir };
}

async function connect(folders: { cwd: string; configDir: string }, options: { args?: string[]; answer?: 'accept' | 'decline' } = {}): Promise<{ client: Client; asked: string[] }> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('ANTHROPIC_')) env[key] = value;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, 'mcp', 'serve', ...(options.args ?? [])],
    cwd: folders.cwd,
    env: { ...env, AGENTCLI_CONFIG_DIR: folders.configDir },
    stderr: 'pipe',
  });
  const asked: string[] = [];
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: options.answer ? { elicitation: { form: {} } } : {} });
  if (options.answer) {
    const answer = options.answer;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: answer, ...(answer === 'accept' ? { content: {} } : {}) };
    });
  }
  await client.connect(transport);
  clients.push(client);
  return { client, asked };
}

const textOf = (result: Record<string, unknown>) => (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');

describe('agentcli mcp serve', () => {
  it('lists the built-in tools with their schemas; Read works with no API key', async () => {
    const folders = await project();
    const { client } = await connect(folders);
    const listed = (await client.listTools()).tools;
    expect(listed.map((tool) => tool.name).sort()).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'NotebookEdit', 'Read', 'WebFetch', 'WebSearch', 'Write']);
    expect(listed.find((tool) => tool.name === 'Read')!.inputSchema.properties).toHaveProperty('file_path');
    const read = await client.callTool({ name: 'Read', arguments: { file_path: path.join(folders.cwd, 'notes.txt') } });
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toContain('served by agentcli');
  });

  it('an ask is refused when the client cannot ask its user: nothing is written', async () => {
    const folders = await project();
    const { client } = await connect(folders);
    const target = path.join(folders.cwd, 'new.txt');
    const write = await client.callTool({ name: 'Write', arguments: { file_path: target, content: 'x' } });
    expect(write.isError).toBe(true);
    expect(await exists(target)).toBe(false);
  });

  it("an ask goes to the client's user through elicitation: yes writes, no does not", async () => {
    const folders = await project();
    const yes = await connect(folders, { answer: 'accept' });
    const target = path.join(folders.cwd, 'approved.txt');
    const write = await yes.client.callTool({ name: 'Write', arguments: { file_path: target, content: 'approved' } });
    expect(write.isError).toBeFalsy();
    expect(yes.asked).toHaveLength(1);
    expect(yes.asked[0]).toContain('Write');
    expect(await readFile(target, 'utf8')).toBe('approved');

    const no = await connect(folders, { answer: 'decline' });
    const refused = path.join(folders.cwd, 'refused.txt');
    const declined = await no.client.callTool({ name: 'Write', arguments: { file_path: refused, content: 'x' } });
    expect(declined.isError).toBe(true);
    expect(await exists(refused)).toBe(false);
  });

  it("the folder's rules and the mode hold: a deny rule wins even in bypassPermissions; acceptEdits writes inside the folder", async () => {
    const folders = await project({ permissions: { deny: ['Bash(touch:*)', 'Read(./secret.txt)'] } });
    await writeFile(path.join(folders.cwd, 'secret.txt'), 'TOP SECRET');
    const { client } = await connect(folders, { args: ['--permission-mode', 'bypassPermissions'] });
    const touch = await client.callTool({ name: 'Bash', arguments: { command: `touch ${path.join(folders.cwd, 'touched')}` } });
    expect(touch.isError).toBe(true);
    expect(await exists(path.join(folders.cwd, 'touched'))).toBe(false);
    const secret = await client.callTool({ name: 'Read', arguments: { file_path: path.join(folders.cwd, 'secret.txt') } });
    expect(secret.isError).toBe(true);
    expect(textOf(secret)).not.toContain('TOP SECRET');

    const edits = await connect(folders, { args: ['--permission-mode', 'acceptEdits'] });
    const inside = path.join(folders.cwd, 'inside.txt');
    const written = await edits.client.callTool({ name: 'Write', arguments: { file_path: inside, content: 'ok' } });
    expect(textOf(written)).toContain('Created inside.txt');
    expect(written.isError).toBeFalsy();
    expect(await readFile(inside, 'utf8')).toBe('ok');
  });

  it("the folder's PreToolUse hooks run: a hook that exits 2 stops the call and its stderr is the result", async () => {
    const folders = await project({
      hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'echo "no writes through MCP" >&2; exit 2' }] }] },
    });
    const { client } = await connect(folders, { args: ['--permission-mode', 'acceptEdits'] });
    const target = path.join(folders.cwd, 'hooked.txt');
    const write = await client.callTool({ name: 'Write', arguments: { file_path: target, content: 'x' } });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toContain('no writes through MCP');
    expect(await exists(target)).toBe(false);
  });

  it('agentcli as the client: an .mcp.json naming `agentcli mcp serve` gives the model mcp__self__Read', async () => {
    const folders = await project();
    await writeFile(path.join(folders.cwd, '.mcp.json'), JSON.stringify({ mcpServers: { self: { command: process.execPath, args: [CLI_BIN, 'mcp', 'serve'] } } }));
    const server = await startFakeAnthropic({
      script: [turn(toolUse('mcp__self__Read', { file_path: path.join(folders.cwd, 'notes.txt') }, { id: 'toolu_self' })), endTurn('done')],
    });
    try {
      const run = await runCli(['-p', 'read it', '--allowedTools', 'mcp__self'], {
        cwd: folders.cwd,
        env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: folders.configDir, AGENTCLI_TOOL_SEARCH: 'off' },
      });
      expect(run.code).toBe(0);
      expect(server.requests[0]!.body.tools.map((tool: { name: string }) => tool.name)).toContain('mcp__self__Read');
      expect(toolResultText(lastToolResults(server.requests[1]!)[0]!)).toContain('served by agentcli');
    } finally {
      await server.close();
    }
  });
});
