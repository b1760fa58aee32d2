// Property: any conversation with tool pairs, compacted at any point with any budget, is still a
// valid API conversation (the fake server's invariants: every tool_use answered, every
// tool_result preceded by its tool_use, roles alternating, user first), keeps the latest real
// prompt verbatim, and never grows the message bytes it keeps past the original.
import { describe, expect, it } from 'vitest';
import { assembleCompacted, SUMMARY_HEADER } from '../../src/session/compaction/compactConversation.js';
import { isRealPrompt, selectKeptTail } from '../../src/session/compaction/keptTail.js';
import { withUserPrompt } from '../../src/session/promptMessages.js';
import type { AssistantMessage, ContentBlockParam, ConversationMessage, UserMessage } from '../../src/types/messages.js';
import { toApiMessages } from '../../src/types/messages.js';
import { checkRequestInvariants } from '../support/fakeAnthropicInvariants.js';

/** A small deterministic PRNG (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const usage = { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } as AssistantMessage['usage'];
let counter = 0;
const id = (): string => `id-${counter++}`;

function text(rand: () => number, words: number): string {
  return Array.from({ length: 1 + Math.floor(rand() * words) }, () => 'lorem ipsum dolor'.split(' ')[Math.floor(rand() * 3)]).join(' ');
}

/** A conversation as the loop builds it: prompts, replies with parallel tool calls, results, interrupts, merged prompts. */
function randomConversation(rand: () => number): ConversationMessage[] {
  let messages: ConversationMessage[] = [];
  const turns = 1 + Math.floor(rand() * 8);
  for (let turn = 0; turn < turns; turn++) {
    messages = withUserPrompt(messages, `prompt ${turn}: ${text(rand, 30)}`).messages;
    const rounds = Math.floor(rand() * 5);
    for (let round = 0; round < rounds; round++) {
      const calls = 1 + Math.floor(rand() * 3);
      const uses: ContentBlockParam[] = Array.from({ length: calls }, () => ({ type: 'tool_use', id: id(), name: 'Bash', input: { command: text(rand, 5) } }));
      const assistant: AssistantMessage = { type: 'assistant', uuid: id(), timestamp: '', id: 'msg', model: 'm', content: [{ type: 'text', text: text(rand, 20) }, ...uses], stopReason: 'tool_use', usage };
      const results: ContentBlockParam[] = uses.map((use) => ({
        type: 'tool_result',
        tool_use_id: use.type === 'tool_use' ? use.id : '',
        content: text(rand, rand() < 0.2 ? 3_000 : 50),
      }));
      const answer: UserMessage = { type: 'user', uuid: id(), timestamp: '', content: results, isMeta: true };
      messages.push(assistant, answer);
    }
    // Most turns end with a reply; some end on tool results (an interrupt or rejection), so the next prompt merges.
    if (rand() < 0.75 || rounds === 0) {
      messages.push({ type: 'assistant', uuid: id(), timestamp: '', id: 'msg', model: 'm', content: [{ type: 'text', text: text(rand, 40) }], stopReason: 'end_turn', usage });
    }
  }
  return messages;
}

function bytes(messages: readonly ConversationMessage[]): number {
  return JSON.stringify(messages.map((message) => message.content)).length;
}

