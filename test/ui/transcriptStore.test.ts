import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryLine } from '../../src/ui/repl/retryStatus.js';
import { TranscriptStore, type StaticReadiness } from '../../src/ui/repl/transcriptStore.js';
import type { TranscriptItem } from '../../src/ui/repl/transcriptTypes.js';
import {
  assistantMessage,
  outcome,
  requestStart,
  retry,
  textDelta,
  toolInputDelta,
  toolProgress,
  toolResult,
  toolStarted,
  toolUseStart,
} from './support/events.js';

afterEach(() => {
  vi.useRealTimers();
});

function store(readiness?: StaticReadiness): TranscriptStore {
  const created = new TranscriptStore({ readiness, publishIntervalMs: 0 });
  created.beginTurn();
  return created;
}

const kinds = (items: readonly TranscriptItem[]) => items.map((item) => item.kind);
const texts = (items: readonly TranscriptItem[]) => items.flatMap((item) => (item.kind === 'assistant_text' ? [item.text] : []));

describe('transcript store: streaming text', () => {
  it('prints finished paragraphs and keeps the open one live', () => {
    const transcript = store();
    transcript.handle(requestStart());
    transcript.handle(textDelta('First paragraph.\n\nSecond, still'));
    transcript.flush();
    const snapshot = transcript.getSnapshot();
    expect(texts(snapshot.staticItems)).toEqual(['First paragraph.']);
    // The live text knows what of it is printed already: its reserved rows count from the reply's first row.
    expect(snapshot.live).toEqual([{ kind: 'text', id: expect.any(String), text: 'Second, still', continuation: true, printed: ['First paragraph.'] }]);
  });

  it('prints the rest of the text when the message ends', () => {
    const transcript = store();
    transcript.handle(textDelta('Only paragraph'));
    transcript.handle(assistantMessage('Only paragraph'));
    transcript.flush();
    expect(texts(transcript.getSnapshot().staticItems)).toEqual(['Only paragraph']);
    expect(transcript.getSnapshot().live).toEqual([]);
  });

  it('counts output tokens: reported usage plus an estimate of what is streaming', () => {
    const transcript = store();
    transcript.handle(assistantMessage('done', 40));
    transcript.handle(requestStart());
    transcript.handle(textDelta('x'.repeat(80)));
    transcript.flush();
    expect(transcript.getSnapshot().turn?.outputTokens).toBe(60);
    expect(transcript.getSnapshot().turn?.activity).toBe('writing');
  });
});

