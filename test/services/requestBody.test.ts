import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { knownJsonOf, requestBody } from '../../src/services/api/requestBody.js';
import { loadTranscript } from '../../src/session/transcript/loadTranscript.js';
import { TranscriptWriter } from '../../src/session/transcript/transcriptWriter.js';
import { buildModelRequest } from '../../src/query/requestBuilder.js';
import type { AssistantMessage, ConversationMessage, UserMessage } from '../../src/types/messages.js';
import { newUuid } from '../../src/utils/ids.js';

const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } as AssistantMessage['usage'];
const now = '2026-11-23T00:00:00.000Z';
const user = (content: UserMessage['content'], extra: Partial<UserMessage> = {}): UserMessage => ({ type: 'user', uuid: newUuid(), timestamp: now, content, ...extra });
const assistant = (content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'end_turn'): AssistantMessage => ({
  type: 'assistant', uuid: newUuid(), timestamp: now, id: `msg_${newUuid()}`, model: 'claude-sonnet-5', content, stopReason, usage,
});

/** The SDK's own serialisation of the same request, with `messages` last as requestJson writes it. */
const sdkJson = (params: Record<string, unknown>): string => {
  const { messages, ...rest } = params;
  return JSON.stringify({ ...rest, messages });
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-request-json-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeAndLoad(cwd: string, write: (writer: TranscriptWriter) => void) {
  const file = path.join(dir, 's.jsonl');
  const writer = new TranscriptWriter({ file, sessionId: 'sid', cwd: () => cwd, gitBranch: 'main', secrets: [] });
  write(writer);
  writer.close();
  return { file, loaded: await loadTranscript(file) };
}

function aConversation(): ConversationMessage[] {
  const call = assistant(
    [
      { type: 'text', text: 'Reading both — “quotes”, emoji 🚀, a "message":{"role":"user"} look-alike and \\ escapes' },
      { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/a.ts', content: { message: { content: [1] } } } },
      { type: 'tool_use', id: 'toolu_2', name: 'Read', input: { file_path: '/b.ts' } },
    ],
    'tool_use',
  );
  return [
    user('fix the bug in a.ts ✓'),
    call,
    user([{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'line 1\nline 2 \u2028 \u0000' }, { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'b' }], is_error: true }], { isMeta: true }),
    assistant([{ type: 'text', text: 'Done.' }]),
    user([{ type: 'text', text: 'thanks' }, { type: 'text', text: 'and one more' }]),
  ];
}

describe('request JSON reuses the text of content read from a transcript', () => {
  it('a resumed conversation is sent byte for byte as JSON.stringify would send it, with no loaded content serialised again', async () => {
    const messages = aConversation();
    const { loaded } = await writeAndLoad('/repo/with "message":{"role":"user","content":[ in its name', (writer) => {
      writer.appendMessage(messages[0]!);
      writer.appendMessage(messages[1]!);
      // Tool results as the session writes them: one line each as they arrive, then the answer.
      const results = messages[2] as UserMessage;
      for (const block of results.content as Exclude<UserMessage['content'], string>) if (block.type === 'tool_result') writer.appendToolResultPart(block);
      writer.appendAnswer(results);
      writer.appendMessage(messages[3]!);
      writer.appendMessage(messages[4]!);
    });
    expect(loaded.messages).toHaveLength(5);
    for (const message of loaded.messages) {
      if (typeof message.content === 'string') continue;
      // Whole arrays, or (tool results merged from one line each) every block.
      const known = knownJsonOf(message.content) !== undefined || message.content.every((block) => knownJsonOf(block) !== undefined);
      expect(known, JSON.stringify(message.content).slice(0, 80)).toBe(true);
    }
    const request = buildModelRequest({ model: 'claude-sonnet-5', maxTokens: 1000, system: [{ type: 'text', text: 'sys' }], messages: loaded.messages, tools: [] });
    const params = { ...request, stream: true };
    expect(requestBody(params).toString('utf8')).toBe(sdkJson(params));
    expect(JSON.parse(requestBody(params).toString('utf8')).messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
  });

  it('content that was never read from a file is serialised as usual', () => {
    const params = { model: 'm', max_tokens: 5, messages: [{ role: 'user' as const, content: 'hi' }, { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'yo' }] }] };
    expect(requestBody(params).toString('utf8')).toBe(sdkJson(params));
    expect(requestBody({ messages: [] }).toString('utf8')).toBe('{"messages":[]}');
  });

  it('a line laid out another way (message not last, as older files have it) is read the same and not taken as text', async () => {
    const file = path.join(dir, 'old.jsonl');
    const u = user([{ type: 'text', text: 'old layout' }]);
    const a = assistant([{ type: 'text', text: 'answer' }]);
    const line = (message: object, type: string, uuid: string, parentUuid: string | null) =>
      `${JSON.stringify({ parentUuid, uuid, sessionId: 's', timestamp: now, cwd: '/r', version: '0', isSidechain: false, userType: 'external', type, message, isMeta: false })}\n`;
    await appendFile(file, line({ role: 'user', content: u.content }, 'user', u.uuid, null));
    await appendFile(file, line({ id: a.id, type: 'message', role: 'assistant', model: a.model, content: a.content, stop_reason: 'end_turn', stop_sequence: null, usage }, 'assistant', a.uuid, u.uuid));
    const loaded = await loadTranscript(file);
    expect(loaded.messages.map((message) => (typeof message.content === 'string' ? 'string' : knownJsonOf(message.content)))).toEqual([undefined, undefined]);
    const params = { model: 'm', max_tokens: 5, messages: loaded.messages.map((message) => ({ role: message.type, content: message.content })) };
    expect(requestBody(params).toString('utf8')).toBe(sdkJson(params));
  });

  it('after a compact boundary: multi-byte history before it is skipped, the chain after it is sent as written', async () => {
    const before = [user('éarlier 🚀 work'), assistant([{ type: 'text', text: 'ünicode answer ✓' }])];
    const after = [user([{ type: 'text', text: 'Summary: 🚀 done' }], { isCompactSummary: true }), assistant([{ type: 'text', text: 'continuing — “ok”' }]), user('next ✓')];
    const { loaded } = await writeAndLoad('/r', (writer) => {
      for (const message of before) writer.appendMessage(message);
      writer.appendCompactBoundary({ trigger: 'auto', tokensBefore: 100, tokensAfter: 10 });
      for (const message of after) writer.appendMessage(message);
    });
    expect(loaded.messages.map((message) => message.uuid)).toEqual(after.map((message) => message.uuid));
    expect(knownJsonOf(loaded.messages[1]!.content as object)).toBe(JSON.stringify(after[1]!.content));
    const params = { model: 'm', max_tokens: 5, messages: loaded.messages.map((message) => ({ role: message.type, content: message.content })) };
    expect(requestBody(params).toString('utf8')).toBe(sdkJson(params));
  });
});
