// Each row is a request shape the real Messages API rejects (or accepts); the fake must agree,
// or agent bugs that only the real API would catch slip through the test suite.
import { describe, expect, it } from 'vitest';
import { checkRequestInvariants } from './support/fakeAnthropicInvariants.js';

const schema = { type: 'object', properties: {} };
const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const toolUseBlock = (id: string) => ({ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } });
const toolResult = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
const PNG_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).toString('base64');
const image = (mediaType: string, data = PNG_BASE64) => ({ type: 'image', source: { type: 'base64', media_type: mediaType, data } });
const request = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  model: 'claude-test',
  max_tokens: 100,
  messages,
  ...extra,
});

describe('checkRequestInvariants accepts', () => {
  const valid: [string, unknown][] = [
    ['a single user message', request([user('hi')])],
    ['a full tool round-trip', request([user('hi'), assistant([toolUseBlock('t1')]), user([toolResult('t1')])])],
    [
      'tool results followed by text',
      request([user('hi'), assistant([toolUseBlock('t1'), toolUseBlock('t2')]), user([toolResult('t2'), toolResult('t1'), { type: 'text', text: 'also' }])]),
    ],
    ['an image block with a matching media type', request([user([image('image/png'), { type: 'text', text: 'what is this?' }])])],
    ['a final assistant prefill with empty content', request([user('hi'), assistant([])])],
    ['client tools and a server tool', request([user('hi')], { tools: [{ name: 'Read', input_schema: schema }, { type: 'web_search_20250305', name: 'web_search' }] })],
  ];
  it.each(valid)('%s', (_name, body) => {
    expect(checkRequestInvariants(body)).toEqual([]);
  });
});

describe('checkRequestInvariants rejects', () => {
  const invalid: [string, unknown, RegExp][] = [
    ['missing_model', { max_tokens: 1, messages: [user('hi')] }, /model: field required/],
    ['missing_max_tokens', { model: 'm', messages: [user('hi')] }, /max_tokens: field required/],
    ['empty_messages', request([]), /at least one message/],
    ['assistant_first', request([assistant('hello'), user('hi')]), /first message must use the "user" role/],
    ['two_user_messages_in_a_row', request([user('a'), user('b')]), /roles must alternate/],
    ['tool_use_without_tool_result', request([user('hi'), assistant([toolUseBlock('t1')]), user('ok')]), /without tool_result.*t1/],
    ['tool_use_as_last_message', request([user('hi'), assistant([toolUseBlock('t1')])]), /without tool_result.*t1/],
    ['one_of_two_tool_uses_unanswered', request([user('hi'), assistant([toolUseBlock('t1'), toolUseBlock('t2')]), user([toolResult('t1')])]), /without tool_result.*t2/],
    ['tool_result_without_tool_use', request([user('hi'), assistant('sure'), user([toolResult('ghost')])]), /unexpected tool_use_id.*ghost/],
    [
      'tool_result_answering_an_older_turn',
      request([user('hi'), assistant([toolUseBlock('t1')]), user([toolResult('t1')]), assistant('next'), user([toolResult('t1')])]),
      /messages\.4\.content\.0: unexpected tool_use_id.*t1/,
    ],
    ['duplicate_tool_result', request([user('hi'), assistant([toolUseBlock('t1')]), user([toolResult('t1'), toolResult('t1')])]), /more than one tool_result/],
    [
      'duplicate_tool_use_id_across_turns',
      request([user('hi'), assistant([toolUseBlock('t1')]), user([toolResult('t1')]), assistant([toolUseBlock('t1')]), user([toolResult('t1')])]),
      /tool_use ids must be unique/,
    ],
    ['text_before_tool_result', request([user('hi'), assistant([toolUseBlock('t1')]), user([{ type: 'text', text: 'x' }, toolResult('t1')])]), /must come before any other block/],
    ['empty_user_content', request([user([])]), /non-empty content/],
    ['whitespace_text_block', request([user([{ type: 'text', text: '  ' }])]), /non-whitespace text/],
    ['tool_use_id_with_bad_characters', request([user('hi'), assistant([toolUseBlock('t 1')]), user([toolResult('t 1')])]), /tool_use id must match/],
    ['image_declared_jpeg_but_png_bytes', request([user([image('image/jpeg'), { type: 'text', text: 'x' }])]), /image data is image\/png but media_type says image\/jpeg/],
    ['image_with_unsupported_media_type', request([user([image('image/bmp')])]), /media_type: must be one of/],
    ['image_data_not_base64', request([user([image('image/png', 'not base64!')])]), /must be base64/],
    ['duplicate_tool_names', request([user('hi')], { tools: [{ name: 'Read', input_schema: schema }, { name: 'Read', input_schema: schema }] }), /tool names must be unique/],
    ['tool_without_input_schema', request([user('hi')], { tools: [{ name: 'Read' }] }), /input_schema: field required/],
    ['tool_schema_not_an_object', request([user('hi')], { tools: [{ name: 'Read', input_schema: { type: 'string' } }] }), /input_schema/],
    ['tool_name_with_spaces', request([user('hi')], { tools: [{ name: 'Read File', input_schema: schema }] }), /name: must match/],
  ];
  it.each(invalid)('%s', (_name, body, expected) => {
    const problems = checkRequestInvariants(body);
    expect(problems.join('\n')).toMatch(expected);
  });
});