describe('transcript store: tools', () => {
  it('shows the use line from partial input while the input streams', () => {
    const transcript = store();
    transcript.handle(toolUseStart('t1', 'Bash'));
    transcript.handle(toolInputDelta('t1', 'Bash', '{"command": "npm te'));
    transcript.flush();
    expect(transcript.getSnapshot().live[0]).toMatchObject({ kind: 'tool', phase: 'streaming_input', input: { command: 'npm te' } });
  });

  it('keeps a running tool live with its newest progress, then prints it with its result', () => {
    const transcript = store();
    transcript.handle(toolUseStart('t1', 'Bash'));
    transcript.handle(toolStarted('t1', 'Bash', { command: 'npm test' }));
    for (let index = 0; index < 30; index++) transcript.handle(toolProgress('t1', 'Bash', index));
    transcript.flush();
    const live = transcript.getSnapshot().live[0];
    expect(live).toMatchObject({ kind: 'tool', phase: 'running' });
    expect(live?.kind === 'tool' && live.progress).toEqual(Array.from({ length: 20 }, (_, index) => index + 10));
    transcript.handle(toolResult(outcome('t1', 'Bash', 'success', 'ok', { stdout: 'ok' }, { command: 'npm test' })));
    transcript.flush();
    expect(transcript.getSnapshot().live).toEqual([]);
    expect(transcript.getSnapshot().staticItems.at(-1)).toMatchObject({ kind: 'tool_call', toolName: 'Bash', status: 'success', data: { stdout: 'ok' }, input: { command: 'npm test' } });
  });

  it('prints in the order things began: text, then tools in call order', () => {
    const transcript = store();
    transcript.handle(textDelta('Let me look.'));
    transcript.handle(toolUseStart('a', 'Read'));
    transcript.handle(toolUseStart('b', 'Read'));
    transcript.handle(toolStarted('a', 'Read', { file_path: '/a' }));
    transcript.handle(toolStarted('b', 'Read', { file_path: '/b' }));
    // b finishes first, but may not print above a.
    transcript.handle(toolResult(outcome('b', 'Read', 'success', 'b content')));
    transcript.flush();
    expect(kinds(transcript.getSnapshot().staticItems)).toEqual(['assistant_text']);
    transcript.handle(toolResult(outcome('a', 'Read', 'success', 'a content')));
    transcript.flush();
    const printed = transcript.getSnapshot().staticItems;
    expect(printed.map((item) => (item.kind === 'tool_call' ? item.resultText : item.kind))).toEqual(['assistant_text', 'a content', 'b content']);
  });

  it('answers a call whose result only came in the user message (input cut off)', () => {
    const transcript = store();
    transcript.handle(toolUseStart('t9', 'Write'));
    transcript.handle({
      type: 'user_message',
      message: { type: 'user', uuid: 'u', timestamp: '', content: [{ type: 'tool_result', tool_use_id: 't9', content: 'did not run', is_error: true }] },
    });
    transcript.flush();
    expect(transcript.getSnapshot().staticItems.at(-1)).toMatchObject({ kind: 'tool_call', status: 'error', resultText: 'did not run' });
  });
});

describe('transcript store: retries and interrupts', () => {
  it('a retry voids what streamed since the request started and counts down on the spinner line, printing nothing', () => {
    const transcript = store();
    transcript.beginTurn();
    transcript.handle(requestStart());
    transcript.handle(textDelta('half an answ'));
    transcript.handle(toolUseStart('t1', 'Bash'));
    transcript.handle(retry(3));
    transcript.handle(retry(4));
    transcript.flush();
    const snapshot = transcript.getSnapshot();
    expect(snapshot.live).toEqual([]);
    expect(snapshot.staticItems.filter((item) => item.kind === 'notice')).toEqual([]);
    expect(snapshot.turn?.retry).toMatchObject({ attempt: 4, reason: 'The reply was cut off' });
    expect(retryLine(snapshot.turn!.retry!, snapshot.turn!.retry!.resumesAt - 3_500)).toBe('The reply was cut off · retrying in 4 s · attempt 4/10');
    transcript.handle(requestStart());
    transcript.handle(textDelta('A'));
    transcript.flush();
    expect(transcript.getSnapshot().turn?.retry).toBeUndefined();
  });

  it('a stream cut after a printed paragraph: the retried answer does not print that paragraph again', () => {
    const transcript = store();
    transcript.beginTurn();
    transcript.handle(requestStart());
    transcript.handle(textDelta('First paragraph, printed.\n\nSecond para'));
    transcript.handle(retry(1));
    transcript.handle(requestStart());
    transcript.handle(textDelta('First paragraph, '));
    transcript.handle(textDelta('printed.\n\nSecond paragraph, whole.\n\nThird.'));
    transcript.endTurn({ reason: 'completed' });
    transcript.flush();
    const texts = transcript.getSnapshot().staticItems.flatMap((item) => (item.kind === 'assistant_text' ? [item.text] : []));
    expect(texts).toEqual(['First paragraph, printed.', 'Second paragraph, whole.', 'Third.']);
    expect(transcript.getSnapshot().staticItems.filter((item) => item.kind === 'notice')).toEqual([]);
  });

  it('a stream cut whose retry says something else keeps the printed part and says the answer started over', () => {
    const transcript = store();
    transcript.beginTurn();
    transcript.handle(requestStart());
    transcript.handle(textDelta('Plan A, printed.\n\nmore'));
    transcript.handle(retry(1));
    transcript.handle(requestStart());
    transcript.handle(textDelta('Plan B instead.'));
    transcript.endTurn({ reason: 'completed' });
    transcript.flush();
    const items = transcript.getSnapshot().staticItems.filter((item) => item.kind === 'assistant_text' || item.kind === 'notice');
    expect(items.map((item) => (item.kind === 'assistant_text' || item.kind === 'notice' ? item.text : ''))).toEqual([
      'Plan A, printed.',
      'The answer started over after the retry; the text above is from the attempt that was cut off.',
      'Plan B instead.',
    ]);
  });

  it('an interrupted turn settles live tools as interrupted and prints "Interrupted"', () => {
    const transcript = store();
    transcript.handle(toolUseStart('t1', 'Bash'));
    transcript.handle(toolStarted('t1', 'Bash', { command: 'sleep 60' }));
    transcript.endTurn({ reason: 'interrupted' });
    transcript.flush();
    const snapshot = transcript.getSnapshot();
    expect(snapshot.turn).toBeUndefined();
    expect(snapshot.live).toEqual([]);
    expect(snapshot.staticItems.map((item) => (item.kind === 'tool_call' ? item.status : item.kind === 'notice' ? item.text : item.kind))).toEqual(['interrupted', 'Interrupted']);
  });

  it('an API failure ends the turn with the reason', () => {
    const transcript = store();
    transcript.endTurn({ reason: 'api_error' }, 'could not reach the API');
    transcript.flush();
    expect(transcript.getSnapshot().staticItems.at(-1)).toMatchObject({ kind: 'notice', tone: 'error', text: 'could not reach the API' });
  });
});

