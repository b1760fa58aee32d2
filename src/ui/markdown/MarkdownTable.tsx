/**
 * GFM tables. Aligned columns when the table fits the terminal; otherwise
 * one "header: value" line per cell, so a narrow terminal (40 columns) still
 * reads every value instead of a mangled grid.
 */
import { Box, Text } from 'ink';
import type { Tokens } from 'marked';
import type { ReactNode } from 'react';
import { decodeEntities } from './entities.js';

export function MarkdownTable({ table, columns }: { readonly table: Tokens.Table; readonly columns: number }): ReactNode {
  const header = table.header.map((cell) => cellText(cell));
  const rows = table.rows.map((row) => row.map((cell) => cellText(cell)));
  const widths = header.map((title, column) =>
    Math.max(displayWidth(title), ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  const gap = 2;
  const total = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);

  if (total <= columns) {
    const line = (cells: readonly string[]): string =>
      cells
        .map((cell, column) => pad(cell, widths[column] ?? 0, table.align[column] ?? null))
        .join(' '.repeat(gap))
        .trimEnd();
    return (
      <Box flexDirection="column">
        <Text bold>{line(header)}</Text>
        <Text dimColor>{widths.map((width) => '─'.repeat(width)).join(' '.repeat(gap))}</Text>
        {rows.map((row, index) => (
          <Text key={index}>{line(row)}</Text>
        ))}
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      {rows.map((row, index) => (
        <Box key={index} flexDirection="column" marginTop={index > 0 ? 1 : 0}>
          {row.map((cell, column) => (
            <Text key={column}>
              <Text bold>{header[column]}: </Text>
              {cell}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function cellText(cell: Tokens.TableCell): string {
  return decodeEntities(cell.text.replace(/\*\*|__|`/g, ''));
}

// Cells are short plain text: code points approximate terminal columns well enough here.
function displayWidth(text: string): number {
  return [...text].length;
}

function pad(text: string, width: number, align: 'center' | 'left' | 'right' | null): string {
  const space = Math.max(0, width - displayWidth(text));
  if (align === 'right') return ' '.repeat(space) + text;
  if (align === 'center') return ' '.repeat(Math.floor(space / 2)) + text + ' '.repeat(Math.ceil(space / 2));
  return text + ' '.repeat(space);
}
