/**
 * The prompt's behaviour: given its state and one key action, the next
 * state, plus calls to the REPL for what leaves the prompt (submit,
 * interrupt, mode, exit). No React, so each rule is a unit test.
 */
import type { CompletionContext, Suggestion } from './completions.js';
import { type EditorState, INITIAL_EDITOR_STATE, MAX_PASTE_CHARS } from './editorState.js';
import { AT_DRAFT, historyNewer, historyOlder, searchHistory } from './historyNavigation.js';
import type { EditorAction } from './keymap.js';
import { normalizePastedText, shouldCollapsePaste, type PastedTextStore } from './pastedText.js';
import * as edit from './textBuffer.js';
import { enterNormalMode, vimNormalKey, VIM_INSERT, VIM_NORMAL } from './vimMode.js';
import { pastedImageMention } from '../../attachments/promptMentions.js';

export type PromptEffects = {
  readonly submit: (text: string) => void;
  readonly interrupt: () => void;
  readonly cycleMode: () => void;
  readonly openTranscript: () => void;
  readonly exit: () => void;
  /** Ctrl+V: attach the clipboard's image (the REPL inserts its @mention when it is saved). */
  readonly pasteImage?: () => void;
  /** Esc twice in a row on an empty prompt while idle: the rewind picker. */
  readonly openRewind?: () => void;
  /** Ctrl+B: sends running Bash commands to the background; false when none was running (the key then moves the cursor). */
  readonly runInBackground?: () => boolean;
};

export type PromptEnvironment = {
  readonly isBusy: boolean;
  readonly history: readonly string[];
  readonly completion: CompletionContext;
  readonly suggestions: readonly Suggestion[];
  readonly pastes: PastedTextStore;
};

export function suggestionsVisible(state: EditorState, environment: Pick<PromptEnvironment, 'suggestions'>): boolean {
  return environment.suggestions.length > 0 && state.suggestionsDismissedFor !== state.buffer.text && state.search === undefined;
}

export function handlePromptAction(state: EditorState, action: EditorAction, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  const next = handleAnyAction(state, action, environment, effects);
  // Vim editing survives a submit or a clear (they reset the rest of the state), in insert mode for the next prompt.
  return state.vim && !next.vim ? { ...next, vim: VIM_INSERT } : next;
}

function handleAnyAction(state: EditorState, action: EditorAction, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  if (state.pasting !== undefined) return continuePaste(state, action, environment);
  if (state.shortcutsOpen) {
    // Esc (or ? again) only closes the overlay; any other key closes it and does what it always does.
    const closed = { ...state, shortcutsOpen: false };
    if (action.type === 'escape' || (action.type === 'insert' && action.text === '?')) return closed;
    return handleAnyAction(closed, action, environment, effects);
  }
  if (state.search) return handleSearchAction(state, action, environment, effects);
  if (state.vim?.mode === 'normal') return handleVimNormalAction(state, action, environment, effects);
  if (state.vim && action.type === 'escape' && !suggestionsVisible(state, environment)) return { ...state, ...enterNormalMode(state.buffer) };
  let next = handleEditAction(state, action, environment, effects);
  // Any key but Esc disarms "Esc again to rewind".
  if (next.rewindArmed && action.type !== 'escape') next = { ...next, rewindArmed: false };
  // Any other key disarms "press again to exit".
  const arming = action.type === 'interrupt_or_clear' || action.type === 'delete_forward_or_exit';
  return arming || !next.exitArmed ? next : { ...next, exitArmed: false };
}

/** Vim normal mode: typed characters are commands; Enter sends; Esc interrupts a running turn; other keys act as usual. */
function handleVimNormalAction(state: EditorState, action: EditorAction, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  switch (action.type) {
    case 'insert': {
      let next = state;
      for (const key of action.text) {
        if (next.vim?.mode !== 'normal') {
          next = { ...next, buffer: edit.insertText(next.buffer, key) };
          continue;
        }
        const result = vimNormalKey(next.buffer, next.vim, key);
        next = { ...next, buffer: result.buffer, vim: result.vim, selectedSuggestion: 0 };
      }
      return next;
    }
    case 'escape':
      if (environment.isBusy) effects.interrupt();
      return state.vim?.pendingDelete ? { ...state, vim: VIM_NORMAL } : state;
    case 'backspace':
      return { ...state, buffer: edit.moveLeft(state.buffer) };
    case 'submit':
      return submit(state, environment, effects);
    default:
      return handleEditAction(state, action, environment, effects);
  }
}

