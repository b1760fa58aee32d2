// Transcript writing and loading without a model: the chain, repairs of what a killed process
// leaves, forward compatibility, secrets, metadata restored on resume.
import { mkdtemp, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTranscript, parseTranscript } from '../../src/session/transcript/loadTranscript.js';
import { INTERRUPTED_TOOL_RESULT, repairConversation } from '../../src/session/transcript/repairConversation.js';
import { TranscriptWriter } from '../../src/session/transcript/transcriptWriter.js';
import type { AssistantMessage, ContentBlockParam, ConversationMessage, UserMessage } from '../../src/types/messages.js';
import { newUuid } from '../../src/utils/ids.js';
import { checkRequestInvariants } from '../support/fakeAnthropicInvariants.js';
import { toApiMessages } from '../../src/types/messages.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-transcript-'));
  file = path.join(dir, 'projects', 'p', 'session.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } as AssistantMessage['usage'];

function user(content: string | ContentBlockParam[], extra: Partial<UserMessage> = {}): UserMessage {
  return { type: 'user', uuid: newUuid(), timestamp: new Date().toISOString(), content, ...extra };
}
function assistant(content: ContentBlockParam[], stopReason: AssistantMessage['stopReason'] = 'end_turn'): AssistantMessage {
  return { type: 'assistant', uuid: newUuid(), timestamp: new Date().toISOString(), id: 'msg_1', model: 'claude-sonnet-5', content, stopReason, usage };
}
const toolUse = (id: string): ContentBlockParam => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } });
const toolResult = (id: string, text = 'ok'): ContentBlockParam => ({ type: 'tool_result', tool_use_id: id, content: text });

function writer(extra: Partial<ConstructorParameters<typeof TranscriptWriter>[0]> = {}): TranscriptWriter {
  return new TranscriptWriter({ file, sessionId: 'sess-1', cwd: () => '/work/project', gitBranch: 'main', ...extra });
}

function assertValidForApi(messages: readonly ConversationMessage[]): void {
  expect(checkRequestInvariants({ model: 'm', max_tokens: 10, messages: toApiMessages(messages) })).toEqual([]);
}

