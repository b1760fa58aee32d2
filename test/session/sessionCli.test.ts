// Saved sessions through the built CLI against the fake server: --continue, --resume <id>,
// --fork-session, --session-id, --no-session-persistence, session_id in the output, and a real
// SIGKILL mid-stream and mid-tool followed by --continue (the fake server rejects any request
// that is not a valid API conversation).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectDir } from '../../src/settings/configPaths.js';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn, text } from '../support/scenario.js';
import { CLI_BIN, runCli, tempDir } from '../support/runCli.js';

let server: FakeAnthropicServer | undefined;
let cwd: string;
let configDir: string;

beforeEach(async () => {
  cwd = await tempDir('agentcli-session-cwd-');
  configDir = await tempDir('agentcli-session-config-');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function env(): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: server!.url,
    ANTHROPIC_API_KEY: 'sk-test-key-that-must-not-leak',
    AGENTCLI_CONFIG_DIR: configDir,
    AGENTCLI_RETRY_BASE_DELAY_MS: '5',
  };
}

async function run(args: string[]) {
  return runCli(args, { cwd, env: env() });
}

async function sessionFiles(): Promise<string[]> {
  try {
    return (await readdir(projectDir(configDir, cwd))).filter((name) => name.endsWith('.jsonl')).sort();
  } catch {
    return [];
  }
}

function userTexts(body: { messages: { role: string; content: unknown }[] }): string[] {
  return body.messages.flatMap((message) => {
    if (message.role !== 'user') return [];
    if (typeof message.content === 'string') return [message.content];
    return (message.content as { type: string; text?: string }[]).flatMap((block) =>
      block.type === 'text' && block.text && !block.text.startsWith('<system-reminder>') ? [block.text] : [],
    );
  });
}

describe('saved sessions through the CLI', () => {
  it('--continue sends the earlier conversation with the new prompt; json carries the session_id', async () => {
    server = await startFakeAnthropic({ script: [endTurn('First answer.'), endTurn('Second answer.')] });
    const first = await run(['-p', 'remember the number 7', '--output-format', 'json']);
    expect(first.code).toBe(0);
    const firstId = JSON.parse(first.stdout).session_id as string;
    expect(await sessionFiles()).toEqual([`${firstId}.jsonl`]);

    const second = await run(['-p', 'which number?', '--continue', '--output-format', 'json']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).session_id).toBe(firstId);
    const body = server.requests[1]!.body;
    expect(userTexts(body)).toEqual(['remember the number 7', 'which number?']);
    expect(body.messages[1]).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'First answer.' }] });
    // Edit's read-first state is not restored: the model is told files may have changed.
    expect(JSON.stringify(body.messages.at(-1))).toContain('resumed from a saved session');
    expect(await sessionFiles()).toEqual([`${firstId}.jsonl`]);
    server.assertNoViolations();
  });

  it('transcript lines are Claude Code-shaped, mode 0600, and never contain the API key', async () => {
    server = await startFakeAnthropic({ script: [endTurn('I will not print sk-test-key-that-must-not-leak.')] });
    const result = await run(['-p', 'hello', '--output-format', 'json']);
    const id = JSON.parse(result.stdout).session_id as string;
    const file = path.join(projectDir(configDir, cwd), `${id}.jsonl`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const textContent = await readFile(file, 'utf8');
    expect(textContent).not.toContain('sk-test-key-that-must-not-leak');
    const lines = textContent.trim().split('\n').map((line) => JSON.parse(line));
    const user = lines.find((line) => line.type === 'user');
    const assistant = lines.find((line) => line.type === 'assistant');
    expect(user).toMatchObject({ parentUuid: null, sessionId: id, cwd, isSidechain: false, message: { role: 'user', content: 'hello' } });
    expect(user.version).toEqual(expect.any(String));
    expect(user.timestamp).toEqual(expect.any(String));
    expect(assistant).toMatchObject({ parentUuid: user.uuid, sessionId: id, message: { role: 'assistant', type: 'message', stop_reason: 'end_turn' } });
    expect(lines.find((line) => line.type === 'title')).toMatchObject({ title: 'hello', sessionId: id });
  });

  it('--resume <id> picks that session; --fork-session continues under a new id and leaves the old file byte for byte', async () => {
    server = await startFakeAnthropic({ script: [endTurn('A1'), endTurn('B1'), endTurn('A2'), endTurn('A3')] });
    const a = JSON.parse((await run(['-p', 'session A', '--output-format', 'json'])).stdout).session_id as string;
    const b = JSON.parse((await run(['-p', 'session B', '--output-format', 'json'])).stdout).session_id as string;
    expect(a).not.toBe(b);

    const resumed = await run(['-p', 'back to A', '--resume', a, '--output-format', 'json']);
    expect(JSON.parse(resumed.stdout).session_id).toBe(a);
    expect(userTexts(server.requests[2]!.body)).toEqual(['session A', 'back to A']);

    const fileA = path.join(projectDir(configDir, cwd), `${a}.jsonl`);
    const before = await readFile(fileA);
    const forked = await run(['-p', 'fork of A', '--resume', a, '--fork-session', '--output-format', 'json']);
    const forkId = JSON.parse(forked.stdout).session_id as string;
    expect(forkId).not.toBe(a);
    expect(userTexts(server.requests[3]!.body)).toEqual(['session A', 'back to A', 'fork of A']);
    expect((await readFile(fileA)).equals(before)).toBe(true);
    expect(await sessionFiles()).toContain(`${forkId}.jsonl`);
    server.assertNoViolations();
  });

  it('stream-json: system/init and result carry the session id given with --session-id; a used id is an error', async () => {
    server = await startFakeAnthropic({ script: [endTurn('ok')] });
    const id = '3f2c1a9e-7b6d-4e5f-8a9b-0c1d2e3f4a5b';
    const result = await run(['-p', 'hi', '--session-id', id, '--output-format', 'stream-json', '--verbose']);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ type: 'system', subtype: 'init', session_id: id });
    expect(lines.at(-1)).toMatchObject({ type: 'result', session_id: id });

    const again = await run(['-p', 'hi', '--session-id', id]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`session id ${id} is already used`);
    expect(server.requests).toHaveLength(1);
  });

  it('flag errors are one clear line: --resume without an id in -p, --fork-session alone, nothing to continue', async () => {
    server = await startFakeAnthropic({ script: [] });
    const noId = await run(['-p', 'x', '--resume']);
    expect(noId.code).not.toBe(0);
    expect(noId.stderr).toContain('--resume needs a session id with -p');
    const fork = await run(['-p', 'x', '--fork-session']);
    expect(fork.stderr).toContain('--fork-session needs --continue or --resume');
    const nothing = await run(['-p', 'x', '--continue']);
    expect(nothing.stderr).toContain('no saved session to continue');
    const unknown = await run(['-p', 'x', '--resume', 'no-such-session']);
    expect(unknown.stderr).toContain('no saved session with id no-such-session');
    expect(server.requests).toHaveLength(0);
  });

  it('auto compaction: stream-json shows a compact_boundary system event; --continue then sends the compacted conversation', async () => {
    server = await startFakeAnthropic({
      script: [{ ...endTurn('Big answer.'), usage: { input_tokens: 170_000, output_tokens: 100 } }, endTurn('the summary'), endTurn('Small again.')],
    });
    await run(['-p', 'first']);
    const second = await runCli(['-p', 'second', '--continue', '--output-format', 'stream-json', '--verbose'], {
      cwd,
      env: { ...env(), AGENTCLI_CONTEXT_WINDOW: '200000' },
    });
    const lines = second.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const boundary = lines.find((line) => line.subtype === 'compact_boundary');
    expect(boundary).toMatchObject({ type: 'system', session_id: lines[0].session_id, compact_metadata: { trigger: 'auto', pre_tokens: 170_100 } });
    expect(boundary.compact_metadata.post_tokens).toBeLessThan(170_100);
    expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Small again.' });
    server.push(endTurn('Third.'));
    await run(['-p', 'third', '--continue']);
    const sent = JSON.stringify(server.requests[3]!.body.messages);
    expect(sent).toContain('the summary');
    expect(sent).not.toContain('Big answer.');
    server.assertNoViolations();
  });

  it('--no-session-persistence writes nothing', async () => {
    server = await startFakeAnthropic({ script: [endTurn('ok')] });
    const result = await run(['-p', 'hi', '--no-session-persistence']);
    expect(result.code).toBe(0);
    expect(await sessionFiles()).toEqual([]);
  });
});

