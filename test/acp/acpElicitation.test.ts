// An MCP server's elicitation in an editor (ACP): a question that is a choice becomes
// session/request_permission (each choice an option, plus Decline), and the chosen value goes back to
// the server; a question that needs typing is declined without asking.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { tempDir } from '../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { FIXTURES } from '../mcp/mcpTestSupport.js';
import { option, startAcpClient, type AcpTestClient } from './acpHarness.js';

const ELICIT_SERVER = path.join(FIXTURES, 'elicitServer.mjs');
let cwd: string;
let configDir: string;
let server: FakeAnthropicServer | undefined;
let client: AcpTestClient | undefined;
beforeEach(async () => {
  cwd = await tempDir('agentcli-acp-elicit-cwd-');
  configDir = await tempDir('agentcli-acp-elicit-config-');
});
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function ask(schema: unknown, answer: (options: readonly { optionId: string; name: string }[]) => string): Promise<string> {
  server = await startFakeAnthropic({
    script: [turn(toolUse('mcp__ask__ask', { message: 'Which colour?', schema: JSON.stringify(schema) }, { id: 'toolu_ask' })), endTurn('ok')],
  });
  client = await startAcpClient({
    cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir },
    args: ['--allowedTools', 'mcp__ask'],
    permission: (request) => option(answer(request.options)),
  });
  await client.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const { sessionId } = await client.agent.request('session/new', {
    cwd,
    mcpServers: [{ name: 'ask', command: process.execPath, args: [ELICIT_SERVER], env: [] }],
  });
  await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
  return toolResultText(lastToolResults(server.requests[1]!)[0]!);
}

describe('elicitation over ACP', () => {
  it('a choice becomes a permission request whose options are the choices; the chosen one goes back', async () => {
    const schema = { type: 'object', properties: { colour: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] } }, required: ['colour'] };
    const result = await ask(schema, (options) => options.find((candidate) => candidate.name === 'Green')!.optionId);
    expect(client!.permissionRequests).toHaveLength(1);
    expect(client!.permissionRequests[0]!.toolCall.title).toBe('ask asks: Which colour?');
    expect(client!.permissionRequests[0]!.options.map((candidate) => candidate.name)).toEqual(['Red', 'Green', 'Decline']);
    expect(JSON.parse(result)).toEqual({ action: 'accept', content: { colour: 'g' } });
  });

  it('Decline declines', async () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    expect(JSON.parse(await ask(schema, () => 'decline'))).toEqual({ action: 'decline' });
  });

  it('a question that needs typing is declined without asking the editor', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    expect(JSON.parse(await ask(schema, () => 'decline'))).toEqual({ action: 'decline' });
    expect(client!.permissionRequests).toHaveLength(0);
  });
});
