/**
 * The input box: `>` prompt, multi-line editing with a visible cursor, the
 * completion menu, Ctrl+R search, and the keys that act on the REPL (see
 * keymap.ts). The behaviour lives in promptKeyHandler.ts; this component
 * wires keys to it and draws the result.
 */
import { Box, Text, useInput } from 'ink';
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import { memoryNoteOf } from '../../commands/memoryNote.js';
import type { CommandRegistry } from '../../commands/registry.js';
import { Gutter } from '../layout/Gutter.js';
import { colors, glyphs } from '../theme.js';
import { CursorText } from './CursorText.js';
import { INITIAL_EDITOR_STATE, type EditorState } from './editorState.js';
import { interpretKeys } from './keymap.js';
import { PastedTextStore } from './pastedText.js';
import { ShortcutsOverlay } from './ShortcutsOverlay.js';
import { handlePromptAction, suggestionsVisible, type PromptEffects } from './promptKeyHandler.js';
import { bufferOf, insertText } from './textBuffer.js';
import { usePromptSuggestions, type ResourceLister, type TouchedFiles } from './usePromptSuggestions.js';
import { VIM_INSERT } from './vimMode.js';

export type PromptInputProps = {
  readonly isActive: boolean;
  readonly isBusy: boolean;
  readonly history: () => readonly string[];
  readonly commands: CommandRegistry;
  readonly cwd: string;
  readonly columns: number;
  readonly effects: PromptEffects;
  /** Text to put back into an empty box; a new `seq` triggers it. */
  readonly restoredInput?: { readonly text: string; readonly seq: number };
  /** Text to insert at the cursor (a pasted image's @mention); a new `seq` triggers it. */
  readonly insertion?: { readonly text: string; readonly seq: number };
  /** `/vim` editing on or off. */
  readonly vimMode?: boolean;
  /** A line under the box (queued prompts, the exit hint...). */
  readonly hint?: string;
  /** MCP resources for `@server:uri` completion. */
  readonly listResources?: ResourceLister;
  /** Files the session's tools touched: `@` completion ranks them first among good matches. */
  readonly touchedFiles?: TouchedFiles;
  /** How long "press again to exit" waits (tests shorten it). */
  readonly exitConfirmMs?: number;
};

/** Lines of a long prompt shown at once; the view follows the cursor. */
const MAX_VISIBLE_LINES = 8;
const MAX_SUGGESTIONS_SHOWN = 8;
/** How long a first Ctrl+C / Ctrl+D on an empty prompt waits for the second. */
const EXIT_CONFIRM_MS = 2_000;