describe('compaction property', () => {
  it('random conversations compacted at random points always form a valid API conversation', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rand = random(seed);
      const full = randomConversation(rand);
      // Compaction runs before a request: at any point where the conversation ends with a user message.
      const points = full.flatMap((message, index) => (message.type === 'user' ? [index + 1] : []));
      const end = points[Math.floor(rand() * points.length)]!;
      const conversation = full.slice(0, end);
      const budget = Math.floor(rand() * 4_000);
      const tail = selectKeptTail(conversation, budget);
      if (tail.cut === 0) continue;
      const compacted = assembleCompacted({
        messages: conversation,
        cut: tail.cut,
        carriedPrompt: tail.carriedPrompt,
        summary: 'the summary',
        preserved: { cwd: '/work', todos: [{ content: 'open item', status: 'pending', activeForm: 'Doing it' }] },
      });
      const problems = checkRequestInvariants({ model: 'm', max_tokens: 1, messages: toApiMessages(compacted.messages) });
      expect(problems, `seed ${seed}`).toEqual([]);
      expect(compacted.messages[0]!.type, `seed ${seed}`).toBe('user');
      expect(compacted.messages.at(-1)!.type, `seed ${seed}`).toBe('user');

      // The latest real prompt survives verbatim: kept as a message, or carried inside the summary.
      const latest = conversation.findLast(isRealPrompt)!;
      const latestText = typeof latest.content === 'string' ? latest.content : JSON.stringify(latest.content.filter((block) => block.type === 'text'));
      const all = JSON.stringify(compacted.messages.map((message) => message.content));
      const promptWords = typeof latest.content === 'string' ? latest.content : latest.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      expect(all.includes(JSON.stringify(promptWords).slice(1, -1)), `seed ${seed}: ${latestText.slice(0, 60)}`).toBe(true);
      // Open todos and the cwd are in the summary message.
      expect(all).toContain(SUMMARY_HEADER);
      expect(all).toContain('open item');
      expect(all).toContain('/work');
      // What is kept verbatim never exceeds the original.
      expect(bytes(conversation.slice(tail.cut))).toBeLessThanOrEqual(bytes(conversation));
    }
  });

  it('keeps the latest prompt and everything after it when that fits the budget', () => {
    const rand = random(7);
    const conversation = randomConversation(rand);
    const withPrompt = withUserPrompt(conversation, 'the newest request').messages;
    const tail = selectKeptTail(withPrompt, 1_000_000);
    expect(tail.carriedPrompt).toBeUndefined();
    expect(withPrompt.slice(tail.cut).some((message) => isRealPrompt(message))).toBe(true);
  });
});

describe('what a summary message always carries', () => {
  it('an approved plan from the summarised part, verbatim; a rejected one is not presented as approved', () => {
    const plan = '1. Write the parser\n2. Test it';
    const approved: ContentBlockParam = {
      type: 'tool_result',
      tool_use_id: 'plan-1',
      content: `The user approved your plan. Plan mode is over; the permission mode is now default. Start carrying out the plan, and keep the task list current as you go.\n\nThe approved plan:\n${plan}`,
    };
    const messages: ConversationMessage[] = [
      { type: 'user', uuid: 'u1', timestamp: '', content: 'plan the parser' },
      { type: 'assistant', uuid: 'a1', timestamp: '', id: 'm', model: 'm', content: [{ type: 'tool_use', id: 'plan-1', name: 'ExitPlanMode', input: { plan } }], stopReason: 'tool_use', usage },
      { type: 'user', uuid: 'u2', timestamp: '', content: [approved], isMeta: true },
      { type: 'assistant', uuid: 'a2', timestamp: '', id: 'm', model: 'm', content: [{ type: 'text', text: 'Starting.' }], stopReason: 'end_turn', usage },
      { type: 'user', uuid: 'u3', timestamp: '', content: 'go on' },
    ];
    const compacted = assembleCompacted({ messages, cut: 4, carriedPrompt: undefined, summary: 's', preserved: { cwd: '/w', todos: [] } });
    const text = JSON.stringify(compacted.messages[0]!.content);
    expect(text).toContain('The plan the user approved, verbatim');
    expect(text).toContain(JSON.stringify(plan).slice(1, -1));
    expect(text).toContain('go on');

    const rejected = messages.map((message) =>
      message.uuid === 'u2' ? { ...message, content: [{ type: 'tool_result' as const, tool_use_id: 'plan-1', is_error: true, content: 'The user did not approve the plan.' }] } : message,
    );
    const withoutPlan = assembleCompacted({ messages: rejected, cut: 4, carriedPrompt: undefined, summary: 's', preserved: { cwd: '/w', todos: [] } });
    expect(JSON.stringify(withoutPlan.messages[0]!.content)).not.toContain('The plan the user approved');
  });
});
