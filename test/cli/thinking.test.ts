// Extended thinking through the built CLI: the request parameters, thinking blocks kept around tool use,
// stream-json output, and the alwaysThinkingEnabled setting.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn, toolUse } from '../support/scenario.js';

let server: FakeAnthropicServer | undefined;
let cwd: string;
let configDir: string;
beforeEach(async () => {
  cwd = await tempDir('agentcli-think-');
  configDir = await tempDir('agentcli-config-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(script: ScriptedTurn[], args: string[]) {
  server = await startFakeAnthropic({ script });
  return runCli(args, {
    cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
  });
}

const thinkThenCall: ScriptedTurn = { blocks: [{ type: 'thinking', thinking: 'Let me list the files first.' }, toolUse('Glob', { pattern: '*' })] };

describe('extended thinking', () => {
  it('--max-thinking-tokens on a budget model: every request of the query thinks, and the signed thinking block goes back with the tool result', async () => {
    const result = await run([thinkThenCall, endTurn('done')], ['-p', 'list files', '--model', 'haiku', '--max-thinking-tokens', '5000']);
    expect(result.code).toBe(0);
    const [first, second] = server!.requests;
    expect(first!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 5_000 });
    expect(first!.body.max_tokens).toBeGreaterThanOrEqual(13_000);
    expect(second!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 5_000 });
    const assistant = second!.body.messages.find((message: { role: string }) => message.role === 'assistant');
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'Let me list the files first.', signature: 'sig_fake_0_0' });
    server!.assertNoViolations();
  });

  it('"ultrathink" on an adaptive model asks for adaptive thinking at high effort; --effort overrides', async () => {
    await run([endTurn('ok')], ['-p', 'ultrathink about the design']);
    expect(server!.requests[0]!.body.thinking).toEqual({ type: 'adaptive' });
    expect(server!.requests[0]!.body.output_config).toEqual({ effort: 'high' });
    await server!.close();
    await run([endTurn('ok')], ['-p', 'ultrathink about the design', '--effort', 'low']);
    expect(server!.requests[0]!.body.output_config).toEqual({ effort: 'low' });
  });

  it('a plain prompt sends no thinking parameter; --max-thinking-tokens 0 disables it', async () => {
    await run([endTurn('ok')], ['-p', 'hello', '--model', 'haiku']);
    expect(server!.requests[0]!.body).not.toHaveProperty('thinking');
    await server!.close();
    await run([endTurn('ok')], ['-p', 'ultrathink', '--max-thinking-tokens', '0']);
    expect(server!.requests[0]!.body.thinking).toEqual({ type: 'disabled' });
  });

  it('settings alwaysThinkingEnabled turns thinking on for every prompt', async () => {
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ alwaysThinkingEnabled: true }));
    await run([endTurn('ok')], ['-p', 'hello', '--model', 'haiku']);
    expect(server!.requests[0]!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 31_999 });
  });

  it('stream-json emits the thinking block in the assistant message', async () => {
    const result = await run([{ blocks: [{ type: 'thinking', thinking: 'Hmm.' }, { type: 'text', text: 'Answer.' }] }], [
      '-p',
      'think hard',
      '--output-format',
      'stream-json',
      '--verbose',
    ]);
    const assistant = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((line) => line.type === 'assistant');
    expect(assistant.message.content[0]).toMatchObject({ type: 'thinking', thinking: 'Hmm.' });
  });

  it('a bad --effort is one clear line', async () => {
    const result = await run([], ['-p', 'x', '--effort', 'extreme']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--effort must be one of low, medium, high');
  });
});