export function PromptInput(props: PromptInputProps): ReactNode {
  const stateRef = useRef<EditorState>(INITIAL_EDITOR_STATE);
  const pastes = useRef(new PastedTextStore()).current;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const state = stateRef.current;
  const suggestions = usePromptSuggestions(state.buffer, props.commands, props.cwd, props.listResources, props.touchedFiles);
  // The key handler reads these through a ref: the suggestions of the latest render, not of the handler's closure.
  const latest = useRef({ props, suggestions });
  latest.current = { props, suggestions };

  useEffect(() => {
    const restored = props.restoredInput;
    if (!restored || stateRef.current.buffer.text !== '') return;
    stateRef.current = { ...stateRef.current, buffer: bufferOf(restored.text) };
    rerender();
  }, [props.restoredInput?.seq]);

  useEffect(() => {
    const insertion = props.insertion;
    if (!insertion) return;
    stateRef.current = { ...stateRef.current, buffer: insertText(stateRef.current.buffer, insertion.text) };
    rerender();
  }, [props.insertion?.seq]);

  useEffect(() => {
    const wanted = props.vimMode ?? false;
    if (wanted === (stateRef.current.vim !== undefined)) return;
    stateRef.current = { ...stateRef.current, vim: wanted ? VIM_INSERT : undefined };
    rerender();
  }, [props.vimMode]);

  // "Press Ctrl+C again to exit" holds for a moment only; then the hint goes and one press no longer exits.
  useEffect(() => {
    if (!state.exitArmed) return;
    const timer = setTimeout(() => {
      if (!stateRef.current.exitArmed) return;
      stateRef.current = { ...stateRef.current, exitArmed: false };
      rerender();
    }, props.exitConfirmMs ?? EXIT_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state.exitArmed, props.exitConfirmMs]);

  useInput(
    (input, key) => {
      const { props: current, suggestions: menu } = latest.current;
      let next = stateRef.current;
      for (const action of interpretKeys(input, key)) {
        next = handlePromptAction(next, action, { isBusy: current.isBusy, history: current.history(), completion: menu.context, suggestions: menu.items, pastes }, current.effects);
      }
      if (next !== stateRef.current) {
        stateRef.current = next;
        rerender();
      }
    },
    { isActive: props.isActive },
  );

  const showMenu = suggestionsVisible(state, { suggestions: suggestions.items });
  return (
    <Box flexDirection="column">
      <Box borderStyle="round" borderColor={colors.muted} borderDimColor paddingX={1} flexDirection="column">
        {state.search ? <SearchLine state={state} history={props.history()} /> : <EditorLines state={state} isBusy={props.isBusy} />}
      </Box>
      {state.shortcutsOpen ? <ShortcutsOverlay columns={props.columns} /> : null}
      {showMenu ? <SuggestionMenu items={suggestions.items} selected={state.selectedSuggestion} columns={props.columns} /> : null}
      {state.vim ? <Text dimColor>  -- {state.vim.mode === 'normal' ? 'NORMAL' : 'INSERT'} --</Text> : null}
      {state.exitArmed ? (
        <Text dimColor>  Press {state.exitArmed === 'ctrl_d' ? 'Ctrl+D' : 'Ctrl+C'} again to exit</Text>
      ) : state.rewindArmed ? (
        <Text dimColor>  Press Esc again to rewind to an earlier prompt</Text>
      ) : memoryNoteOf(state.buffer.text) !== undefined ? (
        <Text dimColor>  # note: Enter saves it to a memory file you choose; it is not sent to the model</Text>
      ) : props.hint ? (
        <Text dimColor>  {props.hint}</Text>
      ) : null}
    </Box>
  );
}

function EditorLines({ state, isBusy }: { readonly state: EditorState; readonly isBusy: boolean }): ReactNode {
  const { text, cursor } = state.buffer;
  if (text === '') {
    return (
      <Text>
        <Text color={colors.accent}>{glyphs.prompt} </Text>
        <CursorText text="" cursor={0} />
        <Text dimColor>{isBusy ? 'Type ahead: sent when the current turn ends' : 'Ask anything; /help for commands, ? for shortcuts'}</Text>
      </Text>
    );
  }
  const lines = text.split('\n');
  const cursorLine = text.slice(0, cursor).split('\n').length - 1;
  const first = Math.max(0, Math.min(cursorLine - MAX_VISIBLE_LINES + 1, lines.length - MAX_VISIBLE_LINES));
  const visible = lines.slice(first, first + MAX_VISIBLE_LINES);
  let offset = lines.slice(0, first).reduce((sum, line) => sum + line.length + 1, 0);
  return (
    <Box flexDirection="column">
      {first > 0 ? <Text dimColor>  ↑ {first} more lines</Text> : null}
      {visible.map((line, index) => {
        const lineStart = offset;
        offset += line.length + 1;
        const hasCursor = cursor >= lineStart && cursor <= lineStart + line.length;
        const isFirst = first + index === 0;
        return (
          <Gutter key={first + index} prefix={isFirst ? `${glyphs.prompt} ` : '  '} color={colors.accent}>
            <CursorText text={line} cursor={cursor - lineStart} showCursor={hasCursor} />
          </Gutter>
        );
      })}
      {first + MAX_VISIBLE_LINES < lines.length ? <Text dimColor>  ↓ {lines.length - first - MAX_VISIBLE_LINES} more lines</Text> : null}
    </Box>
  );
}

function SearchLine({ state, history }: { readonly state: EditorState; readonly history: readonly string[] }): ReactNode {
  const search = state.search!;
  const match = search.match === undefined ? undefined : history[search.match];
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={colors.accent}>search history: </Text>
        <CursorText text={search.query} cursor={search.query.length} />
      </Text>
      <Text dimColor={match === undefined}>
        {match === undefined ? (search.query === '' ? 'type to search · Ctrl+R older · Enter take · Esc cancel' : 'no match') : firstLine(match)}
      </Text>
    </Box>
  );
}

function SuggestionMenu({ items, selected, columns }: { readonly items: readonly { label: string; detail?: string }[]; readonly selected: number; readonly columns: number }): ReactNode {
  const start = Math.max(0, Math.min(selected - MAX_SUGGESTIONS_SHOWN + 1, items.length - MAX_SUGGESTIONS_SHOWN));
  const shown = items.slice(start, start + MAX_SUGGESTIONS_SHOWN);
  const labelWidth = Math.min(Math.max(...shown.map((item) => item.label.length)), Math.floor(columns / 2));
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {shown.map((item, index) => {
        const isSelected = start + index === selected;
        return (
          <Text key={item.label} color={isSelected ? colors.accent : undefined} wrap="truncate-end">
            {isSelected ? `${glyphs.pointer} ` : '  '}
            {item.label.padEnd(labelWidth)}
            {item.detail ? <Text dimColor>  {item.detail}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}

function firstLine(text: string): string {
  const [line = '', ...rest] = text.split('\n');
  return rest.length > 0 ? `${line} …` : line;
}
