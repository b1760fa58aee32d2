/**
 * Content that may not grow taller than `maxRows`: taller content is cut,
 * with a line saying how much is hidden. A dialog taller than the terminal
 * would make Ink clear the whole screen (and the scroll-back) on every
 * repaint, so long diffs and plans are clipped instead.
 *
 * The content is laid out at its natural height inside a box that starts
 * with its first row only and takes its measured height (at most the limit) in the
 * next layout pass. Starting at the limit instead padded every first frame
 * with blank rows: a dialog's first frame outgrew the terminal and pushed
 * the lines above it into the scroll-back.
 */
import { Box, measureElement, Text, type DOMElement } from 'ink';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function ClippedBox({ maxRows, children }: { readonly maxRows: number; readonly children: ReactNode }): ReactNode {
  const content = useRef<DOMElement>(null);
  const [naturalRows, setNaturalRows] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!content.current) return;
    const { height } = measureElement(content.current);
    if (height !== naturalRows) setNaturalRows(height);
  });
  const limit = Math.max(1, maxRows);
  const clipped = naturalRows !== undefined && naturalRows > limit;
  const height = naturalRows === undefined ? 1 : Math.min(naturalRows, clipped ? limit - 1 : limit);
  return (
    <Box flexDirection="column">
      <Box height={height} overflowY="hidden" flexDirection="column">
        <Box ref={content} flexDirection="column" flexShrink={0}>
          {children}
        </Box>
      </Box>
      {clipped ? <Text dimColor>… {naturalRows - height} more lines not shown</Text> : null}
    </Box>
  );
}
