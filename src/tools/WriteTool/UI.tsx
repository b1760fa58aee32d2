/** How a Write looks in the REPL: `Write(src/app.ts)`, then a summary and the diff (or the new file's first lines). */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { StructuredDiff } from '../../ui/kit/StructuredDiff.js';
import { colors } from '../../ui/kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { shortDisplayPath } from '../../utils/files/filePaths.js';
import { plural } from '../../utils/format.js';
import type { FilePatchHunk } from '../../utils/files/structuredPatch.js';
import type { WriteInput, WriteOutput } from './WriteTool.js';

const DIFF_LINES_SHOWN = 24;



/** The argument part of the `● Write(...)` line; the REPL adds the tool name and parentheses. */
export function renderToolUseMessage(input: Partial<WriteInput>, _options: RenderOptions): ReactNode {
  if (!input.file_path) return null;
  return <Text>{shortDisplayPath(input.file_path)}</Text>;
}

export function renderToolResultMessage(output: WriteOutput, _input: WriteInput, options: RenderOptions): ReactNode {
  if (output.type === 'error') return renderToolUseErrorMessage(output.message, options);
  if (output.type === 'unchanged') return <Text dimColor>No changes: {output.shownPath} already had this content</Text>;
  const { patch } = output;
  const summary =
    output.type === 'create'
      ? `Wrote ${plural(output.lineCount, 'line')} to ${output.shownPath}`
      : `Updated ${output.shownPath} with ${plural(patch.additions, 'addition')} and ${plural(patch.removals, 'removal')}`;
  return (
    <Box flexDirection="column">
      <Text>{summary}</Text>
      <StructuredDiff
        hunks={patch.hunks}
        omittedLines={patch.omittedLines}
        columns={options.columns}
        {...(options.verbose ? {} : { maxLines: DIFF_LINES_SHOWN })}
      />
    </Box>
  );
}

function proposedContentHunks(content: string): FilePatchHunk[] {
  const lines = content === '' ? [] : content.replace(/\n$/, '').split('\n');
  return [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, lines: lines.map((line) => `+${line}`) }];
}

/** The body of the permission dialog: which file, and the start of what would be written. */
export function renderPermissionRequest(input: WriteInput, options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <Text>{shortDisplayPath(input.file_path)}</Text>
      <StructuredDiff hunks={proposedContentHunks(input.content)} columns={options.columns} maxLines={options.verbose ? 200 : 30} />
    </Box>
  );
}

export function renderToolUseRejectedMessage(input: WriteInput, reason: string, options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <Text color={colors.warning}>Write to {shortDisplayPath(input.file_path)} was not done</Text>
      {reason ? <Text dimColor>{reason}</Text> : null}
      <StructuredDiff hunks={proposedContentHunks(input.content)} columns={options.columns} maxLines={options.verbose ? 200 : 10} />
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, options: RenderOptions): ReactNode {
  const text = options.verbose ? error : error.split('\n').slice(0, 4).join('\n');
  return <Text color={colors.error}>{text}</Text>;
}
