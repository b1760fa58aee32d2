// `agentcli --acp` end to end: the ACP SDK's client drives the built CLI against the fake Anthropic server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn, type ScriptFn } from '../support/fakeAnthropic.js';
import { conversations } from '../support/agentConversations.js';
import { cutStream, endTurn, lastToolResults, text, thinking, toolUse, turn } from '../support/scenario.js';
import { CLI_BIN, tempDir } from '../support/runCli.js';
import { EVERYTHING } from '../mcp/mcpTestSupport.js';
import { agentText, option, startAcpClient, type AcpClientOptions, type AcpTestClient } from './acpHarness.js';
import { isRunning as isAlive, runningProcessesWithArgv, uniqueSleep } from '../support/processState.js';

let server: FakeAnthropicServer | undefined;
let clients: AcpTestClient[] = [];
let cwd: string;
let configDir: string;

beforeEach(async () => {
  cwd = await tempDir('agentcli-acp-cwd-');
  configDir = await tempDir('agentcli-acp-config-');
});
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
  await server?.close();
  server = undefined;
});

async function start(script: ScriptedTurn[] | ScriptFn, options: Partial<AcpClientOptions> = {}): Promise<AcpTestClient> {
  server ??= await startFakeAnthropic({ script });
  const client = await startAcpClient({
    cwd,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
    ...options,
  });
  clients.push(client);
  return client;
}

async function newSession(client: AcpTestClient): Promise<string> {
  const { sessionId } = await client.agent.request('session/new', { cwd, mcpServers: [] });
  return sessionId;
}

function toolCalls(updates: readonly SessionUpdate[]) {
  return updates.filter((update) => update.sessionUpdate === 'tool_call');
}

