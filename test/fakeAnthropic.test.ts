// Proves the fake Anthropic server speaks the protocol the real SDK expects, so other tests
// can trust it. Every test drives it through the real @anthropic-ai/sdk.
import { afterEach, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, RawMessageStreamEvent, Tool } from '@anthropic-ai/sdk/resources/messages';
import { clockNow, startFakeAnthropic, type FakeAnthropicServer, type ScriptFn, type ScriptedTurn } from './support/fakeAnthropic.js';
import {
  cutStream,
  endTurn,
  hang,
  lastToolResults,
  overloaded,
  rateLimited,
  rawToolUse,
  streamError,
  text,
  thinking,
  toolResultText,
  toolUse,
  turn,
} from './support/scenario.js';

const servers: FakeAnthropicServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(
  script: ScriptedTurn[] | ScriptFn,
  opts: { checkInvariants?: boolean } = {},
): Promise<{ server: FakeAnthropicServer; client: Anthropic }> {
  const server = await startFakeAnthropic({ script, ...opts });
  servers.push(server);
  return { server, client: new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 }) };
}

const hello: MessageParam[] = [{ role: 'user', content: 'hello' }];
const base = { model: 'claude-test', max_tokens: 1024, messages: hello };
const bashTool: Tool = {
  name: 'Bash',
  description: 'Run a shell command',
  input_schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
};

async function collect(stream: AsyncIterable<RawMessageStreamEvent>): Promise<RawMessageStreamEvent[]> {
  const events: RawMessageStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('streaming', () => {
  it('sends text and tool_use as real SSE chunks the SDK reassembles', async () => {
    const input = { command: 'ls -la /tmp && echo done' };
    const { server, client } = await serve([turn(text('Let me look at that.'), toolUse('Bash', input))]);

    const events = await collect(await client.messages.create({ ...base, tools: [bashTool], stream: true }));

    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      ...Array<string>(3).fill('content_block_delta'), // 20 chars in 8-char text chunks
      'content_block_stop',
      'content_block_start',
      ...Array<string>(Math.ceil(JSON.stringify(input).length / 6)).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = events[0];
    expect(start?.type === 'message_start' && start.message).toMatchObject({
      id: 'msg_fake_0', type: 'message', role: 'assistant', model: 'claude-test', content: [],
    });
    const jsonChunks = events.flatMap((e) =>
      e.type === 'content_block_delta' && e.delta.type === 'input_json_delta' ? [e.delta.partial_json] : [],
    );
    expect(jsonChunks.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(jsonChunks.join(''))).toEqual(input);
    const toolStart = events.find((e) => e.type === 'content_block_start' && e.index === 1);
    expect(toolStart?.type === 'content_block_start' && toolStart.content_block).toEqual({
      type: 'tool_use', id: 'toolu_0_1', name: 'Bash', input: {},
    });
    const delta = events.find((e) => e.type === 'message_delta');
    expect(delta?.type === 'message_delta' && delta.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
    // The SDK hides pings; the server record shows one was sent right after message_start.
    expect(server.sent.slice(0, 2).map((e) => e.event)).toEqual(['message_start', 'ping']);
    expect(server.sent.every((e) => e.requestIndex === 0)).toBe(true);
    server.assertNoViolations();
  });

  it('lets MessageStream.finalMessage() build the whole message, thinking included', async () => {
    const { client } = await serve([
      {
        blocks: [thinking('I should list files.'), text('Listing.'), toolUse('Bash', { command: 'ls' }, { id: 'toolu_x' })],
        usage: { input_tokens: 100, output_tokens: 42, cache_read_input_tokens: 80 },
        model: 'claude-scripted',
      },
    ]);

    const message = await client.messages.stream({ ...base, tools: [bashTool] }).finalMessage();

    expect(message.model).toBe('claude-scripted');
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'I should list files.', signature: 'sig_fake_0_0' },
      { type: 'text', text: 'Listing.' },
      { type: 'tool_use', id: 'toolu_x', name: 'Bash', input: { command: 'ls' } },
    ]);
    expect(message.usage).toMatchObject({ input_tokens: 100, output_tokens: 42, cache_read_input_tokens: 80 });
  });

  it('streams rawInputJson verbatim, even when it is not valid JSON', async () => {
    const truncated = '{"command": "ls", "oops';
    const { client } = await serve([
      turn(rawToolUse('Bash', truncated)),
      turn(rawToolUse('Bash', truncated)),
      turn(rawToolUse('Bash', 'not json at all')),
    ]);

    const events = await collect(await client.messages.create({ ...base, stream: true }));
    const partials = events.flatMap((e) =>
      e.type === 'content_block_delta' && e.delta.type === 'input_json_delta' ? [e.delta.partial_json] : [],
    );
    expect(partials.join('')).toBe(truncated);
    expect(partials.length).toBeGreaterThanOrEqual(2);

    // Documented SDK behaviour, which the agent loop has to live with: MessageStream parses tool
    // input with a lenient partial-JSON parser, so truncated JSON yields what parsed so far...
    const lenient = await client.messages.stream(base).finalMessage();
    expect(lenient.content[0]).toMatchObject({ type: 'tool_use', name: 'Bash', input: { command: 'ls' } });
    // ...but text that is not JSON at all makes the whole stream reject with an AnthropicError.
    await expect(client.messages.stream(base).finalMessage()).rejects.toBeInstanceOf(Anthropic.AnthropicError);
  });

  it('honours chunkDelayMs and delayBeforeBlockMs and flushes every event as it is written', async () => {
    const { server, client } = await serve([
      { blocks: [text('one'), text('two')], chunkDelayMs: 10, delayBeforeBlockMs: [0, 300] },
    ]);
    const receivedAt: number[] = [];
    const stream = await client.messages.create({ ...base, stream: true });
    for await (const _event of stream) receivedAt.push(clockNow());

    const sentAt = (event: string, index: number): number => {
      const found = server.sent.find((e) => e.event === event && (e.data as { index?: number }).index === index);
      if (!found) throw new Error(`no ${event} for block ${index}`);
      return found.sentAt;
    };
    expect(sentAt('content_block_start', 1) - sentAt('content_block_stop', 0)).toBeGreaterThanOrEqual(295);
    const sentTimes = server.sent.map((e) => e.sentAt);
    for (let i = 1; i < sentTimes.length; i++) expect(sentTimes[i]! - sentTimes[i - 1]!).toBeGreaterThanOrEqual(9);
    // The client saw block 0 finish before the server even started block 1: nothing was buffered.
    const clientEvents = server.sent.filter((e) => e.event !== 'ping');
    const stop0 = clientEvents.findIndex((e) => e.event === 'content_block_stop');
    expect(receivedAt[stop0]!).toBeLessThan(sentAt('content_block_start', 1));
  });
});

