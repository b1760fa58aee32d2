// Esc Esc on an empty, idle prompt opens the rewind picker: the prompt reports each such Esc, and the REPL
// counts two within the window as the gesture.
import { describe, expect, it } from 'vitest';
import { completionContextAt } from '../../src/ui/input/completions.js';
import { INITIAL_EDITOR_STATE } from '../../src/ui/input/editorState.js';
import { PastedTextStore } from '../../src/ui/input/pastedText.js';
import { handlePromptAction, type PromptEffects, type PromptEnvironment } from '../../src/ui/input/promptKeyHandler.js';
import { insertText } from '../../src/ui/input/textBuffer.js';
import { DOUBLE_ESCAPE_WINDOW_MS, DoubleEscape } from '../../src/ui/rewind/doubleEscape.js';

function effects() {
  const calls = { interrupt: 0, escapeOnEmptyPrompt: 0 };
  const fx: PromptEffects = {
    submit: () => undefined,
    interrupt: () => void calls.interrupt++,
    cycleMode: () => undefined,
    openTranscript: () => undefined,
    exit: () => undefined,
    escapeOnEmptyPrompt: () => void calls.escapeOnEmptyPrompt++,
  };
  return { fx, calls };
}

function environment(isBusy: boolean): PromptEnvironment {
  return { isBusy, history: [], completion: completionContextAt(INITIAL_EDITOR_STATE.buffer), suggestions: [], pastes: new PastedTextStore() };
}

describe('Esc on the prompt', () => {
  it('reports an Esc on an empty idle prompt', () => {
    const { fx, calls } = effects();
    handlePromptAction(INITIAL_EDITOR_STATE, { type: 'escape' }, environment(false), fx);
    expect(calls.escapeOnEmptyPrompt).toBe(1);
  });

  it('a busy prompt interrupts instead', () => {
    const { fx, calls } = effects();
    handlePromptAction(INITIAL_EDITOR_STATE, { type: 'escape' }, environment(true), fx);
    expect(calls).toEqual({ interrupt: 1, escapeOnEmptyPrompt: 0 });
  });

  it('typed text is not an empty prompt', () => {
    const { fx, calls } = effects();
    handlePromptAction({ ...INITIAL_EDITOR_STATE, buffer: insertText(INITIAL_EDITOR_STATE.buffer, 'draft') }, { type: 'escape' }, environment(false), fx);
    expect(calls.escapeOnEmptyPrompt).toBe(0);
  });
});

describe('DoubleEscape', () => {
  it('the second press within the window counts, then it starts over', () => {
    let now = 1_000;
    const gesture = new DoubleEscape(() => now);
    expect(gesture.press()).toBe(false);
    now += DOUBLE_ESCAPE_WINDOW_MS - 1;
    expect(gesture.press()).toBe(true);
    now += 10;
    expect(gesture.press()).toBe(false);
  });

  it('two presses far apart do not count', () => {
    let now = 0;
    const gesture = new DoubleEscape(() => now);
    gesture.press();
    now += DOUBLE_ESCAPE_WINDOW_MS + 1;
    expect(gesture.press()).toBe(false);
  });
});
