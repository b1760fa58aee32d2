/** How a NotebookEdit looks in the REPL: `NotebookEdit(analysis.ipynb · cell 3f2a)`, then the cell's change. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { StructuredDiff } from '../../ui/kit/StructuredDiff.js';
import { colors } from '../../ui/kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { shortDisplayPath } from '../../utils/files/filePaths.js';
import type { NotebookEditInput, NotebookEditOutput } from './NotebookEditTool.js';

const DIFF_LINES_SHOWN = 24;


/** The argument part of the `● NotebookEdit(...)` line; the REPL adds the tool name and parentheses. */
export function renderToolUseMessage(input: Partial<NotebookEditInput>, _options: RenderOptions): ReactNode {
  if (!input.notebook_path) return null;
  const mode = input.edit_mode ?? 'replace';
  const cell = input.cell_id !== undefined ? ` · cell ${input.cell_id}` : '';
  return (
    <Text>
      {shortDisplayPath(input.notebook_path)}
      <Text dimColor>
        {cell} · {mode}
      </Text>
    </Text>
  );
}

export function renderToolResultMessage(output: NotebookEditOutput, _input: NotebookEditInput, options: RenderOptions): ReactNode {
  if (output.type === 'error') return renderToolUseErrorMessage(output.message, options);
  const summary =
    output.editMode === 'insert'
      ? `Inserted ${output.cellType} cell ${output.cellId}`
      : output.editMode === 'delete'
        ? `Deleted cell ${output.cellId}`
        : `Updated cell ${output.cellId}${output.clearedOutputs ? ' (outputs cleared)' : ''}`;
  return (
    <Box flexDirection="column">
      <Text>{summary}</Text>
      <StructuredDiff
        hunks={output.patch.hunks}
        omittedLines={output.patch.omittedLines}
        columns={options.columns}
        {...(options.verbose ? {} : { maxLines: DIFF_LINES_SHOWN })}
      />
    </Box>
  );
}

/** The body of the permission dialog: the notebook, the cell, and the new source. */
export function renderPermissionRequest(input: NotebookEditInput, options: RenderOptions): ReactNode {
  const mode = input.edit_mode ?? 'replace';
  const what = mode === 'insert' ? `insert a ${input.cell_type ?? 'code'} cell${input.cell_id ? ` after ${input.cell_id}` : ' at the top'}` : `${mode} cell ${input.cell_id ?? '?'}`;
  const lines = mode === 'delete' || input.new_source === '' ? [] : input.new_source.replace(/\n$/, '').split('\n');
  return (
    <Box flexDirection="column">
      <Text>
        {shortDisplayPath(input.notebook_path)}: {what}
      </Text>
      {lines.length > 0 ? (
        <StructuredDiff
          hunks={[{ oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, lines: lines.map((line) => `+${line}`) }]}
          showLineNumbers={false}
          columns={options.columns}
          maxLines={options.verbose ? 200 : 30}
        />
      ) : null}
    </Box>
  );
}

export function renderToolUseRejectedMessage(input: NotebookEditInput, reason: string, _options: RenderOptions): ReactNode {
  const cell = input.cell_id !== undefined ? ` (cell ${input.cell_id})` : '';
  return (
    <Box flexDirection="column">
      <Text color={colors.warning}>
        Notebook edit of {shortDisplayPath(input.notebook_path)}{cell} was not applied
      </Text>
      {reason ? <Text dimColor>{reason}</Text> : null}
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, options: RenderOptions): ReactNode {
  const text = options.verbose ? error : error.split('\n').slice(0, 4).join('\n');
  return <Text color={colors.error}>{text}</Text>;
}