describe('non-streaming', () => {
  it('returns the whole Message JSON', async () => {
    const { client } = await serve([turn(text('Hi there'), toolUse('Bash', { command: 'pwd' }))]);

    const message = await client.messages.create({ ...base, tools: [bashTool] });

    expect(message).toMatchObject({
      id: 'msg_fake_0',
      type: 'message',
      role: 'assistant',
      stop_reason: 'tool_use',
      stop_sequence: null,
      content: [
        { type: 'text', text: 'Hi there' },
        { type: 'tool_use', id: 'toolu_0_1', name: 'Bash', input: { command: 'pwd' } },
      ],
    });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });
});

describe('faults', () => {
  it('turns 529 and 429 into the SDK error classes with retry headers visible', async () => {
    const { server, client } = await serve([overloaded({ retryAfterSeconds: 2 }), rateLimited({ retryAfterMs: 1500 })]);

    const overloadedError = await client.messages.create({ ...base, stream: true }).catch((e: unknown) => e);
    expect(overloadedError).toBeInstanceOf(Anthropic.OverloadedError);
    expect(overloadedError).toBeInstanceOf(Anthropic.InternalServerError);
    const e529 = overloadedError as InstanceType<typeof Anthropic.OverloadedError>;
    expect(e529.status).toBe(529);
    expect(e529.type).toBe('overloaded_error');
    expect(e529.headers.get('retry-after')).toBe('2');
    expect(e529.requestID).toBe('req_fake_0');

    const rateError = await client.messages.create(base).catch((e: unknown) => e);
    expect(rateError).toBeInstanceOf(Anthropic.RateLimitError);
    const e429 = rateError as InstanceType<typeof Anthropic.RateLimitError>;
    expect(e429.status).toBe(429);
    expect(e429.type).toBe('rate_limit_error');
    expect(e429.headers.get('retry-after-ms')).toBe('1500');
    expect(server.remaining()).toBe(0);
    server.assertNoViolations();
  });

  it('lets each fault consume its turn, so the SDK retries through to the scripted success', async () => {
    const { server } = await serve([overloaded({ retryAfterMs: 5 }), rateLimited({ retryAfterMs: 5 }), endTurn('ok')]);
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 2 });

    const message = await client.messages.create(base);

    expect(message.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(server.requests).toHaveLength(3);
  });

  // Documented: a cut stream makes the SDK's iteration THROW (undici's "terminated" TypeError),
  // after yielding the events that arrived; message_stop is never seen.
  it('cuts the stream mid-message', async () => {
    const { server, client } = await serve([cutStream(4, text('partial answer that never finishes'))]);

    const received: string[] = [];
    const failure = await (async () => {
      for await (const event of await client.messages.create({ ...base, stream: true })) received.push(event.type);
    })().catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(Error);
    expect(received).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
    expect(server.sent.map((e) => e.event)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta']);
  });

  it('makes MessageStream reject when the stream is cut', async () => {
    const { client } = await serve([cutStream(3, text('never finishes'))]);
    await expect(client.messages.stream(base).finalMessage()).rejects.toThrow();
  });

  it('sends an SSE error event mid-stream, which the SDK raises as an APIError', async () => {
    const { client } = await serve([streamError(3, text('about to be overloaded'))]);

    const failure = await collect(await client.messages.create({ ...base, stream: true })).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(Anthropic.APIError);
    expect((failure as InstanceType<typeof Anthropic.APIError>).type).toBe('overloaded_error');
  });

  it('hangs until the client aborts, and close() does not wait for the hung socket', async () => {
    const { server, client } = await serve([hang(), hang()]);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);

    const aborted = await client.messages.create({ ...base, stream: true }, { signal: abort.signal }).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(Anthropic.APIUserAbortError);

    const stillHanging = client.messages.create(base).catch((e: unknown) => e);
    await waitFor(() => server.requests.length === 2);
    const closeStarted = Date.now();
    await server.close();
    expect(Date.now() - closeStarted).toBeLessThan(1000);
    expect(await stillHanging).toBeInstanceOf(Anthropic.APIConnectionError);
  });
});

