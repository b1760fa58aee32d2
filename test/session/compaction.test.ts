// Compaction through the real loop and SDK against the fake server, which reports chosen usage:
// automatic after a response over the threshold, on a prompt-too-long 400 (once), manual with
// instructions, off when disabled, three failures stop without looping; and what a compacted
// conversation keeps (the latest prompt, todos, an approved plan, the cwd; the old history stays
// in the transcript).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryEvent, QueryOutcome } from '../../src/query/events.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { SUMMARY_HEADER } from '../../src/session/compaction/compactConversation.js';
import { createSession } from '../../src/app/createSession.js';
import type { SessionLifecycleEvent } from '../../src/session/lifecycle.js';
import { loadTranscript } from '../../src/session/transcript/loadTranscript.js';
import { startFakeAnthropic, type FakeAnthropicServer, type RecordedRequest, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, serverError, toolUse, turn } from '../support/scenario.js';
import { echoTool } from '../support/syntheticTools.js';

let server: FakeAnthropicServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const WINDOW = 100_000;
/** Usage that puts the context at `tokens` after a response. */
const at = (tokens: number): ScriptedTurn['usage'] => ({ input_tokens: tokens - 100, output_tokens: 100 });

async function conversation(script: ScriptedTurn[], env: Record<string, string> = {}) {
  server = await startFakeAnthropic({ script });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-compact-config-'));
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-compact-cwd-'));
  dirs.push(configDir, cwd);
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5', AGENTCLI_CONTEXT_WINDOW: String(WINDOW), ANTHROPIC_API_KEY: 'k', ...env },
    permissionMode: 'bypassPermissions',
    isInteractive: false,
    isTrusted: true,
    baseTools: [echoTool()],
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
  });
  const lifecycle: SessionLifecycleEvent[] = [];
  const owner = new ConversationSession({ session, persist: true, lifecycle: (event) => void lifecycle.push(event) });
  return { owner, session, cwd, lifecycle };
}

async function drive<T>(run: AsyncGenerator<QueryEvent, T>): Promise<{ events: QueryEvent[]; result: T }> {
  const events: QueryEvent[] = [];
  let step = await run.next();
  while (!step.done) {
    events.push(step.value);
    step = await run.next();
  }
  return { events, result: step.value };
}

const submit = (owner: ConversationSession, prompt: string): Promise<{ events: QueryEvent[]; result: QueryOutcome }> =>
  drive(owner.submit(prompt, { signal: new AbortController().signal }));

const isSummaryRequest = (request: RecordedRequest): boolean => request.body.stream !== true;
const requestText = (request: RecordedRequest): string => JSON.stringify(request.body.messages);

