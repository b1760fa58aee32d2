// The spend cap in an ACP session: the editor sees the 80 % warning and the stop line as agent messages.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { tempDir } from '../support/runCli.js';
import { agentText, startAcpClient, type AcpTestClient } from './acpHarness.js';

let server: FakeAnthropicServer | undefined;
let client: AcpTestClient | undefined;
let cwd: string;
let configDir: string;

beforeEach(async () => {
  cwd = await tempDir('agentcli-acp-cwd-');
  configDir = await tempDir('agentcli-acp-config-');
});
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

const costly = (scripted: ScriptedTurn): ScriptedTurn => ({ ...scripted, usage: { input_tokens: 100_000, output_tokens: 10 } });

it('warns at 80 % of the settings budget and stops the prompt at the cap with one clear line', async () => {
  await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ budget: { maxUsd: 0.5 } }));
  server = await startFakeAnthropic({
    script: [costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), endTurn('never sent')],
  });
  client = await startAcpClient({ cwd, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir } });
  await client.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const { sessionId } = await client.agent.request('session/new', { cwd, mcpServers: [] });
  const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
  expect(stopReason).toBe('max_turn_requests');
  expect(server.requests).toHaveLength(3);
  const said = agentText(client.updatesOf(sessionId));
  expect(said.match(/of the \$0\.50 spend cap \(\d+ %\)/g)).toHaveLength(1);
  expect(said).toContain('Stopped: the session reached its $0.50 spend cap.');
});
