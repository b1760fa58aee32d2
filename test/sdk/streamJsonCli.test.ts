// agentcli --input-format stream-json --output-format stream-json, driven by hand (no SDK): headless
// without -p, one result per user message, bad lines reported and skipped, exit 0 when stdin closes.
import { afterEach, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { TINY_PNG_BASE64 } from '../support/tinyPng.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function streamJson(stdinLines: unknown[], extraArgs: string[] = [], script = [endTurn('one'), endTurn('two')], cwd?: string) {
  server = await startFakeAnthropic({ script });
  cwd ??= await tempDir('agentcli-sj-');
  return runCli(['--input-format', 'stream-json', '--output-format', 'stream-json', ...extraArgs], {
    cwd,
    stdin: stdinLines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n',
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: await tempDir('agentcli-sj-config-') },
  });
}

it('is headless without -p: each user message is a turn with its own result; a bad line is one stderr line; exit 0', async () => {
  const run = await streamJson([
    { type: 'user', message: { role: 'user', content: 'first' } },
    '{not json',
    { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } }] } },
  ]);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('agentcli: stdin line 2 is not valid JSON; ignored (one JSON message per line expected)\n');
  const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
  expect(lines.filter((line) => line.type === 'result').map((line) => line.result)).toEqual(['one', 'two']);
  const secondPrompt = server!.requests[1]!.body.messages.at(-1).content;
  expect(secondPrompt).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'image', source: expect.objectContaining({ type: 'base64', media_type: 'image/png' }) })]));
});

it('answers initialize with models, agents and account, then runs a user message sent before the answer', async () => {
  const run = await streamJson([
    { type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize', systemPrompt: [''] } },
    { type: 'user', message: { role: 'user', content: 'hi' } },
  ]);
  expect(run.code).toBe(0);
  const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
  const answer = lines.find((line) => line.type === 'control_response');
  expect(answer.response).toMatchObject({ subtype: 'success', request_id: 'init-1' });
  expect(answer.response.response).toMatchObject({ commands: [expect.objectContaining({ name: 'init' }), expect.objectContaining({ name: 'review', argumentHint: '[what to focus on]' }), expect.objectContaining({ name: 'doctor' }), expect.objectContaining({ name: 'permissions' })], output_style: 'default', account: { apiKeySource: 'ANTHROPIC_API_KEY' } });
  expect(answer.response.response.models.map((model: { value: string }) => model.value)).toContain('sonnet');
  expect(answer.response.response.agents.map((agent: { name: string }) => agent.name)).toContain('general-purpose');
  expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'one' });
  // An empty system prompt from the SDK (its default) keeps agentcli's own instructions.
  expect(JSON.stringify(server!.requests[0]!.body.system)).toContain('You are agentcli');
});

it('--permission-prompt-tool stdio without the control protocol fails with one line', async () => {
  const cwd = await tempDir('agentcli-sj-');
  const run = await runCli(['-p', 'hi', '--permission-prompt-tool', 'stdio'], { cwd });
  expect(run.code).not.toBe(0);
  expect(run.stderr).toMatch(/^agentcli: --permission-prompt-tool stdio needs --input-format stream-json --output-format stream-json/);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
});

it('attack: closing stdin so an SDK PreToolUse hook cannot answer does not let the call run unguarded', async () => {
  const cwd = await tempDir('agentcli-sj-');
  const run = await streamJson(
    [
      { type: 'control_request', request_id: 'init', request: { subtype: 'initialize', hooks: { PreToolUse: [{ matcher: 'Write', hookCallbackIds: ['guard'] }] } } },
      { type: 'user', message: { role: 'user', content: 'write it' } },
    ],
    ['--permission-mode', 'acceptEdits'],
    [turn(toolUse('Write', { file_path: 'unguarded.txt', content: 'x' })), endTurn('done')],
    cwd,
  );
  expect(run.code).toBe(0);
  expect(existsSync(path.join(cwd, 'unguarded.txt'))).toBe(false);
  const [result] = lastToolResults(server!.requests[1]!);
  expect(result).toMatchObject({ is_error: true });
  expect(JSON.stringify(result!.content)).toContain('could not answer');
});

it('an initialize after the session started is refused, never silently half-applied', async () => {
  const run = await streamJson([
    { type: 'user', message: { role: 'user', content: 'hi' } },
    { type: 'control_request', request_id: 'late', request: { subtype: 'initialize', hooks: { PreToolUse: [{ hookCallbackIds: ['h'] }] } } },
  ]);
  expect(run.code).toBe(0);
  const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
  const answer = lines.find((line) => line.type === 'control_response');
  expect(answer.response).toMatchObject({ subtype: 'error', request_id: 'late', error: expect.stringMatching(/already started.*not applied/) });
});

it('runs a custom command from a user message as -p does, and lists it in initialize and system/init', async () => {
  const cwd = await tempDir('agentcli-sj-');
  await mkdir(path.join(cwd, '.claude', 'commands', 'frontend'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'commands', 'frontend', 'lint.md'), '---\ndescription: Lint a folder\nargument-hint: <dir>\n---\nLint everything under $ARGUMENTS and report.');
  const run = await streamJson(
    [
      { type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } },
      { type: 'user', message: { role: 'user', content: '/frontend:lint src/ui' } },
      { type: 'user', message: { role: 'user', content: '/clear' } },
      { type: 'user', message: { role: 'user', content: '/doctor' } },
    ],
    [],
    [endTurn('linted')],
    cwd,
  );
  expect(run.code).toBe(0);
  const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
  const answer = lines.find((line) => line.type === 'control_response');
  expect(answer.response.response.commands).toContainEqual({ name: 'frontend:lint', description: expect.stringContaining('Lint a folder'), argumentHint: '<dir>' });
  expect(lines.find((line) => line.type === 'system' && line.subtype === 'init').slash_commands).toEqual(expect.arrayContaining(['init', 'review', 'doctor', 'permissions', 'frontend:lint']));
  // The model was asked the expanded prompt, not the command line.
  expect(JSON.stringify(server!.requests[0]!.body.messages.at(-1).content)).toContain('Lint everything under src/ui and report.');
  // A REPL built-in is refused with a result that says so; nothing more reaches the model.
  const results = lines.filter((line) => line.type === 'result');
  expect(results.map((line) => line.is_error)).toEqual([false, true, false]);
  expect(results[1].result).toMatch(/\/clear is a command of the interactive REPL/);
  // /doctor answers itself: its report is the result, of no model turns.
  expect(results[2]).toMatchObject({ subtype: 'success', num_turns: 0 });
  expect(results[2].result).toMatch(/^✓ Terminal +n\/a \(headless/m);
  expect(server!.requests).toHaveLength(1);
});