function handleEditAction(state: EditorState, action: EditorAction, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  const { buffer } = state;
  const withBuffer = (next: edit.TextBuffer): EditorState =>
    next.text === buffer.text ? { ...state, buffer: next } : { ...state, buffer: next, selectedSuggestion: 0, suggestionsDismissedFor: undefined };
  const menu = suggestionsVisible(state, environment);

  switch (action.type) {
    case 'paste_start':
      return { ...state, pasting: '' };
    case 'paste_end':
      return state;
    case 'paste_image':
      effects.pasteImage?.();
      return state;
    case 'insert':
      if (action.text === '?' && buffer.text === '') return { ...state, shortcutsOpen: true };
      return insertTyped(state, action.text, environment, effects);
    case 'newline':
      return withBuffer(edit.insertText(buffer, '\n'));
    case 'submit': {
      if (menu) {
        const chosen = environment.suggestions[state.selectedSuggestion];
        if (chosen && !isExactCommand(state, environment, chosen)) return acceptSuggestion(state, chosen, environment, effects, true);
      }
      if (edit.textBeforeCursorOnLine(buffer).endsWith('\\')) {
        return withBuffer(edit.insertText(edit.deleteBackward(buffer), '\n'));
      }
      return submit(state, environment, effects);
    }
    case 'complete': {
      const chosen = menu ? environment.suggestions[state.selectedSuggestion] : undefined;
      return chosen ? acceptSuggestion(state, chosen, environment, effects, false) : state;
    }
    case 'backspace':
      return withBuffer(edit.deleteBackward(buffer));
    case 'delete_forward_or_exit':
      if (buffer.text === '') return pressToExit(state, 'ctrl_d', effects);
      return { ...withBuffer(edit.deleteForward(buffer)), exitArmed: false };
    case 'delete_word_backward':
      return withBuffer(edit.deleteWordBackward(buffer));
    case 'kill_to_line_start':
      return withBuffer(edit.deleteToLineStart(buffer));
    case 'kill_to_line_end':
      return withBuffer(edit.deleteToLineEnd(buffer));
    case 'move':
      return move(state, action.to, environment, menu);
    case 'history_search':
      return { ...state, search: { query: '', match: undefined, original: buffer } };
    case 'interrupt_or_clear':
      if (environment.isBusy) {
        effects.interrupt();
        return { ...state, exitArmed: false };
      }
      if (buffer.text !== '') {
        environment.pastes.clear();
        return { ...INITIAL_EDITOR_STATE };
      }
      return pressToExit(state, 'ctrl_c', effects);
    case 'cycle_mode':
      effects.cycleMode();
      return state;
    case 'open_transcript':
      effects.openTranscript();
      return state;
    case 'background_or_left':
      if (environment.isBusy && effects.runInBackground?.()) return state;
      return move(state, 'left', environment, menu);
    case 'escape':
      if (menu) return { ...state, suggestionsDismissedFor: buffer.text };
      if (environment.isBusy) effects.interrupt();
      else if (buffer.text === '' && effects.openRewind) {
        if (!state.rewindArmed) return { ...state, rewindArmed: true };
        effects.openRewind();
        return { ...state, rewindArmed: false };
      }
      return state;
    case 'none':
      return state;
  }
}

/** Ctrl+C or Ctrl+D on an empty input: the first press arms, the same key again exits. */
function pressToExit(state: EditorState, key: 'ctrl_c' | 'ctrl_d', effects: PromptEffects): EditorState {
  if (state.exitArmed === key) {
    effects.exit();
    return state;
  }
  return { ...state, exitArmed: key };
}

function insertTyped(state: EditorState, text: string, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  // A big chunk without paste markers is a paste in a terminal that does not bracket pastes.
  if (text.length > 1 && shouldCollapsePaste(text)) return insertPaste(state, text, environment);
  // A short chunk is typing that arrived together: a final CR is Enter, inner ones are new lines.
  const endsWithEnter = /\r$/.test(text);
  const body = (endsWithEnter ? text.slice(0, -1) : text).replace(/\r\n?/g, '\n');
  let next: EditorState = body === '' ? state : { ...state, buffer: edit.insertText(state.buffer, body), selectedSuggestion: 0, suggestionsDismissedFor: undefined };
  if (endsWithEnter) next = submit(next, environment, effects);
  return next;
}

function continuePaste(state: EditorState, action: EditorAction, environment: PromptEnvironment): EditorState {
  const pasting = state.pasting ?? '';
  if (action.type === 'paste_end') return insertPaste({ ...state, pasting: undefined }, pasting, environment);
  const piece = action.type === 'insert' ? action.text : action.type === 'submit' || action.type === 'newline' ? '\n' : '';
  return { ...state, pasting: (pasting + piece).slice(0, MAX_PASTE_CHARS) };
}

