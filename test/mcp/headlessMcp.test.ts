// The built CLI with MCP servers, end to end against the fake Anthropic
// server: --mcp-config, .mcp.json, the init line's mcp_servers, a model
// calling an MCP tool, the start-up timeout, deferral, and no server process
// left behind.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { runCli } from '../support/runCli.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { runningProcessesWithEnv } from '../support/processState.js';
import { EVERYTHING, MANY_TOOLS_SERVER, nodeServer, requestTools, TEST_SERVER } from './mcpTestSupport.js';

let project: string;
let configDir: string;
let fake: FakeAnthropicServer | undefined;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-cli-'));
  configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-cli-config-'));
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  await rm(project, { recursive: true, force: true });
  await rm(configDir, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}) {
  return runCli(['-p', 'use the tools', '--permission-mode', 'bypassPermissions', ...args], {
    cwd: project,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake!.url, AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5', ...env },
    timeoutMs: 30_000,
  });
}

const jsonLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function pidsIn(log: string): Promise<number[]> {
  if (!existsSync(log)) return [];
  return (await readFile(log, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.split(' ')[1]));
}

describe('agentcli -p with MCP servers', () => {
  it('--mcp-config: the model calls server-everything\'s echo; the init line lists the server', async () => {
    fake = await startFakeAnthropic({ script: [turn(toolUse('mcp__everything__echo', { message: 'over MCP' })), endTurn('done')] });
    const config = JSON.stringify({ mcpServers: { everything: nodeServer(EVERYTHING, ['stdio']) } });
    const run = await cli(['--output-format', 'stream-json', '--mcp-config', config]);
    expect(run.code).toBe(0);
    fake.assertNoViolations();
    const [init] = jsonLines(run.stdout);
    expect(init).toMatchObject({ type: 'system', subtype: 'init', mcp_servers: [{ name: 'everything', status: 'connected' }] });
    expect(init!.tools).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']));
    expect(requestTools(fake.requests[0]!).map((tool) => tool.name)).toContain('mcp__everything__echo');
    const [result] = lastToolResults(fake.requests[1]!);
    expect(result!.is_error).toBeUndefined();
    expect(result!.content).toEqual([{ type: 'text', text: 'Echo: over MCP' }]);
  });

  it('reads .mcp.json from the project folder, and ends its server process at exit', async () => {
    const log = path.join(project, 'starts.log');
    await writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { fixture: nodeServer(TEST_SERVER, [], { FIXTURE_LOG: '${FIXTURE_LOG_PATH}' }) } }));
    fake = await startFakeAnthropic({ script: [turn(toolUse('mcp__fixture__echo', { text: 'from the repo' })), endTurn('done')] });
    const run = await cli([], { FIXTURE_LOG_PATH: log });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('done\n');
    expect(lastToolResults(fake.requests[1]!)[0]!.content).toEqual([{ type: 'text', text: 'echo: from the repo' }]);
    expect(await pidsIn(log)).toHaveLength(1);
    // Found by its environment: a sandboxed server runs in its own PID namespace, where the pid it logs is not the host's.
    expect(runningProcessesWithEnv(`FIXTURE_LOG=${log}`)).toEqual([]);
  });

  it('goes on without a server slower than MCP_TIMEOUT, says so on stderr, and leaves no process behind', async () => {
    const log = path.join(project, 'starts.log');
    fake = await startFakeAnthropic({ script: [endTurn('answered anyway')] });
    const config = JSON.stringify({
      mcpServers: {
        slow: nodeServer(TEST_SERVER, [], { FIXTURE_START_DELAY_MS: '60000', FIXTURE_LOG: log }),
        quick: nodeServer(TEST_SERVER),
      },
    });
    // Generous for "quick" on a loaded machine; "slow" would take a minute.
    const run = await cli(['--output-format', 'stream-json', '--mcp-config', config], { MCP_TIMEOUT: '5000' });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'agentcli: MCP server "slow" did not start within 5 s (MCP_TIMEOUT); continuing without it.\n  its stderr ended with:\n    fixture: starting slowly\n',
    );
    const [init] = jsonLines(run.stdout);
    expect(init!.mcp_servers).toEqual([
      { name: 'slow', status: 'failed' },
      { name: 'quick', status: 'connected' },
    ]);
    expect(jsonLines(run.stdout).at(-1)).toMatchObject({ type: 'result', is_error: false, result: 'answered anyway' });
    expect(await pidsIn(log)).toHaveLength(1);
    expect(runningProcessesWithEnv(`FIXTURE_LOG=${log}`)).toEqual([]);
  });

  it('a server that cannot start is reported and the run continues', async () => {
    fake = await startFakeAnthropic({ script: [endTurn('fine')] });
    const config = JSON.stringify({ mcpServers: { ghost: { command: 'agentcli-no-such-mcp-server' } } });
    const run = await cli(['--mcp-config', config]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('fine\n');
    expect(run.stderr).toBe(
      'agentcli: MCP server "ghost" failed to start: the command "agentcli-no-such-mcp-server" was not found (is it installed and on PATH?); continuing without it.\n',
    );
  });

  it('--strict-mcp-config ignores .mcp.json', async () => {
    await writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { repo: nodeServer(TEST_SERVER) } }));
    fake = await startFakeAnthropic({ script: [endTurn('ok')] });
    const config = JSON.stringify({ mcpServers: { cli: nodeServer(TEST_SERVER) } });
    const run = await cli(['--output-format', 'stream-json', '--strict-mcp-config', '--mcp-config', config]);
    expect(jsonLines(run.stdout)[0]!.mcp_servers).toEqual([{ name: 'cli', status: 'connected' }]);
  });

  it('with 200 MCP tools the first request carries ToolSearch instead; the model loads one and calls it', async () => {
    const tool = 'mcp__many__crm_create_record_0';
    fake = await startFakeAnthropic({
      script: [turn(toolUse('ToolSearch', { query: `select:${tool}` })), turn(toolUse(tool, { workspace_id: 'w' })), endTurn('created')],
    });
    const config = JSON.stringify({ mcpServers: { many: nodeServer(MANY_TOOLS_SERVER) } });
    // haiku's 200k window: the 200 tools' definitions pass 10 % of it (not of the default model's 1M).
    const run = await cli(['--mcp-config', config, '--model', 'haiku']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('created\n');
    fake.assertNoViolations();
    const firstTools = requestTools(fake.requests[0]!).map((sent) => sent.name);
    expect(firstTools).toContain('ToolSearch');
    expect(firstTools.filter((name) => name.startsWith('mcp__'))).toEqual([]);
    expect(requestTools(fake.requests[1]!).map((sent) => sent.name)).toEqual([...firstTools, tool]);
    expect(lastToolResults(fake.requests[2]!)[0]!.content).toEqual([{ type: 'text', text: 'crm_create_record_0 ok {"workspace_id":"w"}' }]);
  });

  it('--disallowedTools mcp__server keeps the server\'s tools out of the run', async () => {
    fake = await startFakeAnthropic({ script: [endTurn('ok')] });
    const config = JSON.stringify({ mcpServers: { fixture: nodeServer(TEST_SERVER) } });
    const run = await cli(['--output-format', 'stream-json', '--mcp-config', config, '--disallowedTools', 'mcp__fixture']);
    expect(run.code).toBe(0);
    const tools = jsonLines(run.stdout)[0]!.tools as string[];
    expect(tools.some((name) => name.startsWith('mcp__fixture'))).toBe(false);
  });
});
