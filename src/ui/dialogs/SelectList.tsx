/**
 * Numbered choices with a visible cursor, as every REPL dialog uses them:
 * ↑/↓ move, Enter chooses, a number key chooses directly, Esc cancels.
 * The key rules are a pure function (selectKeyAction) so a dialog with more
 * than one mode can handle every key in one place.
 */
import { Box, Text, useInput, type Key } from 'ink';
import { useRef, useReducer, type ReactNode } from 'react';
import { Gutter } from '../kit/Gutter.js';
import { colors, glyphs } from '../kit/theme.js';

export type SelectOption<T> = { readonly label: string; readonly value: T };

export type SelectKeyAction = { readonly type: 'move'; readonly index: number } | { readonly type: 'choose'; readonly index: number } | { readonly type: 'cancel' };

export function selectKeyAction(input: string, key: Pick<Key, 'upArrow' | 'downArrow' | 'return' | 'escape' | 'tab' | 'ctrl'>, index: number, count: number): SelectKeyAction | undefined {
  if (key.upArrow || (key.ctrl && input === 'p')) return { type: 'move', index: (index - 1 + count) % count };
  if (key.downArrow || (key.ctrl && input === 'n') || key.tab) return { type: 'move', index: (index + 1) % count };
  if (key.return) return { type: 'choose', index };
  if (key.escape) return { type: 'cancel' };
  if (/^[1-9]$/.test(input) && Number(input) <= count) return { type: 'choose', index: Number(input) - 1 };
  return undefined;
}

export function SelectListView<T>({ options, index }: { readonly options: readonly SelectOption<T>[]; readonly index: number }): ReactNode {
  return (
    <Box flexDirection="column">
      {options.map((option, position) => {
        const selected = position === index;
        return (
          <Gutter key={position} prefix={`${selected ? `${glyphs.pointer} ` : '  '}${position + 1}. `} color={selected ? colors.accent : undefined}>
            <Text color={selected ? colors.accent : undefined}>{option.label}</Text>
          </Gutter>
        );
      })}
    </Box>
  );
}

export type SelectListProps<T> = {
  readonly options: readonly SelectOption<T>[];
  readonly onChoose: (value: T) => void;
  readonly onCancel?: () => void;
  readonly isActive?: boolean;
  /** Where the cursor starts (default: the first option). */
  readonly initialIndex?: number;
};

export function SelectList<T>({ options, onChoose, onCancel, isActive = true, initialIndex = 0 }: SelectListProps<T>): ReactNode {
  // A ref, not state: two keys in one stdin chunk must see each other's effect.
  const index = useRef(Math.min(Math.max(0, initialIndex), Math.max(0, options.length - 1)));
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useInput(
    (input, key) => {
      const action = selectKeyAction(input, key, index.current, options.length);
      if (!action) return;
      if (action.type === 'cancel') onCancel?.();
      else {
        index.current = action.index;
        rerender();
        if (action.type === 'choose') onChoose(options[action.index]!.value);
      }
    },
    { isActive },
  );
  return <SelectListView options={options} index={index.current} />;
}