function finalUpdate(updates: readonly SessionUpdate[], toolCallId: string) {
  return updates.filter((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === toolCallId && update.status).at(-1);
}

function diffsOf(content: ToolCallContent[] | null | undefined) {
  return (content ?? []).filter((item) => item.type === 'diff');
}


describe('agentcli --acp', () => {
  it('initialize: protocol 1 with load, image and embedded context, and MCP over http and sse', async () => {
    server = await startFakeAnthropic({ script: [] });
    const client = await startAcpClient({ cwd, env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir } });
    clients.push(client);
    const answer = await client.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    expect(answer.protocolVersion).toBe(1);
    expect(answer.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { image: true, embeddedContext: true },
      mcpCapabilities: { http: true, sse: true },
    });
  });

  it('session/new advertises the permission modes and the slash commands, custom ones included', async () => {
    await mkdir(path.join(cwd, '.claude', 'commands'), { recursive: true });
    await writeFile(path.join(cwd, '.claude', 'commands', 'review.md'), '---\ndescription: Review the change\n---\nReview $ARGUMENTS');
    const client = await start([]);
    const { sessionId, modes } = await client.agent.request('session/new', { cwd, mcpServers: [] });
    expect(modes?.currentModeId).toBe('default');
    expect(modes?.availableModes.map((mode) => mode.id)).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions']);
    const update = await client.waitForUpdate((candidate) => candidate.sessionUpdate === 'available_commands_update');
    expect(update.sessionUpdate === 'available_commands_update' && update.availableCommands.map((command) => command.name)).toEqual(['compact', 'init', 'rewind', 'tasks', 'doctor', 'permissions', 'review']);
    expect(client.updatesOf(sessionId).length).toBeGreaterThan(0);
  });

  it('/doctor answers in the editor with the report (terminal n/a), without a model turn', async () => {
    const client = await start([]);
    const sessionId = await newSession(client);
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/doctor' }] });
    expect(stopReason).toBe('end_turn');
    const report = agentText(client.updatesOf(sessionId));
    expect(report.startsWith('```text\n')).toBe(true);
    for (const check of ['API', 'API key', 'Sandbox', 'ripgrep', 'Config files', 'MCP servers']) expect(report).toMatch(new RegExp(`^[✓!✗] ${check} `, 'm'));
    expect(report).toMatch(/^✓ Terminal +n\/a \(ACP: the editor draws the UI\)$/m);
    expect(server!.requests).toHaveLength(0);
  });

  it('/permissions in its text form: a rule added in the editor is listed with its scope and saved', async () => {
    const client = await start([]);
    const sessionId = await newSession(client);
    const say = async (text: string): Promise<string> => {
      const before = client.updatesOf(sessionId).length;
      await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
      return agentText(client.updatesOf(sessionId).slice(before));
    };
    expect(await say('/permissions allow Bash(npm test:*)')).toMatch(/^Added allow: Bash\(npm test:\*\)/);
    expect(await say('/permissions')).toMatch(/Allow:\n {2}Bash\(npm test:\*\) {2}— local: .*settings\.local\.json/);
    expect(JSON.parse(await readFile(path.join(cwd, '.claude', 'settings.local.json'), 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm test:*)'] } });
    expect(await say('/permissions frobnicate')).toContain('Unknown subcommand');
    expect(server!.requests).toHaveLength(0);
  });

  it('prompt: text streams as agent_message_chunk, thinking as agent_thought_chunk; the turn ends with end_turn', async () => {
    const client = await start([{ blocks: [thinking('Let me think.'), text('Hello from the model, in several chunks.')], textChunkSize: 5 }]);
    const sessionId = await newSession(client);
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
    expect(stopReason).toBe('end_turn');
    const updates = client.updatesOf(sessionId);
    const chunks = updates.filter((update) => update.sessionUpdate === 'agent_message_chunk');
    expect(chunks.length).toBeGreaterThan(3);
    expect(agentText(updates)).toBe('Hello from the model, in several chunks.');
    expect(updates.some((update) => update.sessionUpdate === 'agent_thought_chunk')).toBe(true);
    expect(server!.requests[0]!.body.messages[0].content[0]).toMatchObject({ type: 'text', text: 'hi' });
  });

  it('images and embedded resources in a prompt reach the model as image and text blocks', async () => {
    const client = await start([endTurn('seen')]);
    const sessionId = await newSession(client);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    await client.agent.request('session/prompt', {
      sessionId,
      prompt: [
        { type: 'text', text: 'look' },
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: `file://${cwd}/notes.md`, text: 'the selected text', mimeType: 'text/markdown' } },
      ],
    });
    const content = server!.requests[0]!.body.messages[0].content;
    expect(content[1]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } });
    expect(content[2].text).toContain('the selected text');
    expect(content[2].text).toContain(path.join(cwd, 'notes.md'));
  });

  it('an Edit the user allows once: tool_call with kind, title, location and raw input, then a diff, and the file changed on disk', async () => {
    const file = path.join(cwd, 'greeting.txt');
    await writeFile(file, 'hello\nworld\n');
    const client = await start(
      [
        turn(toolUse('Read', { file_path: file })),
        turn(toolUse('Edit', { file_path: file, old_string: 'world', new_string: 'there' })),
        endTurn('Edited.'),
      ],
      { permission: () => option('allow_once') },
    );
    const sessionId = await newSession(client);
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'edit it' }] });
    expect(stopReason).toBe('end_turn');
    expect(await readFile(file, 'utf8')).toBe('hello\nthere\n');

    const updates = client.updatesOf(sessionId);
    const [read, edit] = toolCalls(updates);
    expect(read).toMatchObject({ kind: 'read' });
    expect(edit).toMatchObject({ kind: 'edit', status: 'pending' });
    const described = updates.find((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === edit!.toolCallId && update.title);
    expect(described).toMatchObject({ title: 'Edit greeting.txt', kind: 'edit', locations: [{ path: file }], rawInput: { file_path: file, old_string: 'world', new_string: 'there' } });
    const done = finalUpdate(updates, edit!.toolCallId);
    expect(done?.sessionUpdate === 'tool_call_update' && done.status).toBe('completed');
    const diffs = done?.sessionUpdate === 'tool_call_update' ? diffsOf(done.content) : [];
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatchObject({ path: file });
    expect(diffs[0]!.type === 'diff' && diffs[0]!.oldText).toContain('world');
    expect(diffs[0]!.type === 'diff' && diffs[0]!.newText).toContain('there');

    // The permission request named the announced call and offered all four answers.
    expect(client.permissionRequests).toHaveLength(1);
    const request = client.permissionRequests[0]!;
    expect(request.toolCall.toolCallId).toBe(edit!.toolCallId);
    expect(request.options.map((choice) => choice.kind)).toEqual(['allow_once', 'allow_always', 'reject_once', 'reject_always']);
    // It showed the change before it was made: the whole file before and after.
    expect(request.toolCall.content).toEqual([{ type: 'diff', path: file, oldText: 'hello\nworld\n', newText: 'hello\nthere\n' }]);
  });

  it('a rejected Write leaves the disk untouched, the model is told, and the turn ends', async () => {
    const file = path.join(cwd, 'new.txt');
    const client = await start([turn(toolUse('Write', { file_path: file, content: 'should not exist' })), endTurn('unused')], {
      permission: () => option('reject_once'),
    });
    const sessionId = await newSession(client);
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write it' }] });
    expect(stopReason).toBe('end_turn');
    expect(existsSync(file)).toBe(false);
    const [write] = toolCalls(client.updatesOf(sessionId));
    const done = finalUpdate(client.updatesOf(sessionId), write!.toolCallId);
    expect(done?.sessionUpdate === 'tool_call_update' && done.status).toBe('failed');
    expect(client.permissionRequests).toHaveLength(1);
    expect(client.permissionRequests[0]!.toolCall.content).toEqual([{ type: 'diff', path: file, oldText: null, newText: 'should not exist' }]);
  });

  it.each(['reject_once', 'reject_always'] as const)('%s still answers every call: the next prompt, in this process or a resumed one, carries an is_error tool_result saying the user rejected it', async (kind) => {
    const file = path.join(cwd, 'refused.txt');
    // Slow chunks: the permission request is answered while the message is still streaming.
    const calls = {
      ...turn(
        toolUse('Write', { file_path: file, content: 'x' }, { id: 'toolu_refused' }),
        toolUse('Bash', { command: 'touch never-run' }, { id: 'toolu_after' }),
      ),
      chunkDelayMs: 15,
    };
    const client = await start([calls, endTurn('Understood.'), endTurn('Still here.')], { permission: () => option(kind) });
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write it' }] });
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'then what?' }] });
    expect(stopReason).toBe('end_turn');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(cwd, 'never-run'))).toBe(false);
    await client.close();
    const resumed = await start([]);
    await resumed.agent.request('session/load', { sessionId, cwd, mcpServers: [] });
    await resumed.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'and now?' }] });

    expect(server!.requests).toHaveLength(3);
    for (const request of server!.requests.slice(1)) {
      const messages = request.body.messages as { role: string; content: unknown }[];
      const results = messages.flatMap((message) =>
        Array.isArray(message.content) ? (message.content as { type: string; tool_use_id?: string; is_error?: boolean; content?: unknown }[]) : [],
      ).filter((block) => block.type === 'tool_result');
      expect(results.map((block) => block.tool_use_id)).toEqual(['toolu_refused', 'toolu_after']);
      expect(results[0]).toMatchObject({ is_error: true });
      expect(JSON.stringify(results[0]!.content)).toMatch(/user rejected/i);
      expect(results[1]).toMatchObject({ is_error: true });
    }
  });

  it('a permission request the client cancels is a rejection', async () => {
    const file = path.join(cwd, 'cancelled.txt');
    const client = await start([turn(toolUse('Write', { file_path: file, content: 'x' })), endTurn('unused')], {
      permission: () => ({ outcome: { outcome: 'cancelled' } }),
    });
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write it' }] });
    expect(existsSync(file)).toBe(false);
  });

  it('session/cancel while a permission request is open: the request is withdrawn, nothing runs, the prompt answers cancelled', async () => {
    const file = path.join(cwd, 'never.txt');
    let withdrawn = false;
    const client = await start([turn(toolUse('Write', { file_path: file, content: 'x' })), endTurn('unused')], {
      permission: (_request, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            withdrawn = true;
            resolve({ outcome: { outcome: 'cancelled' } });
          });
        }),
    });
    const sessionId = await newSession(client);
    const prompt = client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write' }] });
    while (client.permissionRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await client.agent.notify('session/cancel', { sessionId });
    expect((await prompt).stopReason).toBe('cancelled');
    expect(existsSync(file)).toBe(false);
    const deadline = Date.now() + 2_000;
    while (!withdrawn && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(withdrawn).toBe(true);
  });

  it('allow always saves the offered rule to .claude/settings.local.json, and the next call it covers does not ask', async () => {
    const file = path.join(cwd, 'one.txt');
    const client = await start(
      [turn(toolUse('Write', { file_path: file, content: '1\n' })), turn(toolUse('Write', { file_path: file, content: '2\n' })), endTurn('Both written.')],
      { permission: () => option('allow_always') },
    );
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write twice' }] });
    expect(await readFile(file, 'utf8')).toBe('2\n');
    expect(client.permissionRequests).toHaveLength(1);
    const settings = JSON.parse(await readFile(path.join(cwd, '.claude', 'settings.local.json'), 'utf8'));
    expect(settings.permissions.allow).toEqual(['Edit(./one.txt)']);
    const offered = client.permissionRequests[0]!.options.find((choice) => choice.kind === 'allow_always')!;
    expect(offered.name).toBe('Always allow Edit(./one.txt) in this project');
  });

  it('reject always denies the same call for the rest of the session without asking again', async () => {
    const client = await start(
      [turn(toolUse('Bash', { command: 'touch marker-one' })), turn(toolUse('Bash', { command: 'touch marker-one' })), endTurn('ok')],
      { permission: () => option('reject_always') },
    );
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'touch it' }] });
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'touch it again' }] });
    expect(existsSync(path.join(cwd, 'marker-one'))).toBe(false);
    expect(client.permissionRequests).toHaveLength(1);
    // The first prompt's turn ended at the rejection; the second prompt's call was denied by the session rule.
    expect(server!.requests).toHaveLength(3);
    const results = lastToolResults(server!.requests[2]!);
    expect(results[0]).toMatchObject({ is_error: true });
    expect(JSON.stringify(results[0]!.content)).toContain('Permission denied');
  });

  it('session/cancel during a long Bash: the prompt answers cancelled and the command process is gone', async () => {
    // Found by its command line: an approved command runs in the session sandbox's own PID namespace.
    const sleeper = uniqueSleep();
    const client = await start([turn(toolUse('Bash', { command: `${sleeper} & wait` })), endTurn('unused')], {
      permission: () => option('allow_once'),
    });
    const sessionId = await newSession(client);
    const prompt = client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run it' }] });
    const deadline = Date.now() + 10_000;
    while (runningProcessesWithArgv(sleeper).length === 0) {
      if (Date.now() > deadline) throw new Error(`the command never started; stderr: ${client.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await client.agent.notify('session/cancel', { sessionId });
    const { stopReason } = await prompt;
    expect(stopReason).toBe('cancelled');
    const gone = Date.now() + 5_000;
    while (runningProcessesWithArgv(sleeper).length > 0 && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(runningProcessesWithArgv(sleeper)).toEqual([]);
  });

  it('session/set_mode: acceptEdits lets an edit run without asking, and the mode change is reported', async () => {
    const file = path.join(cwd, 'mode.txt');
    const client = await start([turn(toolUse('Write', { file_path: file, content: 'accepted\n' })), endTurn('done')]);
    const sessionId = await newSession(client);
    await client.agent.request('session/set_mode', { sessionId, modeId: 'acceptEdits' });
    await client.waitForUpdate((update) => update.sessionUpdate === 'current_mode_update' && update.currentModeId === 'acceptEdits');
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write' }] });
    expect(await readFile(file, 'utf8')).toBe('accepted\n');
    expect(client.permissionRequests).toHaveLength(0);
    await expect(client.agent.request('session/set_mode', { sessionId, modeId: 'yolo' })).rejects.toThrow();
  });

  it('a command in bypassPermissions mode: kind execute, the command as title, its output fenced in the finished call', async () => {
    const client = await start([turn(toolUse('Bash', { command: 'echo hello-from-bash' })), endTurn('ran')]);
    const sessionId = await newSession(client);
    await client.agent.request('session/set_mode', { sessionId, modeId: 'bypassPermissions' });
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run' }] });
    expect(client.permissionRequests).toHaveLength(0);
    const updates = client.updatesOf(sessionId);
    const [call] = toolCalls(updates);
    expect(updates.find((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === call!.toolCallId && update.title)).toMatchObject({
      kind: 'execute',
      title: '`echo hello-from-bash`',
    });
    const done = finalUpdate(updates, call!.toolCallId);
    expect(done).toMatchObject({ status: 'completed', content: [{ type: 'content', content: { type: 'text' } }] });
    const shown = done?.sessionUpdate === 'tool_call_update' ? JSON.stringify(done.content) : '';
    expect(shown).toContain('```console');
    expect(shown).toContain('hello-from-bash');
  });

  it('a custom slash command is rendered from its template and sent as the prompt', async () => {
    await mkdir(path.join(cwd, '.claude', 'commands'), { recursive: true });
    await writeFile(path.join(cwd, '.claude', 'commands', 'greet.md'), '---\ndescription: Greet someone\n---\nSay hello to $ARGUMENTS, politely.');
    const client = await start([endTurn('Hello, World.')]);
    const sessionId = await newSession(client);
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/greet World' }] });
    expect(stopReason).toBe('end_turn');
    expect(JSON.stringify(server!.requests[0]!.body.messages[0].content)).toContain('Say hello to World, politely.');
    expect(agentText(client.updatesOf(sessionId))).toBe('Hello, World.');
  });

  it('a response cut off mid tool call: the unfinished call is reported failed, the retried one runs', async () => {
    const file = path.join(cwd, 'r.txt');
    await writeFile(file, 'retried\n');
    const client = await start([cutStream(4, toolUse('Read', { file_path: file })), turn(toolUse('Read', { file_path: file })), endTurn('read it')]);
    const sessionId = await newSession(client);
    const { stopReason } = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read' }] });
    expect(stopReason).toBe('end_turn');
    const updates = client.updatesOf(sessionId);
    const [cut, retried] = toolCalls(updates);
    expect(finalUpdate(updates, cut!.toolCallId)).toMatchObject({ status: 'failed' });
    expect(finalUpdate(updates, retried!.toolCallId)).toMatchObject({ status: 'completed' });
  });

  it('TodoWrite becomes a plan update', async () => {
    const todos = [
      { content: 'Read the code', status: 'completed', activeForm: 'Reading the code' },
      { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
    ];
    const client = await start([turn(toolUse('TodoWrite', { todos })), endTurn('planned')]);
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'plan' }] });
    const plan = client.updatesOf(sessionId).find((update) => update.sessionUpdate === 'plan');
    expect(plan).toMatchObject({
      entries: [
        { content: 'Read the code', status: 'completed' },
        { content: 'Fix the bug', status: 'in_progress' },
      ],
    });
    const [call] = toolCalls(client.updatesOf(sessionId));
    const described = client.updatesOf(sessionId).find((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === call!.toolCallId && update.kind);
    expect(described).toMatchObject({ kind: 'think' });
  });

  it("a subagent's work shows in its Agent call as it runs: the agent, its progress and the tool it is running", async () => {
    await writeFile(path.join(cwd, 'config.ts'), 'export const port = 8080;\n');
    const client = await start(
      conversations({
        delegate: [turn(toolUse('Agent', { description: 'find the port', prompt: 'child task', subagent_type: 'Explore' })), endTurn('the port is 8080')],
        'child task': [turn(toolUse('Read', { file_path: path.join(cwd, 'config.ts') })), endTurn('port 8080 in config.ts')],
      }),
    );
    const sessionId = await newSession(client);
    const answer = await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'delegate' }] });
    expect(answer.stopReason).toBe('end_turn');
    const updates = client.updatesOf(sessionId);
    const [agentCall] = toolCalls(updates);
    const progress = updates
      .filter((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === agentCall!.toolCallId && update.content)
      .flatMap((update) => (update.sessionUpdate === 'tool_call_update' ? (update.content ?? []) : []))
      .map((item) => (item.type === 'content' && item.content.type === 'text' ? item.content.text : ''));
    expect(progress.some((text) => /^- \*\*Explore\*\* \(find the port\): 1 tool use · [\d.]+k? tokens · [\d.]+s — Read\(.*config\.ts\)$/.test(text))).toBe(true);
    expect(finalUpdate(updates, agentCall!.toolCallId)).toMatchObject({ status: 'completed' });
  });

  it('after each response a usage_update gives the context in use, the window and the cost so far', async () => {
    const client = await start([{ ...endTurn('one'), usage: { input_tokens: 1_000, output_tokens: 20 } }, { ...endTurn('two'), usage: { input_tokens: 3_000, output_tokens: 40 } }]);
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'first' }] });
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'second' }] });
    const usage = client.updatesOf(sessionId).filter((update) => update.sessionUpdate === 'usage_update');
    expect(usage.map((update) => update.sessionUpdate === 'usage_update' && update.used)).toEqual([1_020, 3_040]);
    for (const update of usage) expect(update).toMatchObject({ size: expect.any(Number), cost: { currency: 'USD' } });
    const costs = usage.map((update) => (update.sessionUpdate === 'usage_update' ? (update.cost?.amount ?? 0) : 0));
    expect(costs[0]).toBeGreaterThan(0);
    expect(costs[1]).toBeGreaterThan(costs[0]!);
  });

  it('session/load in a new process replays the saved conversation as updates', async () => {
    const file = path.join(cwd, 'seen.txt');
    await writeFile(file, 'content\n');
    const first = await start([turn(toolUse('Read', { file_path: file })), endTurn('The file says content.')]);
    const sessionId = await newSession(first);
    await first.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'what does seen.txt say?' }] });
    await first.close();

    const second = await start([]);
    await second.agent.request('session/load', { sessionId, cwd, mcpServers: [] });
    const replayed = second.updatesOf(sessionId);
    expect(replayed[0]).toMatchObject({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'what does seen.txt say?' } });
    expect(toolCalls(replayed)).toEqual([expect.objectContaining({ kind: 'read', status: 'completed', locations: [{ path: file }] })]);
    expect(agentText(replayed)).toBe('The file says content.');
    await expect(second.agent.request('session/load', { sessionId: '00000000-0000-4000-8000-000000000000', cwd, mcpServers: [] })).rejects.toThrow();
  });

  it("with the client's file system, Read sees the editor's unsaved buffer and Edit writes through the editor", async () => {
    const file = path.join(cwd, 'buffer.ts');
    await writeFile(file, 'const onDisk = 1;\n');
    const buffers = new Map([[file, 'const inTheBuffer = 2;\n']]);
    const client = await start(
      [
        turn(toolUse('Read', { file_path: file })),
        turn(toolUse('Edit', { file_path: file, old_string: 'inTheBuffer = 2', new_string: 'inTheBuffer = 3' })),
        endTurn('done'),
      ],
      { buffers, permission: () => option('allow_once') },
    );
    const sessionId = await newSession(client);
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'bump it' }] });
    const readResult = lastToolResults(server!.requests[1]!)[0]!;
    expect(JSON.stringify(readResult.content)).toContain('inTheBuffer = 2');
    expect(JSON.stringify(readResult.content)).not.toContain('onDisk');
    expect(client.writes).toEqual([expect.objectContaining({ sessionId, path: file, content: 'const inTheBuffer = 3;\n' })]);
    expect(buffers.get(file)).toBe('const inTheBuffer = 3;\n');
    // The editor owns the buffer; the disk is the editor's to save.
    expect(await readFile(file, 'utf8')).toBe('const onDisk = 1;\n');
  });

  it("the client's MCP servers start like --mcp-config ones: the model calls one in the first prompt", async () => {
    const client = await start([turn(toolUse('mcp__everything__echo', { message: 'over MCP' })), endTurn('done')], { permission: () => option('allow_once') });
    const { sessionId } = await client.agent.request('session/new', {
      cwd,
      mcpServers: [{ name: 'everything', command: process.execPath, args: [EVERYTHING, 'stdio'], env: [] }],
    });
    await client.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'echo' }] });
    const tools = server!.requests[0]!.body.tools.map((tool: { name: string }) => tool.name);
    expect(tools).toContain('mcp__everything__echo');
    expect(lastToolResults(server!.requests[1]!)[0]!.content).toEqual([{ type: 'text', text: 'Echo: over MCP' }]);
    const [call] = toolCalls(client.updatesOf(sessionId));
    const described = client.updatesOf(sessionId).find((update) => update.sessionUpdate === 'tool_call_update' && update.toolCallId === call!.toolCallId && update.title);
    expect(described).toMatchObject({ title: 'everything: echo', kind: 'other' });
  });

  it('without an API key the agent still starts; session/new fails with one clear message', async () => {
    const client = await startAcpClient({ cwd, env: { AGENTCLI_CONFIG_DIR: configDir } });
    clients.push(client);
    await expect(client.agent.request('session/new', { cwd, mcpServers: [] })).rejects.toThrow(/ANTHROPIC_API_KEY/);
  });

  it('stdout carries only JSON-RPC lines, even when a warning is printed (diagnostics go to stderr)', async () => {
    server = await startFakeAnthropic({ script: [endTurn('Plain answer.')] });
    // A broken agent file makes a start-up warning: it must reach stderr, never the protocol stream.
    await mkdir(path.join(cwd, '.claude', 'agents'), { recursive: true });
    await writeFile(path.join(cwd, '.claude', 'agents', 'broken.md'), 'no front matter here');
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } },
      { jsonrpc: '2.0', id: 2, method: 'session/new', params: { cwd, mcpServers: [] } },
    ];
    const child = spawn(process.execPath, [CLI_BIN, '--acp'], {
      cwd,
      env: { ...process.env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const answered = (id: number): Promise<Record<string, any>> =>
      new Promise((resolve) => {
        const check = (): void => {
          const found = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((message) => message.id === id);
          if (found) resolve(found);
          else setTimeout(check, 20);
        };
        check();
      });
    child.stdin.write(`${JSON.stringify(lines[0])}\n`);
    await answered(1);
    child.stdin.write(`${JSON.stringify(lines[1])}\n`);
    const created = await answered(2);
    const sessionId = created.result.sessionId;
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'session/prompt', params: { sessionId, prompt: [{ type: 'text', text: 'hi' }] } })}\n`);
    expect((await answered(3)).result).toEqual({ stopReason: 'end_turn' });
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    for (const line of stdout.split('\n').filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });
});