describe('transcript writer and loader', () => {
  it('round-trips a conversation with tool calls; the file is created 0600 on the first line', async () => {
    const w = writer();
    const prompt = user('list files');
    const call = assistant([{ type: 'text', text: 'Listing.' }, toolUse('t1')], 'tool_use');
    const answer = user([toolResult('t1', 'a.txt')], { isMeta: true });
    const reply = assistant([{ type: 'text', text: 'One file.' }]);
    w.appendMessage(prompt);
    w.appendMessage(call);
    w.appendToolResultPart({ type: 'tool_result', tool_use_id: 't1', content: 'a.txt' });
    w.appendMessage(answer);
    w.appendMessage(reply);
    w.close();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.content)).toEqual([prompt.content, call.content, answer.content, reply.content]);
    expect(loaded.leafUuid).toBe(reply.uuid);
    expect(loaded.cwd).toBe('/work/project');
    expect(loaded.gitBranch).toBe('main');
    expect(loaded.warnings).toEqual([]);
  });

  it('an answer made only of results already saved one by one is not written twice; the chain still holds, in call order', async () => {
    const w = writer();
    const prompt = user('two calls');
    const call = assistant([toolUse('t1'), toolUse('t2')], 'tool_use');
    w.appendMessage(prompt);
    w.appendMessage(call);
    // t2 finishes first.
    w.appendToolResultPart({ type: 'tool_result', tool_use_id: 't2', content: 'RESULT-TWO' });
    w.appendToolResultPart({ type: 'tool_result', tool_use_id: 't1', content: 'RESULT-ONE' });
    const answer = user([toolResult('t1', 'RESULT-ONE'), toolResult('t2', 'RESULT-TWO')], { isMeta: true });
    w.appendAnswer(answer);
    const reply = assistant([{ type: 'text', text: 'both done' }]);
    w.appendMessage(reply);
    // An interrupt takes a later prompt back: the writer rewinds to the (unwritten) answer's stand-in.
    w.rewindTo(answer.uuid);
    const next = user('next');
    w.appendMessage(next);
    w.close();
    const text = await readFile(file, 'utf8');
    expect(text.split('RESULT-ONE').length - 1).toBe(1);
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.type)).toEqual(['user', 'assistant', 'user']);
    expect(loaded.messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 't1', content: 'RESULT-ONE' },
      { type: 'tool_result', tool_use_id: 't2', content: 'RESULT-TWO' },
      { type: 'text', text: 'next' },
    ]);
    assertValidForApi(loaded.messages);
  });

  it('a torn last line is skipped with one warning', async () => {
    const w = writer();
    const prompt = user('hello');
    w.appendMessage(prompt);
    w.close();
    await appendFile(file, '{"uuid":"x","parentUuid":"');
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.uuid)).toEqual([prompt.uuid]);
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.warnings[0]).toContain('torn line');
  });

  it('a torn tail is closed before the next run appends: the resumed prompt is its own line and survives', async () => {
    const first = writer();
    const prompt = user('hello');
    const answer = assistant([{ type: 'text', text: 'hi' }]);
    first.appendMessage(prompt);
    first.appendMessage(answer);
    first.close();
    await appendFile(file, '{"uuid":"torn","parentUuid":"');
    const resumed = writer({ leafUuid: answer.uuid, written: [prompt.uuid, answer.uuid] });
    const next = user('the next prompt');
    resumed.appendMessage(next);
    resumed.close();
    const text = await readFile(file, 'utf8');
    // The torn line was closed with a newline; the new prompt is a whole line of its own.
    expect(text).toContain('"parentUuid":"\n{');
    expect(JSON.parse(text.split('\n').at(-2)!)).toMatchObject({ uuid: next.uuid, parentUuid: answer.uuid });
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.uuid)).toEqual([prompt.uuid, answer.uuid, next.uuid]);
    expect(loaded.warnings).toEqual([expect.stringContaining('torn line')]);
  });

  it('a whole line glued to a torn one (an older writer appended without closing it) is still read', async () => {
    const w = writer();
    const prompt = user('hello');
    const answer = assistant([{ type: 'text', text: 'hi' }]);
    w.appendMessage(prompt);
    w.appendMessage(answer);
    w.close();
    const next = user([{ type: 'text', text: 'says {"uuid":"not-a-line"} inside' }]);
    const glued = { uuid: next.uuid, parentUuid: answer.uuid, sessionId: 'sess-1', timestamp: next.timestamp, cwd: '/p', version: '0', isSidechain: false, userType: 'external', type: 'user', message: { role: 'user', content: next.content } };
    // The torn part holds line-start marks of its own (a tool input's uuid key): none of them may be taken for the line.
    await appendFile(file, `{"uuid":"torn","parentUuid":"${answer.uuid}","message":{"content":[{"type":"tool_use","input":{"uuid":"q"}},{"type":"text","text":"half${JSON.stringify(glued)}\n`);
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.uuid)).toEqual([prompt.uuid, answer.uuid, next.uuid]);
    expect(loaded.messages.at(-1)!.content).toEqual(next.content);
    expect(loaded.warnings).toHaveLength(1);
  });

  it('a hostile unreadable line full of line-start marks is skipped (the candidates tried are bounded)', () => {
    const loaded = parseTranscript(`${'{"uuid":"'.repeat(200_000)}\n`);
    expect(loaded.messages).toEqual([]);
    expect(loaded.warnings).toHaveLength(1);
  });

  it('killed mid-tool: results written so far are kept, the missing one gets a synthetic is_error result', async () => {
    const w = writer();
    w.appendMessage(user('run two things'));
    w.appendMessage(assistant([toolUse('t1'), toolUse('t2')], 'tool_use'));
    w.appendToolResultPart({ type: 'tool_result', tool_use_id: 't1', content: 'first done' });
    w.close();
    const loaded = await loadTranscript(file);
    const last = loaded.messages.at(-1)!;
    expect(last.type).toBe('user');
    expect(last.content).toEqual([
      { type: 'tool_result', tool_use_id: 't1', content: 'first done' },
      { type: 'tool_result', tool_use_id: 't2', content: INTERRUPTED_TOOL_RESULT, is_error: true },
    ]);
    assertValidForApi(loaded.messages);
    // The user is told in one line; a later resume (the repair is in the file by then) says nothing more.
    expect(loaded.warnings).toEqual(['the last run stopped before a tool call finished; the model is told it was interrupted']);
    const again = writer({ leafUuid: loaded.leafUuid ?? undefined, written: loaded.writtenUuids });
    again.appendMissing(loaded.messages);
    again.close();
    expect((await loadTranscript(file)).warnings).toEqual([]);
  });

  it('a trailing assistant message cut off mid-stream is dropped; the prompt before it stays', () => {
    const prompt = user('write a story');
    const repaired = repairConversation([prompt, assistant([{ type: 'text', text: 'Once upon' }], null)]);
    expect(repaired).toEqual([prompt]);
  });

  it('unknown line types are ignored, even inside the chain', async () => {
    const w = writer();
    const prompt = user('hi');
    w.appendMessage(prompt);
    w.close();
    await appendFile(file, `${JSON.stringify({ type: 'future-thing', uuid: 'f1', parentUuid: prompt.uuid, payload: 1 })}\n`);
    await appendFile(file, `${JSON.stringify({ type: 'attachment', whatever: true })}\n`);
    const reply = assistant([{ type: 'text', text: 'hello' }]);
    await appendFile(
      file,
      `${JSON.stringify({ uuid: reply.uuid, parentUuid: 'f1', sessionId: 'sess-1', timestamp: reply.timestamp, cwd: '/w', version: '0', isSidechain: false, userType: 'external', type: 'assistant', message: { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: reply.content, stop_reason: 'end_turn', stop_sequence: null, usage } })}\n`,
    );
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.type)).toEqual(['user', 'assistant']);
  });

  it('a replaced message (prompt merged into tool results) is a sibling: the chain follows the newest', async () => {
    const w = writer();
    const prompt = user('do it');
    const call = assistant([toolUse('t1')], 'tool_use');
    const rejected = user([toolResult('t1', 'rejected')], { isMeta: true });
    w.appendMessage(prompt);
    w.appendMessage(call);
    w.appendMessage(rejected);
    const merged = user([toolResult('t1', 'rejected'), { type: 'text', text: 'do it differently' }]);
    w.rewindTo(call.uuid);
    w.appendMessage(merged);
    w.close();
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.uuid)).toEqual([prompt.uuid, call.uuid, merged.uuid]);
  });

  it('the API key and auth token given to the process never reach the file', async () => {
    const w = writer({ secrets: ['sk-ant-api03-secret-value-1234', 'short'] });
    w.appendMessage(user('my key is sk-ant-api03-secret-value-1234, and short stays'));
    w.close();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('sk-ant-api03-secret-value-1234');
    expect(text).toContain('[redacted]');
    expect(text).toContain('short stays');
  });

  it('the newest mode, model, todos and title lines win; lines before a compact boundary are metadata only', async () => {
    const w = writer();
    w.appendMessage(user('old prompt'));
    w.appendMode('plan');
    w.appendTodos([{ content: 'write tests', status: 'in_progress', activeForm: 'Writing tests' }]);
    w.appendCompactBoundary({ trigger: 'manual', tokensBefore: 1000, tokensAfter: 100 });
    const summary = user([{ type: 'text', text: 'summary' }], { isCompactSummary: true });
    w.appendMessage(summary);
    w.appendModel('claude-opus-4-8');
    w.appendTitle('A title');
    w.close();
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => message.uuid)).toEqual([summary.uuid]);
    expect(loaded.messages[0]).toMatchObject({ isCompactSummary: true });
    expect(loaded.mode).toBe('plan');
    expect(loaded.model).toBe('claude-opus-4-8');
    expect(loaded.todos).toEqual([{ content: 'write tests', status: 'in_progress', activeForm: 'Writing tests' }]);
    expect(loaded.title).toBe('A title');
  });

  it('never throws on garbage: an empty file, binary noise, a cycle', async () => {
    expect(parseTranscript('').messages).toEqual([]);
    expect(parseTranscript('\u0000\u0001garbage\n{"not":"a message"}\n').messages).toEqual([]);
    const a = { uuid: 'a', parentUuid: 'b', type: 'user', message: { role: 'user', content: 'x' } };
    const b = { uuid: 'b', parentUuid: 'a', type: 'user', message: { role: 'user', content: 'y' } };
    await writeFile(file.replace('session.jsonl', 'x'), '').catch(() => undefined);
    expect(parseTranscript(`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`).messages.length).toBeGreaterThan(0);
  });

  it('repair: results without their tool_use are dropped, a leading assistant message is dropped', () => {
    const repaired = repairConversation([assistant([{ type: 'text', text: 'orphan' }]), user([toolResult('nope'), { type: 'text', text: 'hi' }])]);
    expect(repaired).toHaveLength(1);
    expect(repaired[0]!.content).toEqual([{ type: 'text', text: 'hi' }]);
    assertValidForApi(repaired);
  });
});
