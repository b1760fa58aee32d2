// Network faults: a connection reset mid-stream while parallel tools run, a 401 mid-session, a
// proxy that drops connections, a name that does not resolve, and an API 400 for a malformed
// history (repaired and sent once more, then a clear error). Each time: nothing completed is lost,
// no call runs twice, and the user gets one clear line.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { EMPTY_USAGE } from '../../src/services/api/cost.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createSession } from '../../src/app/createSession.js';
import type { LoadedTranscript } from '../../src/session/transcript/loadTranscript.js';
import type { ConversationMessage } from '../../src/types/messages.js';
import { newUuid } from '../../src/utils/ids.js';
import { runCli } from '../support/runCli.js';
import { cutStream, endTurn, toolUse, turn } from '../support/scenario.js';
import { assertResumes, assertTranscriptKeeps, cleanUpRig, cliEnv, expectOneClearLine, fakeServer, workspace } from './faultRig.js';

afterEach(cleanUpRig);

const BYPASS = ['--permission-mode', 'bypassPermissions'];

describe('network faults', () => {
  it('a connection reset mid-stream while parallel tools run: the turn is sent again, no call runs twice, results in call order', async () => {
    const ws = await workspace();
    for (const name of ['a', 'b', 'c']) await writeFile(path.join(ws.cwd, `${name}.txt`), `content of ${name}\n`);
    const reads = ['a', 'b', 'c'].map((name, index) => toolUse('Read', { file_path: path.join(ws.cwd, `${name}.txt`) }, { id: `toolu_read_${index}` }));
    // Two reads complete and start before the socket is cut; the retried message carries all three.
    const server = await fakeServer([cutStream(14, ...reads), turn(...reads), endTurn('all read')]);
    const run = await runCli(['-p', 'read them', ...BYPASS], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('all read');
    expect(server.violations).toEqual([]);
    const results = (server.requests[2]!.body.messages.at(-1).content as { type: string; tool_use_id: string; content: unknown }[]).filter((block) => block.type === 'tool_result');
    expect(results.map((block) => block.tool_use_id)).toEqual(['toolu_read_0', 'toolu_read_1', 'toolu_read_2']);
    expect(JSON.stringify(results)).toContain('content of c');
    const loaded = await assertTranscriptKeeps(ws, ['read them']);
    const toolUseIds = loaded.messages.flatMap((message) => (message.type === 'assistant' ? message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : []));
    expect(new Set(toolUseIds).size).toBe(toolUseIds.length);
  });

  it('a 401 mid-session: one line about the key, and the completed turn resumes', async () => {
    const ws = await workspace();
    const server = await fakeServer([
      turn(toolUse('Bash', { command: 'echo turn-one-done' })),
      { fault: { kind: 'http', status: 401, message: 'invalid x-api-key' } },
    ]);
    const run = await runCli(['-p', 'do two things', ...BYPASS], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(run.code).not.toBe(0);
    expectOneClearLine(run.stderr, /ANTHROPIC_API_KEY|api key|authentication/i);
    expect(server.requests).toHaveLength(2);
    await assertTranscriptKeeps(ws, ['do two things', 'turn-one-done']);
    await assertResumes(ws, ['do two things', 'turn-one-done']);
  });

  it('a proxy that drops every connection: retried, then one clear line', async () => {
    const ws = await workspace();
    const dropper = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    try {
      const port = (dropper.address() as net.AddressInfo).port;
      const run = await runCli(['-p', 'hello'], {
        cwd: ws.cwd,
        env: { ...cliEnv(ws, { url: 'http://api.example.test' }), HTTP_PROXY: `http://127.0.0.1:${port}`, HTTPS_PROXY: `http://127.0.0.1:${port}`, AGENTCLI_MAX_RETRIES: '2' },
      });
      expect(run.code).not.toBe(0);
      expectOneClearLine(run.stderr, /api\.example\.test|connect|network|proxy/i);
    } finally {
      dropper.close();
    }
  });

  it('a name that does not resolve: one clear line naming the host', async () => {
    const ws = await workspace();
    const run = await runCli(['-p', 'hello'], { cwd: ws.cwd, env: { ...cliEnv(ws, { url: 'http://no-such-host.invalid' }), AGENTCLI_MAX_RETRIES: '1' } });
    expect(run.code).not.toBe(0);
    expectOneClearLine(run.stderr, /no-such-host\.invalid/);
  });

  it('an API 400 that no repair can fix: one clear line with the API\'s reason, sent once', async () => {
    const ws = await workspace();
    const server = await fakeServer([{ fault: { kind: 'http', status: 400, message: 'messages.0.content: something the API dislikes' } }]);
    const run = await runCli(['-p', 'hello'], { cwd: ws.cwd, env: cliEnv(ws, server) });
    expect(run.code).not.toBe(0);
    expectOneClearLine(run.stderr, /something the API dislikes/);
    expect(server.requests).toHaveLength(1);
  });
});

describe('an API 400 for a malformed history', () => {
  const usage = { ...EMPTY_USAGE, input_tokens: 1, output_tokens: 1 };
  const at = new Date().toISOString();
  // A history that slipped past every check on the way in: a tool_use with no result, then a result for no call.
  const malformed: ConversationMessage[] = [
    { type: 'user', uuid: newUuid(), timestamp: at, content: 'first prompt' },
    { type: 'assistant', uuid: newUuid(), timestamp: at, id: 'msg_1', model: 'm', stopReason: 'tool_use', usage, content: [{ type: 'tool_use', id: 'toolu_lost', name: 'Read', input: {} }] },
    { type: 'user', uuid: newUuid(), timestamp: at, content: [{ type: 'tool_result', tool_use_id: 'toolu_ghost', content: 'orphan' }, { type: 'text', text: 'and then' }] },
  ];

  async function sessionWith(messages: ConversationMessage[], script: Parameters<typeof fakeServer>[0]) {
    const server = await fakeServer(script);
    const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-fault-config-'));
    const session = await createSession({
      cwd: configDir,
      env: { AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
      permissionMode: 'bypassPermissions',
      isInteractive: false,
      isTrusted: true,
      baseTools: [],
      modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
    });
    const transcript: LoadedTranscript = {
      sessionId: undefined, messages, leafUuid: null, writtenUuids: new Set(), cwd: undefined, gitBranch: undefined,
      mode: undefined, model: undefined, todos: undefined, title: undefined, contextTokens: undefined, warnings: [],
    };
    const conversation = new ConversationSession({ session, persist: false, resumed: { transcript, file: path.join(configDir, 'x.jsonl'), fork: true, keepModel: true, keepMode: true } });
    return { server, conversation, cleanup: () => rm(configDir, { recursive: true, force: true }) };
  }

  async function submit(conversation: ConversationSession, prompt: string) {
    const run = conversation.submit(prompt, { signal: new AbortController().signal });
    let step = await run.next();
    while (!step.done) step = await run.next();
    return step.value;
  }

  it('is repaired (the lost call answered, the orphan result dropped) and sent once more', async () => {
    const { server, conversation, cleanup } = await sessionWith(malformed, [endTurn('fine now')]);
    try {
      const outcome = await submit(conversation, 'next prompt');
      expect(outcome.reason).toBe('completed');
      // The fake refused the first request exactly as the API would (its invariant checks), then took the repaired one.
      expect(server.requests).toHaveLength(2);
      expect(server.violations.length).toBeGreaterThan(0);
      const sent = JSON.stringify(server.requests[1]!.body.messages);
      expect(sent).toContain('toolu_lost');
      expect(sent).not.toContain('toolu_ghost');
      expect(sent).toContain('next prompt');
    } finally {
      await cleanup();
    }
  });

  it('a second refusal after the repair is the turn\'s error: no third request', async () => {
    const { server, conversation, cleanup } = await sessionWith(malformed, [{ fault: { kind: 'http', status: 400, message: 'still not valid' } }]);
    try {
      const outcome = await submit(conversation, 'next prompt');
      expect(outcome.reason).toBe('api_error');
      expect(server.requests).toHaveLength(2);
    } finally {
      await cleanup();
    }
  });
});
