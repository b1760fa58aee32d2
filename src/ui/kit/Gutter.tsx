/**
 * A fixed prefix (a bullet, `⎿`, `>`, a list marker) followed by content that
 * wraps in the remaining width. The content box grows from a zero basis:
 * with a content-sized basis, Yoga shrinks nested column boxes to a width
 * one column too wide, and lines spill past the terminal's edge. The gutter
 * itself grows too, so it fills its parent whether that is a row or a column.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';

export type GutterProps = {
  readonly prefix: string;
  readonly color?: string;
  readonly dimColor?: boolean;
  readonly children: ReactNode;
};

export function Gutter({ prefix, color, dimColor, children }: GutterProps): ReactNode {
  return (
    <Box flexDirection="row" flexGrow={1} flexShrink={1}>
      <Box flexShrink={0}>
        <Text color={color} dimColor={dimColor}>
          {prefix}
        </Text>
      </Box>
      <Box flexDirection="column" flexGrow={1} flexShrink={1} flexBasis={0}>
        {children}
      </Box>
    </Box>
  );
}
