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
  it('shows prompts, replies and each tool call with its input, status and result, oldest first; reminders are not shown', () => {
    const messages: ConversationMessage[] = [prompt('fix it'), reply('Reading', 'Read'), results('t-Reading'), reply('Fixed.'), prompt('<system-reminder>x</system-reminder>')];
    expect(replayItems(messages)).toEqual([
      { kind: 'user_prompt', text: 'fix it' },
      { kind: 'assistant_text', text: 'Reading', continuation: false },
      { kind: 'tool_call', toolUseId: 't-Reading', toolName: 'Read', input: {}, status: 'success', resultText: expect.stringMatching(/^x{20000}\n…$/), progress: [], replayed: true },
      { kind: 'assistant_text', text: 'Fixed.', continuation: false },
    ]);
  });

  it('a refused call replays as rejected, a failed one as an error, one without a saved result as interrupted', () => {
    const refused: UserMessage = { type: 'user', uuid: 'r1', timestamp: '', content: [{ type: 'tool_result', tool_use_id: 't-a', is_error: true, content: 'The user rejected this Write call; it did not run.' }] };
    const failed: UserMessage = { type: 'user', uuid: 'r2', timestamp: '', content: [{ type: 'tool_result', tool_use_id: 't-b', is_error: true, content: 'boom' }] };
    const statuses = replayItems([reply('a', 'Write'), refused, reply('b', 'Bash'), failed, reply('c', 'Bash')]).flatMap((item) => (item.kind === 'tool_call' ? [item.status] : []));
    expect(statuses).toEqual(['rejected', 'error', 'interrupted']);
  });

  it('a long session shows only its end: about two screens of text, never its whole history', () => {
    const messages: ConversationMessage[] = [];
    for (let turn = 0; turn < 500; turn++) messages.push(prompt(`prompt ${turn} `.padEnd(200, '.')), reply(`answer ${turn} `.padEnd(1_000, '.')));
    const items = replayItems(messages);
    const shown = items.reduce((sum, item) => sum + (item.kind === 'tool_call' ? item.resultText.length : item.text.length), 0);
    expect(shown).toBeLessThan(8_000);
    expect(items.at(-1)).toMatchObject({ kind: 'assistant_text', text: expect.stringMatching(/^answer 499 /) });
    expect(items.at(-2)).toMatchObject({ kind: 'user_prompt', text: expect.stringMatching(/^prompt 499 /) });
  });
});
