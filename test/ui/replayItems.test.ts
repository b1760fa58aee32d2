import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/ui/repl/replayItems.js';
import type { AssistantMessage, ConversationMessage, UserMessage } from '../../src/types/messages.js';

const usage = { input_tokens: 1, output_tokens: 1 } as AssistantMessage['usage'];
const prompt = (text: string): UserMessage => ({ type: 'user', uuid: `u-${text}`, timestamp: '', content: text });
const reply = (text: string, tool?: string): AssistantMessage => ({
  type: 'assistant', uuid: `a-${text}`, timestamp: '', id: 'msg', model: 'm', stopReason: tool ? 'tool_use' : 'end_turn', usage,
  content: [{ type: 'text', text }, ...(tool ? [{ type: 'tool_use' as const, id: `t-${text}`, name: tool, input: {} }] : [])],
});
const results = (id: string): UserMessage => ({ type: 'user', uuid: `r-${id}`, timestamp: '', isMeta: true, content: [{ type: 'tool_result', tool_use_id: id, content: 'x'.repeat(50_000) }] });

describe('replaying a resumed conversation', () => {
  it('shows prompts, replies and one line per tool call, oldest first; tool results and reminders are not shown', () => {
    const messages: ConversationMessage[] = [prompt('fix it'), reply('Reading', 'Read'), results('t-Reading'), reply('Fixed.'), prompt('<system-reminder>x</system-reminder>')];
    expect(replayItems(messages)).toEqual([
      { kind: 'user_prompt', text: 'fix it' },
      { kind: 'assistant_text', text: 'Reading', continuation: false },
      { kind: 'notice', tone: 'info', text: '(ran Read)' },
      { kind: 'assistant_text', text: 'Fixed.', continuation: false },
    ]);
  });

  it('a long session shows only its end: about two screens of text, never its whole history', () => {
    const messages: ConversationMessage[] = [];
    for (let turn = 0; turn < 500; turn++) messages.push(prompt(`prompt ${turn} `.padEnd(200, '.')), reply(`answer ${turn} `.padEnd(1_000, '.')));
    const items = replayItems(messages);
    const shown = items.reduce((sum, item) => sum + item.text.length, 0);
    expect(shown).toBeLessThan(8_000);
    expect(items.at(-1)).toMatchObject({ kind: 'assistant_text', text: expect.stringMatching(/^answer 499 /) });
    expect(items.at(-2)).toMatchObject({ kind: 'user_prompt', text: expect.stringMatching(/^prompt 499 /) });
  });
});
