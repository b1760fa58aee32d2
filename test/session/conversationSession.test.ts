// The conversation owner's lifecycle points (what hooks will attach to), a child conversation
// with its own tools and a sidechain transcript, and resume restoring mode, model, todos and cwd.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createSession } from '../../src/app/createSession.js';
import type { SessionLifecycleEvent } from '../../src/session/lifecycle.js';
import { loadTranscript } from '../../src/session/transcript/loadTranscript.js';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn } from '../support/scenario.js';
import { echoTool, pwdTool } from '../support/syntheticTools.js';

let server: FakeAnthropicServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function setup(script: ScriptedTurn[], options: { mode?: 'default' | 'plan' | 'bypassPermissions' } = {}) {
  server ??= await startFakeAnthropic({ script });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-owner-config-'));
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-owner-cwd-'));
  dirs.push(configDir, cwd);
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir, ANTHROPIC_API_KEY: 'k' },
    permissionMode: options.mode ?? 'default',
    isInteractive: false,
    isTrusted: true,
    baseTools: [echoTool(), pwdTool()],
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
  });
  return { session, configDir, cwd };
}

async function submit(owner: ConversationSession, prompt: string) {
  const run = owner.submit(prompt, { signal: new AbortController().signal });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return step.value;
}

describe('ConversationSession', () => {
  it('lifecycle: start (startup), clear (end + start with a new id and transcript), end', async () => {
    const { session } = await setup([endTurn('one'), endTurn('two')]);
    const events: SessionLifecycleEvent[] = [];
    const owner = new ConversationSession({ session, persist: true, lifecycle: (event) => void events.push(event) });
    await owner.start();
    await submit(owner, 'hello');
    const firstId = owner.id;
    const firstPath = owner.transcriptPath;
    await owner.clear();
    await submit(owner, 'again');
    await owner.end();
    expect(events.map((event) => [event.type, 'source' in event ? event.source : 'reason' in event ? event.reason : ''])).toEqual([
      ['session_start', 'startup'],
      ['session_end', 'clear'],
      ['session_start', 'clear'],
      ['session_end', 'exit'],
    ]);
    expect(events[0]).toMatchObject({ sessionId: firstId, transcriptPath: firstPath });
    expect(events[2]!.sessionId).not.toBe(firstId);
    expect(events[2]!.transcriptPath).not.toBe(firstPath);
    expect(server!.requests[1]!.body.messages).toHaveLength(1);
  });

  it('/resume of a session another live process holds is refused before anything changes; a closed transcript stays closed', async () => {
    const { session } = await setup([endTurn('one'), endTurn('two'), endTurn('three')]);
    const other = new ConversationSession({ session, persist: true });
    await submit(other, 'the other session');
    const otherFile = other.transcriptPath!;
    await other.end();
    // Another process (this one's parent: alive, not us) holds it now.
    await writeFile(`${otherFile}.lock`, String(process.ppid));

    const owner = new ConversationSession({ session: (await setup([])).session, persist: true });
    await submit(owner, 'my session');
    const before = { id: owner.id, messages: owner.messages.length };
    await expect(owner.resume(await loadTranscript(otherFile), otherFile)).rejects.toThrow(/is open in another agentcli process \(pid \d+\).*--fork-session/);
    expect({ id: owner.id, messages: owner.messages.length }).toEqual(before);
    const otherBytes = await readFile(otherFile, 'utf8');
    await owner.end();
    await submit(owner, 'after the end');
    expect(await readFile(otherFile, 'utf8')).toBe(otherBytes);
  });

  it('resume restores the permission mode, model, todos and cwd, and says so in the lifecycle', async () => {
    const first = await setup([endTurn('noted'), endTurn('resumed answer')], { mode: 'plan' });
    const owner = new ConversationSession({ session: first.session, persist: true });
    first.session.appState.set((state) => ({ ...state, todos: [{ content: 'task', status: 'pending', activeForm: 'Tasking' }] }));
    owner.setModel('claude-opus-4-8');
    await submit(owner, 'plan something');
    const file = owner.transcriptPath!;
    await owner.end();

    const second = await createSession({
      cwd: first.cwd,
      env: { AGENTCLI_CONFIG_DIR: first.configDir, ANTHROPIC_API_KEY: 'k' },
      isInteractive: false,
      isTrusted: true,
      baseTools: [echoTool()],
      modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server!.url }),
    });
    const events: SessionLifecycleEvent[] = [];
    const resumed = new ConversationSession({
      session: second,
      persist: true,
      resumed: { transcript: await loadTranscript(file), file, fork: false, keepModel: false, keepMode: false },
      lifecycle: (event) => void events.push(event),
    });
    await resumed.start();
    expect(resumed.id).toBe(owner.id);
    expect(resumed.model).toBe('claude-opus-4-8');
    expect(second.appState.get().toolPermissionContext.mode).toBe('plan');
    expect(second.appState.get().todos).toEqual([{ content: 'task', status: 'pending', activeForm: 'Tasking' }]);
    expect(resumed.cwd).toBe(first.cwd);
    expect(events[0]).toMatchObject({ type: 'session_start', source: 'resume', transcriptPath: file });
    await submit(resumed, 'go on');
    expect(server!.requests[1]!.body.model).toBe('claude-opus-4-8');
  });

  it('a transcript never grants bypassPermissions to a session that did not start with it', async () => {
    const first = await setup([endTurn('ok')], { mode: 'bypassPermissions' });
    const owner = new ConversationSession({ session: first.session, persist: true });
    await submit(owner, 'x');
    const file = owner.transcriptPath!;
    first.session.appState.set((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode: 'bypassPermissions' } }));
    const plain = await setup([]);
    const resumed = new ConversationSession({
      session: plain.session,
      persist: false,
      resumed: { transcript: { ...(await loadTranscript(file)), mode: 'bypassPermissions' }, file, fork: false, keepModel: false, keepMode: false },
    });
    expect(resumed.messages.length).toBeGreaterThan(0);
    expect(plain.session.appState.get().toolPermissionContext.mode).toBe('default');
  });

  it('a resumed cwd that no longer exists: a warning, and the session stays where it started', async () => {
    const first = await setup([endTurn('ok')]);
    const owner = new ConversationSession({ session: first.session, persist: true });
    await submit(owner, 'x');
    const file = owner.transcriptPath!;
    const warnings: string[] = [];
    const resumed = new ConversationSession({
      session: first.session,
      persist: false,
      resumed: { transcript: { ...(await loadTranscript(file)), cwd: '/no/such/folder' }, file, fork: false, keepModel: false, keepMode: false },
      onWarning: (message) => void warnings.push(message),
    });
    expect(resumed.cwd).toBe(first.cwd);
    expect(warnings).toEqual([`the session's working directory /no/such/folder no longer exists; continuing in ${first.cwd}.`]);
  });

  it('a child conversation: its own system prompt and tool subset, a sidechain transcript, the parent untouched', async () => {
    const { session, configDir } = await setup([endTurn('child answer')]);
    const parent = new ConversationSession({ session, persist: true });
    const sidechain = path.join(configDir, 'sidechains', 'agent-1.jsonl');
    const child = new ConversationSession({
      session,
      persist: true,
      systemPrompt: [{ type: 'text', text: 'You are a focused helper.' }],
      tools: session.tools.filter((tool) => tool.name === 'Echo'),
      readFileState: new Map(),
      sidechainTranscript: sidechain,
    });
    await submit(child, 'child task');
    const body = server!.requests[0]!.body;
    expect(body.system[0].text).toBe('You are a focused helper.');
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(['Echo']);
    expect(parent.messages).toEqual([]);
    const line = JSON.parse((await readFile(sidechain, 'utf8')).split('\n')[0]!);
    expect(line).toMatchObject({ isSidechain: true, type: 'user' });
  });
});
