// Esc Esc on an empty, idle prompt opens the rewind picker: the first Esc arms it (and says so), the second
// opens it; any other key disarms it; a busy prompt or typed text is never armed.
import { describe, expect, it } from 'vitest';
import { completionContextAt } from '../../src/ui/input/completions.js';
import { INITIAL_EDITOR_STATE, type EditorState } from '../../src/ui/input/editorState.js';
import type { EditorAction } from '../../src/ui/input/keymap.js';
import { PastedTextStore } from '../../src/ui/input/pastedText.js';
import { handlePromptAction, type PromptEffects, type PromptEnvironment } from '../../src/ui/input/promptKeyHandler.js';
import { insertText } from '../../src/ui/input/textBuffer.js';

function keys(actions: readonly EditorAction[], options: { readonly busy?: boolean; readonly start?: EditorState } = {}) {
  const calls = { interrupt: 0, openRewind: 0 };
  const effects: PromptEffects = {
    submit: () => undefined,
    interrupt: () => void calls.interrupt++,
    cycleMode: () => undefined,
    openTranscript: () => undefined,
    exit: () => undefined,
    openRewind: () => void calls.openRewind++,
  };
  let state = options.start ?? INITIAL_EDITOR_STATE;
  for (const action of actions) {
    const environment: PromptEnvironment = { isBusy: options.busy ?? false, history: [], completion: completionContextAt(state.buffer), suggestions: [], pastes: new PastedTextStore() };
    state = handlePromptAction(state, action, environment, effects);
  }
  return { calls, state };
}

const ESC: EditorAction = { type: 'escape' };

describe('Esc Esc on the prompt', () => {
  it('the first Esc arms, the second opens the rewind picker and disarms', () => {
    expect(keys([ESC]).state.rewindArmed).toBe(true);
    const { calls, state } = keys([ESC, ESC]);
    expect(calls.openRewind).toBe(1);
    expect(state.rewindArmed).toBe(false);
  });

  it('any other key in between disarms it', () => {
    expect(keys([ESC, { type: 'move', to: 'left' }, ESC]).calls.openRewind).toBe(0);
    expect(keys([ESC, { type: 'insert', text: 'x' }, { type: 'backspace' }, ESC]).calls.openRewind).toBe(0);
  });

  it('a busy prompt interrupts instead', () => {
    const { calls, state } = keys([ESC, ESC], { busy: true });
    expect(calls).toEqual({ interrupt: 2, openRewind: 0 });
    expect(state.rewindArmed).toBeFalsy();
  });

  it('typed text is not an empty prompt', () => {
    const start = { ...INITIAL_EDITOR_STATE, buffer: insertText(INITIAL_EDITOR_STATE.buffer, 'draft') };
    expect(keys([ESC, ESC], { start }).calls.openRewind).toBe(0);
  });
});
