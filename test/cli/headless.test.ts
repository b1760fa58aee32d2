// The built CLI in headless mode, end to end against the fake Anthropic server.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endTurn, overloaded, toolUse, turn } from '../support/scenario.js';
import { runCli } from '../support/runCli.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { imageBlocksOfLastUserMessage, TINY_PNG, TINY_PNG_BASE64 } from '../support/tinyPng.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

const headless = workspace.run;

describe('agentcli -p', () => {
  it('text: prints the final answer and exits 0', async () => {
    const run = await headless([endTurn('Hello from the model.')], ['-p', 'hello']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('Hello from the model.\n');
    expect(run.code).toBe(0);
    const body = workspace.server!.requests[0]!.body;
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }] }]);
    expect(JSON.stringify(body.system)).toContain(cwd);
  });

  it('json: one result object in the Claude Code shape', async () => {
    const run = await headless([{ ...endTurn('42'), usage: { input_tokens: 10, output_tokens: 2 } }], ['-p', 'answer', '--output-format', 'json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: '42',
      num_turns: 1,
      usage: { input_tokens: 10, output_tokens: 2 },
      permission_denials: [],
    });
    expect(typeof result.session_id).toBe('string');
    expect(typeof result.duration_ms).toBe('number');
    expect(typeof result.duration_api_ms).toBe('number');
    expect(result.total_cost_usd).toBeGreaterThan(0);
  });

  it('stream-json: init, every assistant and user message, then the result — one JSON object per line', async () => {
    const run = await headless([turn(toolUse('NoSuchTool', { a: 1 })), endTurn('done')], ['-p', 'go', '--output-format', 'stream-json']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(['system', 'assistant', 'user', 'assistant', 'result']);
    expect(lines[0]).toMatchObject({ subtype: 'init', cwd, permissionMode: 'default' });
    expect(Array.isArray(lines[0].tools)).toBe(true);
    expect(lines[1].message.content[0]).toMatchObject({ type: 'tool_use', name: 'NoSuchTool' });
    expect(lines[2].message.content[0]).toMatchObject({ type: 'tool_result', is_error: true });
    expect(lines[4]).toMatchObject({ subtype: 'success', num_turns: 2, result: 'done' });
    for (const line of lines.slice(1)) expect(line.session_id).toBe(lines[0].session_id);
  });

  it('reads the prompt from stdin when none is given', async () => {
    const run = await headless([endTurn('from stdin')], ['-p'], { stdin: 'what is on stdin?' });
    expect(run.stdout).toBe('from stdin\n');
    expect(JSON.stringify(workspace.server!.requests[0]!.body.messages)).toContain('what is on stdin?');
  });

  it('--input-format stream-json runs each stdin message in one conversation', async () => {
    const stdin = [
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'first' } }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'second' }] } }),
    ].join('\n');
    const run = await headless([endTurn('one'), endTurn('two')], ['-p', '--input-format', 'stream-json', '--output-format', 'json'], { stdin });
    expect(run.code).toBe(0);
    const results = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(results.map((r) => r.result)).toEqual(['one', 'two']);
    expect(workspace.server!.requests[1]!.body.messages).toHaveLength(3);
  });

  it('--max-turns ends with error_max_turns and a non-zero exit', async () => {
    const run = await headless([turn(toolUse('Nope', {})), turn(toolUse('Nope', {}))], ['-p', 'loop', '--max-turns', '1', '--output-format', 'json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'error_max_turns', is_error: true, num_turns: 1 });
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('retries an overloaded API and still succeeds', async () => {
    const run = await headless([overloaded(), endTurn('patience pays')], ['-p', 'hi']);
    expect(run.stdout).toBe('patience pays\n');
    expect(run.stderr).toBe('');
    expect(workspace.server!.requests).toHaveLength(2);
  });

  it('--verbose says on stderr why a request was retried', async () => {
    const run = await headless([overloaded({ message: 'busy right now' }), endTurn('ok')], ['-p', 'hi', '--verbose']);
    expect(run.stdout).toBe('ok\n');
    expect(run.stderr).toMatch(/^agentcli: attempt 1 failed \(busy right now\); retrying in \d+ ms\n$/);
  });

  it('--model and ANTHROPIC_MODEL choose the model; aliases resolve through the model table', async () => {
    await headless([endTurn('a')], ['-p', 'x', '--model', 'claude-opus-5-5']);
    expect(workspace.server!.requests[0]!.body.model).toBe('claude-opus-5-5');
    await workspace.server!.close();
    await headless([endTurn('a')], ['-p', 'x', '--model', 'opus']);
    expect(workspace.server!.requests[0]!.body.model).toBe('claude-opus-4-8');
    await workspace.server!.close();
    // A full id is sent as typed, never rewritten to a dated snapshot a gateway may not know.
    await headless([endTurn('a')], ['-p', 'x', '--model', 'claude-sonnet-4-5']);
    expect(workspace.server!.requests[0]!.body.model).toBe('claude-sonnet-4-5');
    await workspace.server!.close();
    await headless([endTurn('a')], ['-p', 'x'], { env: { ANTHROPIC_MODEL: 'haiku' } });
    expect(workspace.server!.requests[0]!.body.model).toBe('claude-haiku-4-5-20251001');
  });

  it('defaults to a model id the API serves (claude-sonnet-5)', async () => {
    await headless([endTurn('a')], ['-p', 'x']);
    expect(workspace.server!.requests[0]!.body.model).toBe('claude-sonnet-5');
  });

  it('an unknown model id gets one line naming the id and --model', async () => {
    const run = await headless(
      [{ fault: { kind: 'http', status: 404, errorType: 'not_found_error', message: 'model: claude-nope-9' } }],
      ['-p', 'x', '--model', 'claude-nope-9'],
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('model "claude-nope-9" was not found');
    expect(run.stderr).toContain('--model');
  });
});

describe('agentcli user errors: one clear line on stderr, no stack', () => {
  const oneLine = (stderr: string) => {
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    return lines[0]!;
  };

  it('no API key', async () => {
    const run = await runCli(['-p', 'hi'], { cwd, env: { AGENTCLI_CONFIG_DIR: configDir } });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toMatch(/^agentcli: ANTHROPIC_API_KEY is not set/);
  });

  it('a bad flag', async () => {
    const run = await runCli(['-p', 'hi', '--output-format', 'xml'], { cwd, env: { ANTHROPIC_API_KEY: 'k' } });
    expect(run.code).not.toBe(0);
    expect(oneLine(run.stderr)).toContain('--output-format');
  });

  it('an unreachable endpoint, after retries', async () => {
    const run = await runCli(['-p', 'hi'], {
      cwd,
      env: {
        ANTHROPIC_API_KEY: 'k',
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
        AGENTCLI_CONFIG_DIR: configDir,
        AGENTCLI_MAX_RETRIES: '2',
        AGENTCLI_RETRY_BASE_DELAY_MS: '1',
      },
    });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toMatch(/^agentcli: could not reach the API at http:\/\/127\.0\.0\.1:9/);
  });

  it('a malformed rule in CLAUDE.md names the file and line', async () => {
    await writeFile(path.join(cwd, 'CLAUDE.md'), '# rules\nallow: Bash(git status)\ndeny: Bash(rm -rf*\n');
    const run = await runCli(['-p', 'hi'], { cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir } });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toBe(`agentcli: invalid permission rule in ${path.join(cwd, 'CLAUDE.md')}:3: rule "Bash(rm -rf*" is missing its closing parenthesis`);
  });

  it('an unreadable settings file names the file and the reason', async () => {
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(cwd, '.claude', 'settings.json'), '{"permissions": {"allow": [');
    const run = await runCli(['-p', 'hi'], { cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir } });
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toContain(`${path.join(cwd, '.claude', 'settings.json')}`);
    expect(run.stderr).toContain('invalid JSON');
  });

  it('--version and --help work without a key', async () => {
    const version = await runCli(['--version'], { cwd });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runCli(['--help'], { cwd });
    expect(help.stdout).toContain('--permission-mode');
  });
});

