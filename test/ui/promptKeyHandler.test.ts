import { describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '../../src/ui/input/completions.js';
import { completionContextAt } from '../../src/ui/input/completions.js';
import { INITIAL_EDITOR_STATE, type EditorState } from '../../src/ui/input/editorState.js';
import { interpretKey, type EditorAction, type KeyLike } from '../../src/ui/input/keymap.js';
import { PastedTextStore } from '../../src/ui/input/pastedText.js';
import { handlePromptAction, type PromptEffects } from '../../src/ui/input/promptKeyHandler.js';
import { bufferOf } from '../../src/ui/input/textBuffer.js';

const NO_KEY: KeyLike = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
};

function harness(options: { history?: string[]; busy?: boolean; suggestions?: (state: EditorState) => Suggestion[] } = {}) {
  const effects = { submit: vi.fn(), interrupt: vi.fn(), cycleMode: vi.fn(), openTranscript: vi.fn(), exit: vi.fn() } satisfies PromptEffects;
  const pastes = new PastedTextStore();
  let state: EditorState = INITIAL_EDITOR_STATE;
  const act = (action: EditorAction): EditorState => {
    state = handlePromptAction(
      state,
      action,
      {
        isBusy: options.busy ?? false,
        history: options.history ?? [],
        completion: completionContextAt(state.buffer),
        suggestions: options.suggestions?.(state) ?? [],
        pastes,
      },
      effects,
    );
    return state;
  };
  const key = (input: string, key: Partial<KeyLike> = {}) => act(interpretKey(input, { ...NO_KEY, ...key }));
  const type = (text: string) => {
    for (const char of text) key(char);
  };
  return { effects, key, type, act, get state() { return state; }, set state(next: EditorState) { state = next; } };
}

