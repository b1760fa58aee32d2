/**
 * `?` on an empty prompt: the REPL's keys, grouped (the same list /help
 * prints, src/commands/keyBindings.ts). Esc closes it; typing closes it too
 * and goes into the prompt as usual.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { KEY_BINDING_GROUPS } from '../../commands/keyBindings.js';
import { colors } from '../theme.js';

export function ShortcutsOverlay({ columns }: { readonly columns: number }): ReactNode {
  const keyWidth = Math.min(Math.max(...KEY_BINDING_GROUPS.flatMap((group) => group.bindings.map((binding) => binding.keys.length))), Math.floor(columns / 3));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1}>
      <Text bold>Shortcuts</Text>
      {KEY_BINDING_GROUPS.map((group) => (
        <Box key={group.title} flexDirection="column" marginTop={1}>
          <Text color={colors.accent}>{group.title}</Text>
          {group.bindings.map((binding) => (
            <Text key={binding.keys} wrap="truncate-end">
              {'  '}
              <Text bold>{binding.keys.padEnd(keyWidth)}</Text>
              {'  '}
              {binding.does}
            </Text>
          ))}
        </Box>
      ))}
      <Text dimColor>Esc to close · /help lists the commands</Text>
    </Box>
  );
}
