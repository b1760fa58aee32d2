// `/rewind` in an ACP editor: the built CLI driven by the ACP SDK's client; prompts change files through Bash,
// /rewind lists them, /rewind <n> previews (nothing changes), /rewind <n> restore puts the files back.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { tempDir } from '../support/runCli.js';
import { agentText, startAcpClient, type AcpTestClient } from './acpHarness.js';

let server: FakeAnthropicServer | undefined;
let client: AcpTestClient | undefined;
let cwd: string;
let configDir: string;

beforeEach(async () => {
  cwd = await tempDir('agentcli-acp-rewind-cwd-');
  configDir = await tempDir('agentcli-acp-rewind-config-');
});
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

describe('agentcli --acp: /rewind', () => {
  it('lists the prompts, previews, then restores the files', async () => {
    writeFileSync(path.join(cwd, 'app.txt'), 'one\n');
    server = await startFakeAnthropic({
      script: [turn(toolUse('Bash', { command: 'echo two >> app.txt && echo new > made.txt' })), endTurn('changed')],
    });
    client = await startAcpClient({ cwd, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' } });
    await client.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    const { sessionId } = await client.agent.request('session/new', { cwd, mcpServers: [] });
    await client.agent.request('session/set_mode', { sessionId, modeId: 'bypassPermissions' });
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'change the files' }] });
    expect(readFileSync(path.join(cwd, 'app.txt'), 'utf8')).toBe('one\ntwo\n');

    const said = async (text: string): Promise<string> => {
      const before = client!.updatesOf(sessionId).length;
      await client!.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
      return agentText(client!.updatesOf(sessionId).slice(before));
    };
    expect(await said('/rewind')).toContain('1. change the files — 2 files +2 −0: app.txt (+1 −0), made.txt (+1 −0)');
    const preview = await said('/rewind 1');
    expect(preview).toContain('restore app.txt (+0 −1)');
    expect(preview).toContain('remove (created since) made.txt');
    expect(existsSync(path.join(cwd, 'made.txt'))).toBe(true);
    expect(await said('/rewind 1 restore')).toContain('Restored 2 files to how they were before "change the files".');
    expect(readFileSync(path.join(cwd, 'app.txt'), 'utf8')).toBe('one\n');
    expect(existsSync(path.join(cwd, 'made.txt'))).toBe(false);
    expect(server.requests).toHaveLength(2);
  });
});
