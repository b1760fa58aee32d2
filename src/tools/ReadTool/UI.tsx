/** How a Read call looks in the REPL: `Read(src/app.ts)` and, under it, "Read 120 lines". */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { colors } from '../../ui/kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { shortDisplayPath } from '../../utils/files/filePaths.js';
import { plural } from '../../utils/format.js';
import { formatBytes } from '../../utils/files/formatBytes.js';
import type { ReadInput, ReadOutput } from './ReadTool.js';

const VERBOSE_PREVIEW_LINES = 40;


function rangeLabel(input: Partial<ReadInput>): string | undefined {
  if (input.offset === undefined && input.limit === undefined) return undefined;
  const from = Math.max(1, input.offset ?? 1);
  return input.limit !== undefined ? `lines ${from}-${from + input.limit - 1}` : `from line ${from}`;
}

/** The argument part of the `● Read(...)` line; the REPL adds the tool name and parentheses. */
export function renderToolUseMessage(input: Partial<ReadInput>, _options: RenderOptions): ReactNode {
  if (!input.file_path) return null;
  const range = rangeLabel(input);
  return (
    <Text>
      {shortDisplayPath(input.file_path)}
      {range ? <Text dimColor> · {range}</Text> : null}
    </Text>
  );
}


export function renderToolResultMessage(output: ReadOutput, _input: ReadInput, options: RenderOptions): ReactNode {
  switch (output.type) {
    case 'error':
      return renderToolUseErrorMessage(output.message, options);
    case 'image':
      return <Text>Read image ({formatBytes(output.bytes)})</Text>;
    case 'notebook':
      return <Text>Read {plural(output.shownCells, 'cell')}{output.shownCells < output.totalCells ? ` of ${output.totalCells}` : ''}</Text>;
    case 'text': {
      const summary =
        output.numLines === 0 && output.totalLines === 0 ? 'Read 0 lines (empty file)' : `Read ${plural(output.numLines, 'line')}`;
      if (!options.verbose || output.numLines === 0) return <Text>{summary}</Text>;
      const preview = output.content.split('\n').slice(0, VERBOSE_PREVIEW_LINES).join('\n');
      return (
        <Box flexDirection="column">
          <Text>{summary}</Text>
          <Text dimColor>{preview}</Text>
        </Box>
      );
    }
  }
}

export function renderToolUseRejectedMessage(input: ReadInput, reason: string, _options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <Text color={colors.warning}>Not allowed to read {shortDisplayPath(input.file_path)}</Text>
      {reason ? <Text dimColor>{reason}</Text> : null}
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, options: RenderOptions): ReactNode {
  const text = options.verbose ? error : error.split('\n').slice(0, 4).join('\n');
  return <Text color={colors.error}>{text}</Text>;
}

export function renderGroupedToolUse(inputs: readonly Partial<ReadInput>[], _options: RenderOptions): ReactNode {
  const paths = inputs.flatMap((input) => (input.file_path ? [shortDisplayPath(input.file_path)] : []));
  return <Text>{plural(paths.length, 'file')}: {paths.join(', ')}</Text>;
}