describe('prompt editing', () => {
  it('submits the typed text on Enter and clears the input', () => {
    const h = harness();
    h.type('hello');
    h.key('\r', { return: true });
    expect(h.effects.submit).toHaveBeenCalledWith('hello');
    expect(h.state.buffer.text).toBe('');
  });

  it('does not submit an empty or blank input', () => {
    const h = harness();
    h.type('   ');
    h.key('\r', { return: true });
    expect(h.effects.submit).not.toHaveBeenCalled();
  });

  it('Shift+Enter, Alt+Enter and Ctrl+J insert a new line', () => {
    const h = harness();
    h.type('a');
    h.key('\r', { return: true, shift: true });
    h.type('b');
    h.key('\r', { return: true, meta: true });
    h.type('c');
    h.key('\n');
    expect(h.state.buffer.text).toBe('a\nb\nc\n');
    expect(h.effects.submit).not.toHaveBeenCalled();
  });

  it('a backslash before Enter becomes a new line instead of submitting', () => {
    const h = harness();
    h.type('first\\');
    h.key('\r', { return: true });
    h.type('second');
    expect(h.state.buffer.text).toBe('first\nsecond');
    h.key('\r', { return: true });
    expect(h.effects.submit).toHaveBeenCalledWith('first\nsecond');
  });

  it('typing that arrives in one chunk ending in CR is text then Enter', () => {
    const h = harness();
    h.key('ls -la\r');
    expect(h.effects.submit).toHaveBeenCalledWith('ls -la');
  });

  it('collapses a big bracketed paste into a placeholder and expands it on submit', () => {
    const h = harness();
    const pasted = Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\r');
    h.type('look at ');
    h.key('[200~');
    h.key(pasted);
    h.key('[201~');
    expect(h.state.buffer.text).toBe('look at [Pasted text #1 +39 lines]');
    h.key('\r', { return: true });
    expect(h.effects.submit).toHaveBeenCalledWith(`look at ${pasted.replaceAll('\r', '\n')}`);
  });

  it('keeps a small paste as text, newlines included, without submitting', () => {
    const h = harness();
    h.key('[200~');
    h.key('one\rtwo');
    h.key('[201~');
    expect(h.state.buffer.text).toBe('one\ntwo');
    expect(h.effects.submit).not.toHaveBeenCalled();
  });

  it('Ctrl+C clears a non-empty input, then needs two presses to exit', () => {
    const h = harness();
    h.type('draft');
    h.key('c', { ctrl: true });
    expect(h.state.buffer.text).toBe('');
    expect(h.effects.exit).not.toHaveBeenCalled();
    h.key('c', { ctrl: true });
    expect(h.state.exitArmed).toBe('ctrl_c');
    h.key('c', { ctrl: true });
    expect(h.effects.exit).toHaveBeenCalledTimes(1);
  });

  it('another key between the two Ctrl+C presses disarms the exit', () => {
    const h = harness();
    h.key('c', { ctrl: true });
    h.type('x');
    expect(h.state.exitArmed).toBe(false);
  });

  it('Ctrl+C and Esc interrupt while a turn runs', () => {
    const h = harness({ busy: true });
    h.key('c', { ctrl: true });
    h.key('', { escape: true });
    expect(h.effects.interrupt).toHaveBeenCalledTimes(2);
    expect(h.effects.exit).not.toHaveBeenCalled();
  });

  it('Ctrl+D twice exits on an empty input, and deletes forward otherwise', () => {
    const h = harness();
    h.type('ab');
    h.key('', { leftArrow: true });
    h.key('d', { ctrl: true });
    expect(h.state.buffer.text).toBe('a');
    expect(h.effects.exit).not.toHaveBeenCalled();
    h.key('u', { ctrl: true });
    h.key('d', { ctrl: true });
    expect(h.state.exitArmed).toBe('ctrl_d');
    expect(h.effects.exit).not.toHaveBeenCalled();
    h.key('d', { ctrl: true });
    expect(h.effects.exit).toHaveBeenCalledTimes(1);
  });

  it('Ctrl+C then Ctrl+D does not exit: the second press must be the same key', () => {
    const h = harness();
    h.key('c', { ctrl: true });
    h.key('d', { ctrl: true });
    expect(h.effects.exit).not.toHaveBeenCalled();
    expect(h.state.exitArmed).toBe('ctrl_d');
  });

  it('Shift+Tab cycles the mode and Ctrl+O toggles verbose', () => {
    const h = harness();
    h.key('', { tab: true, shift: true });
    h.key('o', { ctrl: true });
    expect(h.effects.cycleMode).toHaveBeenCalledTimes(1);
    expect(h.effects.openTranscript).toHaveBeenCalledTimes(1);
  });
});

describe('prompt history', () => {
  const history = ['oldest', 'middle', 'newest'];

  it('↑ walks back through earlier prompts and ↓ returns to the draft', () => {
    const h = harness({ history });
    h.type('dra');
    h.key('', { upArrow: true });
    expect(h.state.buffer.text).toBe('newest');
    h.key('', { upArrow: true });
    h.key('', { upArrow: true });
    expect(h.state.buffer.text).toBe('oldest');
    h.key('', { upArrow: true });
    expect(h.state.buffer.text).toBe('oldest');
    h.key('', { downArrow: true });
    h.key('', { downArrow: true });
    h.key('', { downArrow: true });
    expect(h.state.buffer.text).toBe('dra');
  });

  it('↑ inside a multi-line input moves the cursor up first', () => {
    const h = harness({ history });
    h.type('one');
    h.key('\n');
    h.type('two');
    h.key('', { upArrow: true });
    expect(h.state.buffer.text).toBe('one\ntwo');
    expect(h.state.buffer.cursor).toBe(3);
  });

  it('Ctrl+R finds the newest match, Ctrl+R again an older one, Enter takes it', () => {
    const h = harness({ history: ['git status', 'npm test', 'git log --oneline'] });
    h.key('r', { ctrl: true });
    h.type('git');
    expect(h.state.search?.match).toBe(2);
    h.key('r', { ctrl: true });
    expect(h.state.search?.match).toBe(0);
    h.key('\r', { return: true });
    expect(h.state.search).toBeUndefined();
    expect(h.state.buffer.text).toBe('git status');
    expect(h.effects.submit).not.toHaveBeenCalled();
  });

  it('Esc leaves the search and restores what was typed before', () => {
    const h = harness({ history: ['npm test'] });
    h.type('mine');
    h.key('r', { ctrl: true });
    h.type('npm');
    h.key('', { escape: true });
    expect(h.state.buffer.text).toBe('mine');
  });
});

