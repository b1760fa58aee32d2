/**
 * A picker with a search box (/resume, /config): typing filters the options,
 * ↑/↓ move, Enter chooses, Esc clears the search (and with nothing typed,
 * cancels). The option under the cursor shows its preview under the list.
 * With `freeText`, the typed text is offered as the last row, so a value
 * that is not listed (a session id from elsewhere) can still be given.
 * Numbers type into the search here; they do not choose.
 */
import { Box, Text, useInput } from 'ink';
import { useReducer, useRef, type ReactNode } from 'react';
import type { ChoiceOption, ChoiceRequest } from '../../types/userInteraction.js';
import { splitTypedChunk } from '../input/typedChunk.js';
import { colors, glyphs } from '../kit/theme.js';

export type SearchableChoiceDialogProps = {
  readonly request: ChoiceRequest;
  readonly onAnswer: (value: string | undefined) => void;
  /** Rows of options shown at once; the window follows the cursor. */
  readonly maxVisible?: number;
};

/** Options where every word of the query appears (case-insensitively) in the label or the description. */
export function filterChoiceOptions(options: readonly ChoiceOption[], query: string): ChoiceOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = `${option.label} ${option.description ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

type Row = { readonly kind: 'option'; readonly option: ChoiceOption } | { readonly kind: 'free'; readonly text: string };

function rowsFor(request: ChoiceRequest, query: string): Row[] {
  const rows: Row[] = filterChoiceOptions(request.options, query).map((option) => ({ kind: 'option', option }));
  const typed = query.trim();
  if (request.freeText && typed !== '') rows.push({ kind: 'free', text: typed });
  return rows;
}

export function SearchableChoiceDialog({ request, onAnswer, maxVisible = 8 }: SearchableChoiceDialogProps): ReactNode {
  const initial = Math.max(0, request.options.findIndex((option) => option.value === request.current));
  // Refs, not state: keys arriving in one chunk must each see the previous key's effect.
  const state = useRef({ query: '', cursor: initial });
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const rows = rowsFor(request, state.current.query);

  useInput((input, key) => {
    const { query, cursor } = state.current;
    const current = rowsFor(request, query);
    if (key.upArrow) state.current = { query, cursor: current.length === 0 ? 0 : (cursor - 1 + current.length) % current.length };
    else if (key.downArrow || key.tab) state.current = { query, cursor: current.length === 0 ? 0 : (cursor + 1) % current.length };
    else if (key.return) {
      const row = current[cursor];
      if (row) onAnswer(row.kind === 'free' ? row.text : row.option.value);
      return;
    } else if (key.escape) {
      if (query === '') {
        onAnswer(undefined);
        return;
      }
      state.current = { query: '', cursor: initial };
    } else if (key.backspace || key.delete) state.current = { query: query.slice(0, -1), cursor: 0 };
    else if (input && !key.ctrl && !key.meta) {
      const chunk = splitTypedChunk(input);
      state.current = { query: query + chunk.text.replace(/[\r\n]/g, ' '), cursor: 0 };
      if (chunk.enter) {
        const row = rowsFor(request, state.current.query)[0];
        if (row) onAnswer(row.kind === 'free' ? row.text : row.option.value);
        return;
      }
    } else return;
    rerender();
  });

  const { query, cursor } = state.current;
  const start = Math.min(Math.max(0, cursor - Math.floor(maxVisible / 2)), Math.max(0, rows.length - maxVisible));
  const visible = rows.slice(start, start + maxVisible);
  const selected = rows[cursor];
  const preview = selected?.kind === 'option' ? selected.option.preview : undefined;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1} marginTop={1}>
      <Text bold>{request.title}</Text>
      <Box borderStyle="single" borderColor={colors.muted} paddingX={1}>
        <Text>
          <Text dimColor>Search: </Text>
          {query === '' ? <Text dimColor>type to filter{request.freeText ? ` or to give ${request.freeText.label}` : ''}</Text> : query}
          <Text inverse> </Text>
        </Text>
      </Box>
      {request.options.length > 0 && rows.every((row) => row.kind === 'free') ? <Text dimColor>No match.</Text> : null}
      {start > 0 ? <Text dimColor>  ↑ {start} more</Text> : null}
      {visible.map((row, offset) => {
        const position = start + offset;
        const isCursor = position === cursor;
        const label =
          row.kind === 'free'
            ? `Use "${row.text}" as ${request.freeText?.label ?? 'the answer'}`
            : `${row.option.label}${row.option.value === request.current ? ` ${glyphs.current}` : ''}`;
        return (
          <Text key={row.kind === 'free' ? 'free' : row.option.value} color={isCursor ? colors.accent : undefined} wrap="truncate-end">
            {isCursor ? `${glyphs.pointer} ` : '  '}
            {label}
            {row.kind === 'option' && row.option.description ? <Text dimColor> · {row.option.description}</Text> : null}
          </Text>
        );
      })}
      {start + maxVisible < rows.length ? <Text dimColor>  ↓ {rows.length - start - maxVisible} more</Text> : null}
      {preview && preview.length > 0 ? (
        <Box flexDirection="column" borderStyle="single" borderColor={colors.muted} paddingX={1}>
          {preview.map((line, index) => (
            <Text key={index} wrap="truncate-end">
              {line}
            </Text>
          ))}
        </Box>
      ) : null}
      <Text dimColor>Type to search · ↑/↓ to move · Enter to choose · Esc to {query === '' ? 'cancel' : 'clear the search'}</Text>
    </Box>
  );
}
