import { describe, expect, it, vi } from 'vitest';
import { completionContextAt } from '../../src/ui/input/completions.js';
import { INITIAL_EDITOR_STATE, type EditorState } from '../../src/ui/input/editorState.js';
import { interpretKey, type KeyLike } from '../../src/ui/input/keymap.js';
import { PastedTextStore } from '../../src/ui/input/pastedText.js';
import { handlePromptAction, type PromptEffects } from '../../src/ui/input/promptKeyHandler.js';
import { bufferOf, type TextBuffer } from '../../src/ui/input/textBuffer.js';
import { enterNormalMode, VIM_INSERT, VIM_NORMAL, vimNormalKey } from '../../src/ui/input/vimMode.js';

const NO_KEY: KeyLike = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
};

/** Runs normal-mode keys from a buffer written as text with `|` marking the cursor. */
function normal(marked: string, keys: string): string {
  let buffer: TextBuffer = bufferOf(marked.replace('|', ''), marked.indexOf('|'));
  let vim = VIM_NORMAL;
  for (const key of keys) {
    const result = vimNormalKey(buffer, vim, key);
    buffer = result.buffer;
    vim = result.vim;
  }
  return `${buffer.text.slice(0, buffer.cursor)}|${buffer.text.slice(buffer.cursor)}${vim.mode === 'insert' ? ' (insert)' : ''}`;
}

describe('vim normal mode', () => {
  it.each<[string, string, string, string]>([
    ['h moves left, not past the line start', 'ab|c', 'hhh', '|abc'],
    ['l moves right, resting on the last character', 'a|bc', 'lll', 'ab|c'],
    ['j and k move between lines', 'o|ne\ntwo', 'j', 'one\nt|wo'],
    ['k', 'one\ntw|o', 'k', 'on|e\ntwo'],
    ['w goes to the next word, punctuation counting as one', '|foo.bar baz', 'ww', 'foo.|bar baz'],
    ['b goes back a word', 'foo bar b|az', 'b', 'foo bar |baz'],
    ['e goes to the end of the word', '|foo bar', 'ee', 'foo ba|r'],
    ['0 and $', 'abc |def', '0', '|abc def'],
    ['$', '|abc def', '$', 'abc de|f'],
    ['x deletes under the cursor', 'a|bc', 'x', 'a|c'],
    ['dd deletes the line and its break', 'one\nt|wo\nthree', 'dd', 'one\n|three'],
    ['dd on the last line', 'one\ntw|o', 'dd', '|one'],
    ['dd on the only line', 'al|one', 'dd', '|'],
    ['d then another key does nothing', 'a|bc', 'dx', 'a|bc'],
    ['i inserts before the cursor', 'a|bc', 'i', 'a|bc (insert)'],
    ['a inserts after it', 'a|bc', 'a', 'ab|c (insert)'],
    ['A at the line end, I at its start', 'a|bc\nd', 'A', 'abc|\nd (insert)'],
    ['o opens a line below', 'a|bc\nd', 'o', 'abc\n|\nd (insert)'],
    ['O opens a line above', 'abc\n|d', 'O', 'abc\n|\nd (insert)'],
    ['unknown keys do nothing', 'a|bc', 'zq', 'a|bc'],
  ])('%s', (_name, start, keys, expected) => {
    expect(normal(start, keys)).toBe(expected);
  });

  it('Esc from insert mode rests on the character before the cursor', () => {
    expect(enterNormalMode(bufferOf('abc', 3))).toEqual({ buffer: bufferOf('abc', 2), vim: VIM_NORMAL });
  });
});

describe('vim editing in the prompt', () => {
  function harness(busy = false) {
    const effects = { submit: vi.fn(), interrupt: vi.fn(), cycleMode: vi.fn(), openTranscript: vi.fn(), exit: vi.fn() } satisfies PromptEffects;
    const pastes = new PastedTextStore();
    let state: EditorState = { ...INITIAL_EDITOR_STATE, vim: VIM_INSERT };
    const key = (input: string, extra: Partial<KeyLike> = {}) => {
      state = handlePromptAction(
        state,
        interpretKey(input, { ...NO_KEY, ...extra }),
        { isBusy: busy, history: [], completion: completionContextAt(state.buffer), suggestions: [], pastes },
        effects,
      );
    };
    const type = (text: string) => {
      for (const char of text) key(char);
    };
    return { effects, key, type, get state() { return state; } };
  }

  it('types in insert mode, edits in normal mode, and Enter sends; the next prompt starts in insert mode', () => {
    const h = harness();
    h.type('hello wrld');
    h.key('', { escape: true });
    expect(h.state.vim?.mode).toBe('normal');
    h.type('bl');
    h.type('io');
    h.key('', { escape: true });
    h.type('0x');
    expect(h.state.buffer.text).toBe('ello world');
    h.key('\r', { return: true });
    expect(h.effects.submit).toHaveBeenCalledWith('ello world');
    expect(h.state.vim).toEqual(VIM_INSERT);
    expect(h.state.buffer.text).toBe('');
  });

  it('Esc in normal mode interrupts a running turn; in insert mode it only switches mode', () => {
    const h = harness(true);
    h.type('x');
    h.key('', { escape: true });
    expect(h.effects.interrupt).not.toHaveBeenCalled();
    h.key('', { escape: true });
    expect(h.effects.interrupt).toHaveBeenCalledTimes(1);
  });

  it('keys typed together in normal mode are commands, and switching to insert mid-chunk types the rest', () => {
    const h = harness();
    h.type('abc');
    h.key('', { escape: true });
    h.key('0ixy');
    expect(h.state.buffer.text).toBe('xyabc');
    expect(h.state.vim?.mode).toBe('insert');
  });
});
