// The control channel and the stdin reader on their own: request ids, answers in any order,
// withdrawn requests, and lines that are not messages.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ControlChannel, ControlRequestCancelled, ControlRequestError } from '../../src/entrypoints/sdk/controlChannel.js';
import { readSdkInput, userMessageOf, type SdkUserMessage } from '../../src/entrypoints/sdk/sdkInput.js';

type Line = Record<string, any>;

function channelWithOutput() {
  const written: Line[] = [];
  const problems: string[] = [];
  const channel = new ControlChannel({ writeLine: (value) => written.push(JSON.parse(JSON.stringify(value))), onProblem: (message) => problems.push(message) });
  return { channel, written, problems };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ControlChannel', () => {
  it('gives each outgoing request its own id and settles answers that arrive out of order', async () => {
    const { channel, written } = channelWithOutput();
    const first = channel.request({ subtype: 'can_use_tool', tool_name: 'Bash' });
    const second = channel.request({ subtype: 'can_use_tool', tool_name: 'Write' });
    expect(written.map((line) => line.type)).toEqual(['control_request', 'control_request']);
    const [idA, idB] = written.map((line) => line.request_id);
    expect(idA).not.toBe(idB);
    channel.receive({ type: 'control_response', response: { subtype: 'success', request_id: idB, response: { behavior: 'deny' } } });
    channel.receive({ type: 'control_response', response: { subtype: 'success', request_id: idA, response: { behavior: 'allow' } } });
    await expect(first).resolves.toEqual({ behavior: 'allow' });
    await expect(second).resolves.toEqual({ behavior: 'deny' });
    expect(channel.waitingCount).toBe(0);
  });

  it('an error answer rejects with the client message', async () => {
    const { channel, written } = channelWithOutput();
    const pending = channel.request({ subtype: 'hook_callback' });
    channel.receive({ type: 'control_response', response: { subtype: 'error', request_id: written[0]!.request_id, error: 'callback threw' } });
    await expect(pending).rejects.toEqual(new ControlRequestError('callback threw'));
  });

  it('withdrawing a request sends control_cancel_request, and a late answer to it is ignored', async () => {
    const { channel, written } = channelWithOutput();
    const controller = new AbortController();
    const pending = channel.request({ subtype: 'can_use_tool' }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ControlRequestCancelled);
    expect(written[1]).toEqual({ type: 'control_cancel_request', request_id: written[0]!.request_id });
    expect(channel.receive({ type: 'control_response', response: { subtype: 'success', request_id: written[0]!.request_id, response: { behavior: 'allow' } } })).toBe(true);
    expect(channel.waitingCount).toBe(0);
  });

  it('closing (stdin ended) fails every waiting request', async () => {
    const { channel } = channelWithOutput();
    const pending = channel.request({ subtype: 'can_use_tool' });
    channel.close('stdin closed');
    await expect(pending).rejects.toThrow('stdin closed');
    await expect(channel.request({ subtype: 'can_use_tool' })).rejects.toThrow('stdin closed');
  });

  it('answers incoming requests by id: success payloads, handler errors, unknown subtypes', async () => {
    const { channel, written } = channelWithOutput();
    channel.handle('set_model', async (request) => ({ echoed: request.model }));
    channel.handle('interrupt', async () => {
      throw new Error('nothing to interrupt');
    });
    channel.receive({ type: 'control_request', request_id: 'a', request: { subtype: 'set_model', model: 'opus' } });
    channel.receive({ type: 'control_request', request_id: 'b', request: { subtype: 'interrupt' } });
    channel.receive({ type: 'control_request', request_id: 'c', request: { subtype: 'rewind_files' } });
    await flush();
    expect(written).toEqual(
      expect.arrayContaining([
        { type: 'control_response', response: { subtype: 'success', request_id: 'a', response: { echoed: 'opus' } } },
        { type: 'control_response', response: { subtype: 'error', request_id: 'b', error: 'nothing to interrupt' } },
        { type: 'control_response', response: { subtype: 'error', request_id: 'c', error: 'unsupported control request subtype: rewind_files' } },
      ]),
    );
  });

  it('a control_cancel_request from the client aborts the handler it names', async () => {
    const { channel } = channelWithOutput();
    let aborted = false;
    channel.handle('slow', (_request, signal) => new Promise((resolve) => signal.addEventListener('abort', () => ((aborted = true), resolve({})))));
    channel.receive({ type: 'control_request', request_id: 'x', request: { subtype: 'slow' } });
    channel.receive({ type: 'control_cancel_request', request_id: 'x' });
    await flush();
    expect(aborted).toBe(true);
  });

  it('a control message without its ids is one problem line, not a crash', () => {
    const { channel, problems } = channelWithOutput();
    channel.receive({ type: 'control_request', request: { subtype: 'interrupt' } });
    channel.receive({ type: 'control_response', response: { subtype: 'success' } });
    expect(problems).toHaveLength(2);
  });
});

describe('readSdkInput', () => {
  it('routes control messages to the channel and user messages to the queue; bad lines are one stderr line each', async () => {
    const { channel, written } = channelWithOutput();
    channel.handle('interrupt', async () => ({}));
    const stdin = new PassThrough();
    const users: SdkUserMessage[] = [];
    const problems: string[] = [];
    let ended = false;
    readSdkInput(stdin, { channel, onUserMessage: (message) => users.push(message), onProblem: (message) => problems.push(message), onEnd: () => (ended = true) });
    stdin.write('{"type":"user","message":{"role":"user","content":"hello"},"uuid":"u1"}\n');
    stdin.write('this is not json\n');
    stdin.write('[1,2]\n');
    stdin.write('{"type":"mystery"}\n');
    stdin.write('{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"x"}]}}\n');
    stdin.write('\n{"type":"control_request","request_id":"r","request":{"subtype":"interrupt"}}\n');
    stdin.end('{"type":"keep_alive"}\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(users).toEqual([{ content: 'hello', uuid: 'u1' }]);
    expect(problems).toEqual([
      'stdin line 2 is not valid JSON; ignored (one JSON message per line expected)',
      'stdin line 3 is not a message (no "type"); ignored',
      'stdin line 4: unknown message type "mystery"; ignored',
      'stdin line 5: a content block of type "tool_result" (only text and image blocks are accepted); ignored',
    ]);
    expect(written).toEqual([{ type: 'control_response', response: { subtype: 'success', request_id: 'r', response: {} } }]);
    expect(ended).toBe(true);
  });

  it('keeps text and image blocks as blocks', () => {
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
    expect(userMessageOf({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'what is this?' }, image] } })).toEqual({
      content: [{ type: 'text', text: 'what is this?' }, image],
    });
    expect(userMessageOf({ type: 'user', message: { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/tiff', data: 'x' } }] } })).toMatch(/neither base64/);
  });
});
