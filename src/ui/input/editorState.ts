/**
 * Everything the prompt remembers between key presses. Kept in a ref and
 * replaced as a whole: several key events can arrive in one stdin chunk
 * (a paste marker, then text, then the end marker), and each must see the
 * state the previous one left — React state updates would still be pending.
 */
import { AT_DRAFT, type HistoryPosition } from './historyNavigation.js';
import { EMPTY_BUFFER, type TextBuffer } from './textBuffer.js';
import type { VimState } from './vimMode.js';

export type HistorySearch = {
  readonly query: string;
  /** Index of the shown match in the history entries, if any. */
  readonly match: number | undefined;
  /** The input before the search began, restored on Esc. */
  readonly original: TextBuffer;
};

export type EditorState = {
  readonly buffer: TextBuffer;
  readonly history: HistoryPosition;
  readonly search: HistorySearch | undefined;
  readonly selectedSuggestion: number;
  /** Esc hides the menu until the text changes. */
  readonly suggestionsDismissedFor: string | undefined;
  /** Set by a first Ctrl+C or Ctrl+D on an empty input: the same key again exits (the prompt disarms it after a moment). */
  readonly exitArmed: false | 'ctrl_c' | 'ctrl_d';
  /** Set by a first Esc on an empty, idle input: a second one opens the rewind picker; any other key disarms it. */
  readonly rewindArmed?: boolean;
  /** `?` on an empty prompt: the shortcuts overlay shows until Esc (or any other key, which then acts as usual). */
  readonly shortcutsOpen?: boolean;
  /** Text of a bracketed paste still arriving. */
  readonly pasting: string | undefined;
  /** `/vim` editing: the mode; undefined when vim editing is off. */
  readonly vim: VimState | undefined;
};

export const INITIAL_EDITOR_STATE: EditorState = {
  buffer: EMPTY_BUFFER,
  history: AT_DRAFT,
  search: undefined,
  selectedSuggestion: 0,
  suggestionsDismissedFor: undefined,
  exitArmed: false,
  pasting: undefined,
  vim: undefined,
};

/** A paste larger than this (even bracketed) is cut: a prompt box is no place for a 50 MB log. */
export const MAX_PASTE_CHARS = 2_000_000;