describe('transcript store: printing', () => {
  it('holds an item back until it can print in its final form, keeping order', async () => {
    let ready = false;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transcript = store({
      isReady: (item) => item.kind !== 'tool_call' || ready,
      whenReady: () => gate,
    });
    transcript.handle(toolUseStart('t1', 'Read'));
    transcript.handle(toolResult(outcome('t1', 'Read', 'success', 'x')));
    transcript.addNotice('info', 'after the tool');
    transcript.flush();
    expect(transcript.getSnapshot().staticItems).toEqual([]);
    ready = true;
    release();
    await gate;
    await Promise.resolve();
    transcript.flush();
    expect(kinds(transcript.getSnapshot().staticItems)).toEqual(['tool_call', 'notice']);
  });

  it('releases the payload of printed items', () => {
    const transcript = store();
    transcript.addItem({ kind: 'user_prompt', text: 'a long prompt' });
    transcript.flush();
    transcript.releasePrinted(1);
    transcript.addNotice('info', 'next');
    transcript.flush();
    expect(kinds(transcript.getSnapshot().staticItems)).toEqual(['released', 'notice']);
  });

  it('clear() starts a new <Static> epoch with nothing in it', () => {
    const transcript = store();
    transcript.addNotice('info', 'x');
    transcript.clear();
    transcript.flush();
    expect(transcript.getSnapshot().staticItems).toEqual([]);
    expect(transcript.getSnapshot().staticEpoch).toBe(1);
  });

  it('publishes a burst of events once, and leaves no timer behind when idle', () => {
    vi.useFakeTimers();
    const transcript = new TranscriptStore({ publishIntervalMs: 33 });
    const listener = vi.fn();
    transcript.subscribe(listener);
    transcript.beginTurn();
    for (let index = 0; index < 100; index++) transcript.handle(textDelta('token '));
    expect(listener).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('transcript store: results already shown', () => {
  it('does not print a tool twice when the user message repeats its result', () => {
    const transcript = store();
    transcript.handle(toolUseStart('t1', 'Shout'));
    transcript.handle(toolResult(outcome('t1', 'Shout', 'rejected', 'no')));
    transcript.handle({
      type: 'user_message',
      message: { type: 'user', uuid: 'u', timestamp: '', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'no', is_error: true }] },
    });
    transcript.flush();
    expect(transcript.getSnapshot().staticItems.filter((item) => item.kind === 'tool_call')).toHaveLength(1);
  });
});

describe('transcript store: calls of one message as a group', () => {
  function groupingStore(): TranscriptStore {
    const created = new TranscriptStore({ publishIntervalMs: 0, drawsMessageGroups: (toolName) => toolName === 'Agent' });
    created.beginTurn();
    return created;
  }
  const startAgent = (transcript: TranscriptStore, id: string): void => {
    transcript.handle(toolUseStart(id, 'Agent'));
    transcript.handle(toolStarted(id, 'Agent', { description: id, prompt: 'p' }));
  };

  it('holds finished calls of the group back until the last one finishes, then prints one group item in call order', () => {
    const transcript = groupingStore();
    transcript.handle(requestStart());
    for (const id of ['a1', 'a2', 'a3']) startAgent(transcript, id);
    transcript.handle(assistantMessage(''));
    transcript.handle(toolProgress('a2', 'Agent', { step: 1 }));
    transcript.handle(toolResult(outcome('a2', 'Agent', 'success', 'two', { answer: 2 })));
    transcript.handle(toolResult(outcome('a1', 'Agent', 'success', 'one', { answer: 1 })));
    transcript.flush();
    expect(kinds(transcript.getSnapshot().staticItems)).toEqual([]);
    expect(transcript.getSnapshot().live.map((segment) => segment.kind === 'tool' && [segment.id, segment.phase, segment.batch])).toEqual([
      ['a1', 'done', 1],
      ['a2', 'done', 1],
      ['a3', 'running', 1],
    ]);
    transcript.handle(toolResult(outcome('a3', 'Agent', 'error', 'failed')));
    transcript.flush();
    const [group] = transcript.getSnapshot().staticItems;
    expect(group).toMatchObject({
      kind: 'tool_group',
      toolName: 'Agent',
      calls: [
        { id: 'a1', status: 'success', data: { answer: 1 }, resultText: 'one' },
        { id: 'a2', status: 'success', data: { answer: 2 }, resultText: 'two', progress: [{ step: 1 }] },
        { id: 'a3', status: 'error', resultText: 'failed' },
      ],
    });
    expect(transcript.getSnapshot().live).toEqual([]);
  });

  it('a lone call, calls from different messages, and tools that draw no groups print one by one', () => {
    const transcript = groupingStore();
    transcript.handle(requestStart());
    startAgent(transcript, 'solo');
    transcript.handle(toolUseStart('r1', 'Read'));
    transcript.handle(toolStarted('r1', 'Read', {}));
    transcript.handle(assistantMessage(''));
    transcript.handle(toolProgress('solo', 'Agent', { step: 1 }));
    transcript.handle(toolResult(outcome('solo', 'Agent', 'success', 'answer')));
    transcript.handle(toolResult(outcome('r1', 'Read', 'success', 'text')));
    transcript.handle(requestStart());
    startAgent(transcript, 'next');
    transcript.handle(assistantMessage(''));
    transcript.handle(toolResult(outcome('next', 'Agent', 'success', 'later')));
    transcript.flush();
    const items = transcript.getSnapshot().staticItems;
    expect(items.map((item) => (item.kind === 'tool_call' ? item.resultText : item.kind))).toEqual(['answer', 'text', 'later']);
    // A finished call keeps what it reported while running, for its result renderer.
    expect(items[0]).toMatchObject({ kind: 'tool_call', progress: [{ step: 1 }] });
  });

  it('a call finished before its message is complete waits: another call of the group may still come', () => {
    const transcript = groupingStore();
    transcript.handle(requestStart());
    startAgent(transcript, 'early');
    transcript.handle(toolResult(outcome('early', 'Agent', 'success', 'fast')));
    transcript.flush();
    expect(transcript.getSnapshot().staticItems).toEqual([]);
    startAgent(transcript, 'late');
    transcript.handle(assistantMessage(''));
    transcript.handle(toolResult(outcome('late', 'Agent', 'success', 'slow')));
    transcript.flush();
    expect(transcript.getSnapshot().staticItems).toMatchObject([{ kind: 'tool_group', calls: [{ id: 'early' }, { id: 'late' }] }]);
  });
});
