import { describe, expect, it } from 'vitest';
import { interpretKey, type KeyLike } from '../../src/ui/input/keymap.js';

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
    ['Ctrl+O', 'o', { ctrl: true }, { type: 'toggle_verbose' }],
    ["Ctrl+V pastes the clipboard's image", 'v', { ctrl: true }, { type: 'paste_image' }],
    ['Ctrl+A', 'a', { ctrl: true }, { type: 'move', to: 'line_start' }],
    ['Alt+B', 'b', { meta: true }, { type: 'move', to: 'word_left' }],
    ['bracketed paste start', '[200~', {}, { type: 'paste_start' }],
    ['bracketed paste end', '[201~', {}, { type: 'paste_end' }],
    ['plain text', 'abc', {}, { type: 'insert', text: 'abc' }],
  ])('%s', (_name, input, key, expected) => {
    expect(interpretKey(input, { ...NO_KEY, ...key })).toEqual(expected);
  });
});