describe('automatic compaction', () => {
  it('after a response over 80 % of the window, the next request goes out compacted; the boundary is visible and the history stays in the transcript', async () => {
    const { owner, lifecycle } = await conversation([
      { ...endTurn('First reply.'), usage: at(85_000) },
      endTurn('- the user asked about the first thing'),
      endTurn('Second reply.'),
    ]);
    await submit(owner, 'first request: keep the tests green');
    const { events, result } = await submit(owner, 'second request');
    expect(result.reason).toBe('completed');

    const [, summaryRequest, next] = server!.requests;
    expect(isSummaryRequest(summaryRequest!)).toBe(true);
    expect(summaryRequest!.body.tools).toBeUndefined();
    expect(requestText(summaryRequest!)).toContain('first request: keep the tests green');
    // The request after compaction: the summary, the earlier request verbatim, then the latest prompt.
    const sent = requestText(next!);
    expect(sent).toContain(SUMMARY_HEADER);
    expect(sent).toContain('the user asked about the first thing');
    expect(sent).toContain('first request: keep the tests green');
    expect(sent).toContain('second request');
    expect(sent).not.toContain('First reply.');

    const boundary = events.find((event) => event.type === 'compact_boundary');
    expect(boundary).toMatchObject({ type: 'compact_boundary', trigger: 'auto', tokensBefore: 85_000 });
    expect(boundary?.type === 'compact_boundary' && boundary.tokensAfter < 85_000).toBe(true);
    expect(lifecycle.map((event) => event.type === 'session_start' ? `start:${event.source}` : event.type === 'pre_compact' ? `pre_compact:${event.trigger}` : event.type)).toEqual([
      'pre_compact:auto',
      'post_compact',
      'start:compact',
    ]);

    const transcript = await readFile(owner.transcriptPath!, 'utf8');
    expect(transcript).toContain('"subtype":"compact_boundary"');
    expect(transcript).toContain('First reply.');
    const loaded = await loadTranscript(owner.transcriptPath!);
    expect(JSON.stringify(loaded.messages)).not.toContain('First reply.');
    expect(JSON.stringify(loaded.messages)).toContain('Second reply.');
    server!.assertNoViolations();
  });

  it('compacts between the requests of one long turn (tool loop), keeping every tool_use paired', async () => {
    const { owner } = await conversation([
      { ...turn(toolUse('Echo', { text: 'one' })), usage: at(20_000) },
      { ...turn(toolUse('Echo', { text: 'two' })), usage: at(90_000) },
      endTurn('summary of the loop so far'),
      endTurn('Done.'),
    ]);
    const { result, events } = await submit(owner, 'do a long task');
    expect(result.reason).toBe('completed');
    expect(events.some((event) => event.type === 'compact_boundary')).toBe(true);
    expect(isSummaryRequest(server!.requests[2]!)).toBe(true);
    expect(requestText(server!.requests[3]!)).toContain('do a long task');
    server!.assertNoViolations();
  });

  it('a prompt-too-long 400 compacts and retries once instead of ending the turn', async () => {
    const { owner } = await conversation([
      endTurn('First reply.'),
      serverError({ status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' }),
      endTurn('a summary'),
      endTurn('Answered after compaction.'),
    ]);
    await submit(owner, 'first');
    const { result, events } = await submit(owner, 'second');
    expect(result.reason).toBe('completed');
    expect(events.find((event) => event.type === 'compact_boundary')).toMatchObject({ trigger: 'auto' });
    expect(server!.requests).toHaveLength(4);
  });

  it('three failed compactions in a row stop it: the turn ends with a clear error, no loop', async () => {
    const failing = serverError({ status: 400, message: 'bad summary request' });
    const { owner } = await conversation([
      { ...turn(toolUse('Echo', { text: 'a' })), usage: at(90_000) },
      failing,
      { ...turn(toolUse('Echo', { text: 'b' })), usage: at(90_000) },
      failing,
      { ...turn(toolUse('Echo', { text: 'c' })), usage: at(90_000) },
      failing,
    ]);
    const { result, events } = await submit(owner, 'go');
    expect(result.reason).toBe('compaction_failed');
    expect(result.detail).toContain('compaction failed 3 times in a row');
    expect(events.filter((event) => event.type === 'compaction_failed')).toHaveLength(3);
    expect(server!.requests).toHaveLength(6);
    server!.assertNoViolations();
  });

  it('AGENTCLI_AUTOCOMPACT_PCT=off never compacts on its own', async () => {
    const { owner } = await conversation([{ ...endTurn('one'), usage: at(99_000) }, endTurn('two')], { AGENTCLI_AUTOCOMPACT_PCT: 'off' });
    await submit(owner, 'first');
    const { events } = await submit(owner, 'second');
    expect(events.some((event) => event.type === 'compaction_start')).toBe(false);
    expect(server!.requests.every((request) => !isSummaryRequest(request))).toBe(true);
  });

  it('a lower AGENTCLI_AUTOCOMPACT_PCT compacts earlier', async () => {
    const { owner } = await conversation([{ ...endTurn('one'), usage: at(30_000) }, endTurn('summary'), endTurn('two')], { AGENTCLI_AUTOCOMPACT_PCT: '25' });
    await submit(owner, 'first');
    const { events } = await submit(owner, 'second');
    expect(events.some((event) => event.type === 'compact_boundary')).toBe(true);
  });
});

describe('manual compaction and what is kept', () => {
  it('/compact instructions steer the summary; the approved plan, open todos and cwd survive verbatim', async () => {
    const { owner, session, cwd } = await conversation([
      endTurn('Plan noted.'),
      endTurn('Working on it.'),
      endTurn('the summary'),
      endTurn('Next.'),
    ]);
    await submit(owner, 'the first request');
    await submit(owner, 'the second request, with a constraint: never touch the database');
    session.appState.set((state) => ({
      ...state,
      todos: [
        { content: 'migrate the parser', status: 'in_progress', activeForm: 'Migrating the parser' },
        { content: 'old finished item', status: 'completed', activeForm: 'Done' },
      ],
    }));
    const { events, result } = await drive(owner.compact('focus on the parser work', new AbortController().signal));
    expect(result).toEqual({ ok: true });
    expect(events.find((event) => event.type === 'compact_boundary')).toMatchObject({ trigger: 'manual' });
    expect(requestText(server!.requests[2]!)).toContain('focus on the parser work');

    await submit(owner, 'continue');
    const sent = requestText(server!.requests[3]!);
    expect(sent).toContain('the first request');
    expect(sent).toContain('never touch the database');
    expect(sent).toContain('migrate the parser');
    expect(sent).not.toContain('old finished item');
    expect(sent).toContain(cwd);
    server!.assertNoViolations();
  });

  it('/compact on an empty conversation says so and sends nothing', async () => {
    const { owner } = await conversation([]);
    const { result } = await drive(owner.compact(undefined, new AbortController().signal));
    expect(result).toEqual({ ok: false, error: 'there is no conversation to compact yet' });
    expect(server!.requests).toHaveLength(0);
  });
});
