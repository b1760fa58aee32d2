/**
 * What a key press means to the prompt, as a pure function of Ink's key
 * event, so the bindings are a table a test can read:
 *
 *   Enter submit · Shift/Alt+Enter or Ctrl+J new line · Tab complete
 *   Ctrl+B send the running Bash command to the background (else cursor left)
 *   Shift+Tab mode · Esc interrupt/dismiss · Ctrl+C clear/exit · Ctrl+D exit
 *   Ctrl+R search · Ctrl+O transcript view · Ctrl+A/E line start/end · Ctrl+U/K kill
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
  | { readonly type: 'open_transcript' }
  /** Ctrl+B: send the running Bash command to the background; with none running, the cursor moves left (emacs). */
  | { readonly type: 'background_or_left' }
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

const NO_KEY: KeyLike = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
};

/**
 * Every key in one stdin chunk, as actions. Ink splits escape sequences but
 * hands a run of plain bytes over as one "input": three Backspaces held down
 * (or batched by the terminal, tmux, ssh) arrive as "\x7f\x7f\x7f", and
 * "abc\x7f" is typing then Backspace. Control bytes inside such a run are
 * keys of their own; CR and LF stay in the text (insertTyped tells a final
 * Enter from inner new lines).
 */
export function interpretKeys(input: string, key: KeyLike): EditorAction[] {
  if (input.length <= 1 || key.ctrl || key.meta || key.escape || !CONTROL_BYTE.test(input)) return [interpretKey(input, key)];
  const actions: EditorAction[] = [];
  for (const piece of input.split(CONTROL_BYTES)) {
    if (piece === '') continue;
    actions.push(CONTROL_BYTE.test(piece) ? controlByteAction(piece) : interpretKey(piece, key));
  }
  return actions;
}

/** C0 control bytes and DEL, except tab, LF and CR. */
const CONTROL_BYTE = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/;
const CONTROL_BYTES = /([\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f])/;

function controlByteAction(byte: string): EditorAction {
  const code = byte.charCodeAt(0);
  if (code === 0x7f || code === 0x08) return interpretKey('', { ...NO_KEY, backspace: true });
  // Ctrl+letter arrives as the letter's position in the alphabet (Ctrl+A = 0x01).
  if (code >= 0x01 && code <= 0x1a) return interpretKey(String.fromCharCode(code + 0x60), { ...NO_KEY, ctrl: true });
  return { type: 'none' };
}

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
      return { type: 'background_or_left' };
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
      return { type: 'open_transcript' };
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
