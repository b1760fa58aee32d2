/** How an Edit looks in the REPL: `Edit(src/app.ts)`, then a summary and the coloured diff. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { StructuredDiff } from '../../ui/kit/StructuredDiff.js';
import { colors } from '../../ui/kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { shortDisplayPath } from '../../utils/files/filePaths.js';
import { plural } from '../../utils/format.js';
import type { FilePatchHunk } from '../../utils/files/structuredPatch.js';
import type { EditInput, EditOutput } from './EditTool.js';

const DIFF_LINES_SHOWN = 24;



/** The argument part of the `● Edit(...)` line; the REPL adds the tool name and parentheses. */
export function renderToolUseMessage(input: Partial<EditInput>, _options: RenderOptions): ReactNode {
  if (!input.file_path) return null;
  return (
    <Text>
      {shortDisplayPath(input.file_path)}
      {input.replace_all ? <Text dimColor> · replace all</Text> : null}
    </Text>
  );
}

export function renderToolResultMessage(output: EditOutput, _input: EditInput, options: RenderOptions): ReactNode {
  if (output.type === 'error') return renderToolUseErrorMessage(output.message, options);
  const { patch } = output;
  const summary = output.created
    ? `Created ${output.shownPath} with ${plural(patch.additions, 'line')}`
    : `Updated ${output.shownPath} with ${plural(patch.additions, 'addition')} and ${plural(patch.removals, 'removal')}`;
  return (
    <Box flexDirection="column">
      <Text>{summary}</Text>
      {output.quotesNormalized ? <Text dimColor>matched after treating curly and straight quotes as equal</Text> : null}
      <StructuredDiff
        hunks={patch.hunks}
        omittedLines={patch.omittedLines}
        columns={options.columns}
        {...(options.verbose ? {} : { maxLines: DIFF_LINES_SHOWN })}
      />
    </Box>
  );
}

/**
 * The proposed change, built from the input alone (a renderer reads no
 * files): lines shared at the start and end of old_string and new_string are
 * context, the middle is removed and added.
 */
export function proposedEditHunks(input: Pick<EditInput, 'old_string' | 'new_string'>): FilePatchHunk[] {
  const split = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  const before = split(input.old_string);
  const after = split(input.new_string);
  let shared = 0;
  while (shared < before.length && shared < after.length && before[shared] === after[shared]) shared++;
  let sharedEnd = 0;
  while (
    sharedEnd < before.length - shared &&
    sharedEnd < after.length - shared &&
    before[before.length - 1 - sharedEnd] === after[after.length - 1 - sharedEnd]
  ) {
    sharedEnd++;
  }
  const lines = [
    ...before.slice(0, shared).map((line) => ` ${line}`),
    ...before.slice(shared, before.length - sharedEnd).map((line) => `-${line}`),
    ...after.slice(shared, after.length - sharedEnd).map((line) => `+${line}`),
    ...before.slice(before.length - sharedEnd).map((line) => ` ${line}`),
  ];
  return [{ oldStart: 1, oldLines: before.length, newStart: 1, newLines: after.length, lines }];
}

/** The body of the permission dialog: which file, and the change that would be made. */
export function renderPermissionRequest(input: EditInput, options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <Text>
        {shortDisplayPath(input.file_path)}
        {input.replace_all ? <Text dimColor> · every occurrence</Text> : null}
      </Text>
      <StructuredDiff hunks={proposedEditHunks(input)} showLineNumbers={false} columns={options.columns} {...(options.verbose ? {} : { maxLines: 40 })} />
    </Box>
  );
}

export function renderToolUseRejectedMessage(input: EditInput, reason: string, options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <Text color={colors.warning}>Edit of {shortDisplayPath(input.file_path)} was not applied</Text>
      {reason ? <Text dimColor>{reason}</Text> : null}
      <StructuredDiff hunks={proposedEditHunks(input)} showLineNumbers={false} columns={options.columns} {...(options.verbose ? {} : { maxLines: DIFF_LINES_SHOWN })} />
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, options: RenderOptions): ReactNode {
  const text = options.verbose ? error : error.split('\n').slice(0, 4).join('\n');
  return <Text color={colors.error}>{text}</Text>;
}