function insertPaste(state: EditorState, raw: string, environment: PromptEnvironment): EditorState {
  const text = normalizePastedText(raw);
  // A dropped image file arrives as its pasted path: attach it as an image.
  const inserted = pastedImageMention(text) ?? (shouldCollapsePaste(text) ? environment.pastes.add(text) : text);
  return { ...state, buffer: edit.insertText(state.buffer, inserted), selectedSuggestion: 0, suggestionsDismissedFor: undefined };
}

function submit(state: EditorState, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  const text = environment.pastes.expand(state.buffer.text);
  if (text.trim() === '') return state;
  effects.submit(text);
  environment.pastes.clear();
  return { ...INITIAL_EDITOR_STATE };
}

function acceptSuggestion(state: EditorState, chosen: Suggestion, environment: PromptEnvironment, effects: PromptEffects, byEnter: boolean): EditorState {
  const context = environment.completion;
  if (!context) return state;
  const buffer = edit.replaceRange(state.buffer, context.start, context.end, chosen.replacement);
  const next: EditorState = { ...state, buffer, selectedSuggestion: 0, suggestionsDismissedFor: undefined };
  return byEnter && chosen.submitsOnEnter ? submit(next, environment, effects) : next;
}

/** Enter on a fully typed command runs it rather than re-completing it. */
function isExactCommand(state: EditorState, environment: PromptEnvironment, chosen: Suggestion): boolean {
  return environment.completion?.kind === 'command' && chosen.replacement.trim() === state.buffer.text.trim();
}

function move(state: EditorState, to: Extract<EditorAction, { type: 'move' }>['to'], environment: PromptEnvironment, menu: boolean): EditorState {
  const { buffer } = state;
  const count = environment.suggestions.length;
  switch (to) {
    case 'up':
      if (menu) return { ...state, selectedSuggestion: (state.selectedSuggestion - 1 + count) % count };
      if (edit.isCursorOnFirstLine(buffer)) {
        const step = historyOlder(environment.history, state.history, buffer.text);
        return step ? { ...state, history: step.position, buffer: edit.bufferOf(step.text) } : state;
      }
      return { ...state, buffer: edit.moveUp(buffer) };
    case 'down':
      if (menu) return { ...state, selectedSuggestion: (state.selectedSuggestion + 1) % count };
      if (edit.isCursorOnLastLine(buffer)) {
        const step = historyNewer(environment.history, state.history);
        return step ? { ...state, history: step.position, buffer: edit.bufferOf(step.text) } : state;
      }
      return { ...state, buffer: edit.moveDown(buffer) };
    case 'left':
      return { ...state, buffer: edit.moveLeft(buffer) };
    case 'right':
      return { ...state, buffer: edit.moveRight(buffer) };
    case 'line_start':
      return { ...state, buffer: edit.moveToLineStart(buffer) };
    case 'line_end':
      return { ...state, buffer: edit.moveToLineEnd(buffer) };
    case 'word_left':
      return { ...state, buffer: edit.moveWordLeft(buffer) };
    case 'word_right':
      return { ...state, buffer: edit.moveWordRight(buffer) };
  }
}

function handleSearchAction(state: EditorState, action: EditorAction, environment: PromptEnvironment, effects: PromptEffects): EditorState {
  const search = state.search!;
  const entries = environment.history;
  const shown = (match: number | undefined): edit.TextBuffer => (match === undefined ? search.original : edit.bufferOf(entries[match]!));
  switch (action.type) {
    case 'insert': {
      const query = search.query + action.text.replace(/[\r\n]/g, '');
      const match = searchHistory(entries, query);
      return { ...state, search: { ...search, query, match } };
    }
    case 'backspace': {
      const query = search.query.slice(0, -1);
      return { ...state, search: { ...search, query, match: searchHistory(entries, query) } };
    }
    case 'history_search': {
      const older = searchHistory(entries, search.query, search.match ?? entries.length);
      return older === undefined ? state : { ...state, search: { ...search, match: older } };
    }
    case 'escape':
    case 'interrupt_or_clear':
      return { ...state, search: undefined, buffer: search.original };
    case 'submit':
      // Enter takes the match into the input for a look (and an edit) before it is sent.
      return { ...state, search: undefined, buffer: shown(search.match), history: AT_DRAFT };
    default:
      // Any other key keeps the match in the input and goes back to editing.
      return handleEditAction({ ...state, search: undefined, buffer: shown(search.match) }, action, environment, effects);
  }
}