describe('completion menu', () => {
  const commandSuggestions = (state: EditorState): Suggestion[] =>
    state.buffer.text.startsWith('/')
      ? [
          { replacement: '/help', label: '/help', submitsOnEnter: true },
          { replacement: '/model ', label: '/model [model]', submitsOnEnter: false },
        ]
      : [];

  it('Tab completes the selected command; ↓ selects the next', () => {
    const h = harness({ suggestions: commandSuggestions });
    h.type('/');
    h.key('', { downArrow: true });
    h.key('\t', { tab: true });
    expect(h.state.buffer.text).toBe('/model ');
  });

  it('Enter on a command without arguments runs it', () => {
    const h = harness({ suggestions: commandSuggestions });
    h.type('/he');
    h.key('\r', { return: true });
    expect(h.effects.submit).toHaveBeenCalledWith('/help');
  });

  it('Esc hides the menu until the text changes', () => {
    const h = harness({ suggestions: commandSuggestions });
    h.type('/');
    h.key('', { escape: true });
    h.key('', { downArrow: true });
    expect(h.state.selectedSuggestion).toBe(0);
    h.type('h');
    expect(h.state.suggestionsDismissedFor).toBeUndefined();
  });
});

describe('completion context', () => {
  it('finds a /command at the start and an @path anywhere', () => {
    expect(completionContextAt(bufferOf('/mo'))).toEqual({ kind: 'command', prefix: 'mo', start: 0, end: 3 });
    expect(completionContextAt(bufferOf('/model opus'))).toBeUndefined();
    expect(completionContextAt(bufferOf('read @src/ui'))).toEqual({ kind: 'path', prefix: 'src/ui', start: 5, end: 12 });
    expect(completionContextAt(bufferOf('mail me@example.com'))).toBeUndefined();
  });
});

describe('Ctrl+B', () => {
  const ctrlB = (h: ReturnType<typeof harness>) => h.key('b', { ctrl: true });

  it('while a turn runs, sends running Bash commands to the background and leaves the input alone', () => {
    const h = harness({ busy: true });
    const runInBackground = vi.fn(() => true);
    h.type('abc');
    h.state = handlePromptAction(h.state, { type: 'background_or_left' }, { isBusy: true, history: [], completion: completionContextAt(h.state.buffer), suggestions: [], pastes: new PastedTextStore() }, { ...h.effects, runInBackground });
    expect(runInBackground).toHaveBeenCalledTimes(1);
    expect(h.state.buffer.cursor).toBe(3);
  });

  it('with nothing to send (idle, or no Bash running) moves the cursor left as in emacs', () => {
    const idle = harness();
    idle.type('abc');
    ctrlB(idle);
    expect(idle.state.buffer.cursor).toBe(2);

    const busy = harness({ busy: true });
    const runInBackground = vi.fn(() => false);
    busy.type('abc');
    busy.state = handlePromptAction(busy.state, { type: 'background_or_left' }, { isBusy: true, history: [], completion: completionContextAt(busy.state.buffer), suggestions: [], pastes: new PastedTextStore() }, { ...busy.effects, runInBackground });
    expect(runInBackground).toHaveBeenCalledTimes(1);
    expect(busy.state.buffer.cursor).toBe(2);
  });
});