describe('protocol invariants', () => {
  it('answers 400 and records a violation for a tool_use without its tool_result', async () => {
    const { server, client } = await serve([endTurn('unreachable')]);
    const messages: MessageParam[] = [
      { role: 'user', content: 'list files' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'Bash', input: { command: 'ls' } }] },
      { role: 'user', content: 'never mind' },
    ];

    const failure = await client.messages.create({ ...base, messages, stream: true }).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(Anthropic.BadRequestError);
    expect((failure as InstanceType<typeof Anthropic.BadRequestError>).type).toBe('invalid_request_error');
    expect(server.violations).toHaveLength(1);
    expect(server.violations[0]).toMatch(/request #0: messages\.1: tool_use ids were found without tool_result.*toolu_a/);
    expect(() => server.assertNoViolations()).toThrow(/toolu_a/);
    expect(server.remaining()).toBe(1); // a rejected request never reaches the script
  });

  it('treats a request after the script ran out as a violation', async () => {
    const { server, client } = await serve([endTurn('only one')]);
    await client.messages.create(base);

    const failure = await client.messages.create(base).catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(Anthropic.InternalServerError);
    expect(String(failure)).toContain('fake server: script exhausted');
    expect(server.violations).toEqual(['request #1: fake server: script exhausted (unexpected extra request)']);
  });

  it('can be switched off for tests that send broken requests on purpose', async () => {
    const { server, client } = await serve([endTurn('fine')], { checkInvariants: false });
    const messages: MessageParam[] = [{ role: 'assistant', content: 'I speak first' }];
    await expect(client.messages.create({ ...base, messages })).resolves.toMatchObject({ stop_reason: 'end_turn' });
    server.assertNoViolations();
  });
});

describe('recording and scripting', () => {
  it('records headers and parsed bodies so tests can compare turns', async () => {
    const { server, client } = await serve([turn(toolUse('Bash', { command: 'ls' })), endTurn('done')]);
    const first = await client.messages.create({ ...base, tools: [bashTool], system: 'be brief' });
    const toolUseBlock = first.content[0];
    if (toolUseBlock?.type !== 'tool_use') throw new Error('expected a tool_use');
    await client.messages.create({
      ...base,
      tools: [bashTool],
      system: 'be brief',
      messages: [
        ...hello,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseBlock.id, content: [{ type: 'text', text: 'a.txt' }] }] },
      ],
    });

    const [req0, req1] = server.requests;
    expect(req0?.method).toBe('POST');
    expect(req0?.path).toBe('/v1/messages');
    // SDK 1.12 sends the API key as a bearer token, not x-api-key.
    expect(req0?.headers.authorization).toBe('Bearer test');
    expect(req0?.headers['anthropic-version']).toEqual(expect.any(String));
    expect(req0?.body).toMatchObject({ model: 'claude-test', max_tokens: 1024, system: 'be brief' });
    expect(JSON.stringify(req1?.body.tools)).toBe(JSON.stringify(req0?.body.tools));
    expect(req1!.receivedAt).toBeGreaterThan(req0!.receivedAt);
    const results = lastToolResults(req1!);
    expect(results.map((r) => r.tool_use_id)).toEqual(['toolu_0_0']);
    expect(toolResultText(results[0]!)).toBe('a.txt');
    server.assertNoViolations();
  });

  it('takes pushed turns first and falls back to a script function', async () => {
    const { server, client } = await serve((request, index) => endTurn(`fn ${index} saw ${request.body.messages.length}`));
    server.push(endTurn('pushed'));
    expect(server.remaining()).toBe(1);

    const a = await client.messages.create(base);
    const b = await client.messages.create(base);

    expect(a.content).toEqual([{ type: 'text', text: 'pushed' }]);
    expect(b.content).toEqual([{ type: 'text', text: 'fn 1 saw 1' }]);
    expect(server.remaining()).toBe(0);
  });

  it('answers unknown paths with a 404 JSON error', async () => {
    const { server } = await serve([]);
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(server.requests).toHaveLength(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
