/**
 * What a key press means to the prompt, as a pure function of Ink's key
 * event, so the bindings are a table a test can read:
 *
 *   Enter submit · Shift/Alt+Enter or Ctrl+J new line · Tab complete
 *   Shift+Tab mode · Esc interrupt/dismiss · Ctrl+C clear/exit · Ctrl+D exit
 *   Ctrl+R search · Ctrl+O verbose · Ctrl+A/E line start/end · Ctrl+U/K kill
 *   Ctrl+W / Alt+Backspace delete word · Alt+B/F word left/right
 *   Ctrl+V paste the clipboard's image (text pastes come through the terminal)
 */
import type { Key } from 'ink';

export type EditorAction =
  | { readonly type: 'insert'; readonly text: string }
  | { readonly type: 'newline' }
  | { readonly type: 'submit' }
  | { readonly type: 'backspace' }
  | { readonly type: 'delete_forward_or_exit' }
  | { readonly type: 'move'; readonly to: 'left' | 'right' | 'up' | 'down' | 'line_start' | 'line_end' | 'word_left' | 'word_right' }
  | { readonly type: 'delete_word_backward' }
  | { readonly type: 'kill_to_line_start' }
  | { readonly type: 'kill_to_line_end' }
  | { readonly type: 'history_search' }
  | { readonly type: 'interrupt_or_clear' }
  | { readonly type: 'cycle_mode' }
  | { readonly type: 'toggle_verbose' }
  | { readonly type: 'escape' }
  | { readonly type: 'complete' }
  | { readonly type: 'paste_start' }
  | { readonly type: 'paste_end' }
  | { readonly type: 'paste_image' }
  | { readonly type: 'none' };

/** The subset of Ink's Key the bindings look at (tests build these by hand). */
export type KeyLike = Pick<Key, 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'home' | 'end' | 'return' | 'escape' | 'ctrl' | 'shift' | 'tab' | 'backspace' | 'delete' | 'meta'>;

// Bracketed paste markers arrive as their own events with ESC already stripped by Ink.
const PASTE_START = '[200~';
const PASTE_END = '[201~';

export function interpretKey(input: string, key: KeyLike): EditorAction {
  if (input === PASTE_START) return { type: 'paste_start' };
  if (input === PASTE_END) return { type: 'paste_end' };
  if (key.return) return key.shift || key.meta ? { type: 'newline' } : { type: 'submit' };
  if (input === '\n') return { type: 'newline' };
  if (key.tab) return key.shift ? { type: 'cycle_mode' } : { type: 'complete' };
  if (key.escape) return { type: 'escape' };
  if (key.backspace || key.delete) return key.meta || key.ctrl ? { type: 'delete_word_backward' } : { type: 'backspace' };
  if (key.leftArrow) return { type: 'move', to: key.meta || key.ctrl ? 'word_left' : 'left' };
  if (key.rightArrow) return { type: 'move', to: key.meta || key.ctrl ? 'word_right' : 'right' };
  if (key.upArrow) return { type: 'move', to: 'up' };
  if (key.downArrow) return { type: 'move', to: 'down' };
  if (key.home) return { type: 'move', to: 'line_start' };
  if (key.end) return { type: 'move', to: 'line_end' };
  if (key.ctrl) return controlBinding(input);
  if (key.meta) return metaBinding(input);
  return input === '' ? { type: 'none' } : { type: 'insert', text: input };
}

function controlBinding(letter: string): EditorAction {
  switch (letter) {
    case 'a':
      return { type: 'move', to: 'line_start' };
    case 'e':
      return { type: 'move', to: 'line_end' };
    case 'b':
      return { type: 'move', to: 'left' };
    case 'f':
      return { type: 'move', to: 'right' };
    case 'p':
      return { type: 'move', to: 'up' };
    case 'n':
      return { type: 'move', to: 'down' };
    case 'u':
      return { type: 'kill_to_line_start' };
    case 'k':
      return { type: 'kill_to_line_end' };
    case 'w':
      return { type: 'delete_word_backward' };
    case 'r':
      return { type: 'history_search' };
    case 'c':
      return { type: 'interrupt_or_clear' };
    case 'd':
      return { type: 'delete_forward_or_exit' };
    case 'o':
      return { type: 'toggle_verbose' };
    case 'j':
      return { type: 'newline' };
    case 'v':
      return { type: 'paste_image' };
    default:
      return { type: 'none' };
  }
}

function metaBinding(letter: string): EditorAction {
  switch (letter) {
    case 'b':
      return { type: 'move', to: 'word_left' };
    case 'f':
      return { type: 'move', to: 'word_right' };
    default:
      return { type: 'none' };
  }
}
