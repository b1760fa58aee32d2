import { describe, expect, it } from 'vitest';
import { interpretKey, interpretKeys, type KeyLike } from '../../src/ui/input/keymap.js';

const NO_KEY: KeyLike = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
};

describe('key bindings', () => {
  it.each<[string, string, Partial<KeyLike>, unknown]>([
    ['Enter submits', '\r', { return: true }, { type: 'submit' }],
    ['Shift+Enter is a new line', '\r', { return: true, shift: true }, { type: 'newline' }],
    ['Alt+Enter is a new line', '\r', { return: true, meta: true }, { type: 'newline' }],
    ['Ctrl+J is a new line', '\n', {}, { type: 'newline' }],
    ['Shift+Tab cycles the mode', '', { tab: true, shift: true }, { type: 'cycle_mode' }],
    ['Tab completes', '\t', { tab: true }, { type: 'complete' }],
    ['Esc', '', { escape: true, meta: true }, { type: 'escape' }],
    ['Backspace (sent as DEL by most terminals)', '', { delete: true }, { type: 'backspace' }],
    ['Alt+Backspace deletes a word', '', { delete: true, meta: true }, { type: 'delete_word_backward' }],
    ['Ctrl+C', 'c', { ctrl: true }, { type: 'interrupt_or_clear' }],
    ['Ctrl+D', 'd', { ctrl: true }, { type: 'delete_forward_or_exit' }],
    ['Ctrl+R', 'r', { ctrl: true }, { type: 'history_search' }],
    ['Ctrl+O', 'o', { ctrl: true }, { type: 'open_transcript' }],
    ["Ctrl+V pastes the clipboard's image", 'v', { ctrl: true }, { type: 'paste_image' }],
    ['Ctrl+A', 'a', { ctrl: true }, { type: 'move', to: 'line_start' }],
    ['Alt+B', 'b', { meta: true }, { type: 'move', to: 'word_left' }],
    ['Ctrl+B: the running Bash command to the background, else cursor left', 'b', { ctrl: true }, { type: 'background_or_left' }],
    ['bracketed paste start', '[200~', {}, { type: 'paste_start' }],
    ['bracketed paste end', '[201~', {}, { type: 'paste_end' }],
    ['plain text', 'abc', {}, { type: 'insert', text: 'abc' }],
  ])('%s', (_name, input, key, expected) => {
    expect(interpretKey(input, { ...NO_KEY, ...key })).toEqual(expected);
  });
});

describe('keys that arrive together in one chunk', () => {
  it.each<[string, string, unknown[]]>([
    ['three Backspaces at once are three backspaces', '\x7f\x7f\x7f', [{ type: 'backspace' }, { type: 'backspace' }, { type: 'backspace' }]],
    ['typing then Backspace', 'abc\x7f', [{ type: 'insert', text: 'abc' }, { type: 'backspace' }]],
    ['Ctrl+H is a Backspace too', 'ab\x08', [{ type: 'insert', text: 'ab' }, { type: 'backspace' }]],
    ['Ctrl+U inside a chunk kills the line', 'old\x15new', [{ type: 'insert', text: 'old' }, { type: 'kill_to_line_start' }, { type: 'insert', text: 'new' }]],
    ['text with a final Enter stays one insert (the prompt tells Enter from inner new lines)', 'yes\r', [{ type: 'insert', text: 'yes\r' }]],
  ])('%s', (_name, input, expected) => {
    expect(interpretKeys(input, NO_KEY)).toEqual(expected);
  });
});
