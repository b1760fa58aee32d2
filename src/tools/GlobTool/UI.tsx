/** How Glob calls look in the REPL: the pattern, then how many files were found. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { GlobInput, GlobResult } from './GlobTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<GlobInput>, _options: RenderOptions): ReactNode {
  return (
    <Text>
      pattern: "{input.pattern ?? ''}"{input.path ? <Text>, path: "{input.path}"</Text> : null}
    </Text>
  );
}

export function renderToolResultMessage(output: GlobResult, _input: GlobInput, options: RenderOptions): ReactNode {
  const summary = (
    <Text dimColor>
      Found {output.totalMatches} {output.totalMatches === 1 ? 'file' : 'files'}
      {output.truncated ? ` (showing ${output.files.length} newest)` : ''}
    </Text>
  );
  if (!options.verbose) return summary;
  return (
    <Box flexDirection="column">
      {summary}
      <Text>{output.files.join('\n')}</Text>
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