describe('agentcli -p with images', () => {
  it('@shot.png in the prompt is sent as an image block, read through the Read permission check', async () => {
    await writeFile(path.join(cwd, 'shot.png'), TINY_PNG);
    const run = await headless([endTurn('One pixel.')], ['-p', 'what is in @shot.png?']);
    expect(run.code).toBe(0);
    const body = workspace.server!.requests[0]!.body;
    expect(imageBlocksOfLastUserMessage(body)).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } }]);
    expect(JSON.stringify(body.messages.at(-1)!.content)).toContain('what is in @shot.png?');
  });

  it('an image a deny rule covers is not sent', async () => {
    await writeFile(path.join(cwd, 'secret.png'), TINY_PNG);
    const run = await headless([endTurn('Fine.')], ['-p', 'look at @secret.png', '--disallowedTools', 'Read(secret.png)']);
    expect(run.code).toBe(0);
    const body = workspace.server!.requests[0]!.body;
    expect(imageBlocksOfLastUserMessage(body)).toEqual([]);
    expect(JSON.stringify(body.messages.at(-1)!.content)).toContain('not attached: denied');
  });

  it('text file mentions are left for the model to read: the prompt stays a plain string', async () => {
    await writeFile(path.join(cwd, 'notes.md'), 'hello');
    await headless([endTurn('ok')], ['-p', 'summarise @notes.md']);
    expect(workspace.server!.requests[0]!.body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'summarise @notes.md', cache_control: { type: 'ephemeral' } }] }]);
  });
});
