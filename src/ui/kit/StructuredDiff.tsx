/**
 * A unified diff as coloured, numbered lines: removed lines in red with
 * their old line number, added lines in green with their new one, context
 * dimmed. Purely presentational — hunks in, Ink out — so the permission
 * dialog can show a proposed edit with the same component as the result.
 * Each line also carries a `-`/`+` sign, so it reads correctly without
 * colour (NO_COLOR, or a terminal without colour support).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { FilePatchHunk } from '../../utils/files/structuredPatch.js';
import { colors } from './theme.js';

export type StructuredDiffProps = {
  readonly hunks: readonly FilePatchHunk[];
  /** Show at most this many diff lines; the rest is summarised in one line. */
  readonly maxLines?: number;
  /** Lines the producer already left out (FilePatch.omittedLines). */
  readonly omittedLines?: number;
  /** Terminal width: long lines are cut to it instead of wrapping into the gutter. */
  readonly columns?: number;
  /** Off for a proposal built from text alone, whose line numbers in the file are unknown. */
  readonly showLineNumbers?: boolean;
};

type DiffRow =
  | { readonly kind: 'line'; readonly sign: ' ' | '-' | '+'; readonly lineNumber: number; readonly text: string }
  | { readonly kind: 'gap' };

function toRows(hunks: readonly FilePatchHunk[]): DiffRow[] {
  const rows: DiffRow[] = [];
  hunks.forEach((hunk, index) => {
    if (index > 0) rows.push({ kind: 'gap' });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const sign = line[0];
      const text = line.slice(1);
      if (sign === '-') rows.push({ kind: 'line', sign, lineNumber: oldLine++, text });
      else if (sign === '+') rows.push({ kind: 'line', sign, lineNumber: newLine++, text });
      else if (sign === ' ') {
        rows.push({ kind: 'line', sign, lineNumber: newLine, text });
        oldLine++;
        newLine++;
      }
    }
  });
  return rows;
}

function colourOf(sign: ' ' | '-' | '+'): string | undefined {
  return sign === '-' ? colors.diffRemoved : sign === '+' ? colors.diffAdded : undefined;
}

export function StructuredDiff({ hunks, maxLines, omittedLines = 0, columns, showLineNumbers = true }: StructuredDiffProps): ReactNode {
  const rows = toRows(hunks);
  const shown = maxLines !== undefined ? rows.slice(0, maxLines) : rows;
  const hidden = rows.length - shown.length + omittedLines;
  const widest = shown.reduce((max, row) => (row.kind === 'line' ? Math.max(max, row.lineNumber) : max), 1);
  const gutter = showLineNumbers ? String(widest).length : 0;
  const textWidth = columns !== undefined ? Math.max(10, columns - gutter - 3) : undefined;
  const number = (lineNumber: number) => (showLineNumbers ? `${String(lineNumber).padStart(gutter)} ` : '');
  return (
    <Box flexDirection="column">
      {shown.map((row, index) =>
        row.kind === 'gap' ? (
          <Text key={index} dimColor>
            {' '.repeat(gutter)}⋮
          </Text>
        ) : (
          <Text key={index} color={colourOf(row.sign)} dimColor={row.sign === ' '}>
            {number(row.lineNumber)}
            {row.sign} {textWidth !== undefined ? cut(expandTabs(row.text), textWidth) : expandTabs(row.text)}
          </Text>
        ),
      )}
      {hidden > 0 ? <Text dimColor>… {hidden} more diff {hidden === 1 ? 'line' : 'lines'}</Text> : null}
    </Box>
  );
}

/** Tabs would be expanded by the terminal past Ink's idea of the width. */
function expandTabs(text: string): string {
  return text.replace(/\t/g, '    ');
}

function cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