function transcriptText(): string {
  try {
    const dir = projectDir(configDir, cwd);
    return readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8')).join('');
  } catch {
    return '';
  }
}

/** Starts the CLI, waits until the fake server has seen `requests` requests plus `afterMs`, then SIGKILLs it. */
async function killDuring(args: string[], until: () => boolean): Promise<void> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { cwd, env: { ...process.env, ...env(), ANTHROPIC_MODEL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!until() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  child.kill('SIGKILL');
  await exited;
}

describe('SIGKILL, then --continue', () => {
  it('mid-stream: the prompt survives, the half-streamed reply is gone, the next request is valid', async () => {
    server = await startFakeAnthropic({
      script: [{ ...turn(text('a long answer that streams slowly '.repeat(20))), chunkDelayMs: 50 }, endTurn('recovered')],
    });
    await killDuring(['-p', 'tell me a story'], () => server!.sent.filter((event) => event.requestIndex === 0).length > 5);
    const resumed = await run(['-p', 'are you there?', '--continue']);
    expect(resumed.stdout).toBe('recovered\n');
    expect(userTexts(server.requests[1]!.body)).toEqual(['tell me a story', 'are you there?']);
    server.assertNoViolations();
  });

  it('mid-tool: the tool_use gets a synthetic is_error result and the conversation goes on', async () => {
    server = await startFakeAnthropic({
      script: [turn(text('Running it.'), toolUse('Bash', { command: 'sleep 30' })), endTurn('recovered')],
    });
    // The Bash call (sleep 30) is running once the assistant line is in the file.
    await killDuring(['-p', 'run the slow thing', '--dangerously-skip-permissions'], () => transcriptText().includes('"type":"assistant"'));
    const resumed = await run(['-p', 'what happened?', '--continue']);
    expect(resumed.stdout).toBe('recovered\n');
    const body = server.requests[1]!.body;
    const results = body.messages.flatMap((message: { content: unknown }) =>
      Array.isArray(message.content) ? message.content.filter((block: { type: string }) => block.type === 'tool_result') : [],
    );
    expect(results).toEqual([expect.objectContaining({ is_error: true, content: 'interrupted: the session ended before this call finished' })]);
    server.assertNoViolations();
  });
});
