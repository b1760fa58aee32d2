/** How Grep calls look in the REPL: the pattern and filters, then a one-line summary (the lines when verbose). */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { GrepInput, GrepResult } from './GrepTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<GrepInput>, _options: RenderOptions): ReactNode {
  const parts = [`pattern: "${input.pattern ?? ''}"`];
  if (input.path) parts.push(`path: "${input.path}"`);
  if (input.glob) parts.push(`glob: "${input.glob}"`);
  if (input.type) parts.push(`type: "${input.type}"`);
  if (input.output_mode && input.output_mode !== 'files_with_matches') parts.push(`output_mode: "${input.output_mode}"`);
  return <Text>{parts.join(', ')}</Text>;
}

export function renderToolResultMessage(output: GrepResult, _input: GrepInput, options: RenderOptions): ReactNode {
  const summary =
    output.mode === 'content'
      ? `Found ${output.lines.length} lines${output.moreAvailable ? ' (more available)' : ''}`
      : output.mode === 'count'
        ? `Found ${output.numMatches ?? 0} matches in ${output.numFiles} files`
        : `Found ${output.numFiles} files`;
  if (!options.verbose) return <Text dimColor>{summary}</Text>;
  return (
    <Box flexDirection="column">
      <Text dimColor>{summary}</Text>
      <Text>{output.lines.join('\n')}</Text>
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
