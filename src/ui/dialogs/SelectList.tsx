/**
 * Numbered choices with a visible cursor, as every REPL dialog uses them:
 * ↑/↓ move, Enter chooses, a number key chooses directly, Esc cancels.
 */
import { Box, Text, useInput } from 'ink';
import { useState, type ReactNode } from 'react';
import { colors, glyphs } from '../theme.js';

export type SelectOption<T> = { readonly label: string; readonly value: T };

export type SelectListProps<T> = {
  readonly options: readonly SelectOption<T>[];
  readonly onChoose: (value: T) => void;
  readonly onCancel?: () => void;
  readonly isActive?: boolean;
  readonly initialIndex?: number;
};

export function SelectList<T>({ options, onChoose, onCancel, isActive = true, initialIndex = 0 }: SelectListProps<T>): ReactNode {
  const [index, setIndex] = useState(Math.min(initialIndex, options.length - 1));
  useInput(
    (input, key) => {
      if (key.upArrow || (key.ctrl && input === 'p')) setIndex((current) => (current - 1 + options.length) % options.length);
      else if (key.downArrow || (key.ctrl && input === 'n') || key.tab) setIndex((current) => (current + 1) % options.length);
      else if (key.return) onChoose(options[index]!.value);
      else if (key.escape) onCancel?.();
      else if (/^[1-9]$/.test(input) && Number(input) <= options.length) {
        const chosen = Number(input) - 1;
        setIndex(chosen);
        onChoose(options[chosen]!.value);
      }
    },
    { isActive },
  );
  return (
    <Box flexDirection="column">
      {options.map((option, position) => {
        const selected = position === index;
        return (
          <Box key={position} flexDirection="row">
            <Text color={selected ? colors.accent : undefined}>{selected ? `${glyphs.pointer} ` : '  '}</Text>
            <Box flexShrink={1}>
              <Text color={selected ? colors.accent : undefined}>
                {position + 1}. {option.label}
              </Text>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
