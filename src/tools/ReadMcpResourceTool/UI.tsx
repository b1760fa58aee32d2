/** ReadMcpResource's render functions. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { ReadMcpResourceInput, ReadMcpResourceOutput } from './ReadMcpResourceTool.js';
import { colors } from '../../ui/kit/theme.js';

const COLLAPSED_LINES = 6;

export function renderToolUseMessage(input: Partial<ReadMcpResourceInput>, _options: RenderOptions): ReactNode {
  if (!input.uri) return input.server ?? '';
  return input.server ? `${input.server}: ${input.uri}` : input.uri;
}

export function renderToolResultMessage(output: ReadMcpResourceOutput, _input: ReadMcpResourceInput, options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      {output.parts.map((part, index) => {
        if (part.kind === 'image') return <Text key={index}>[image {part.mimeType}]</Text>;
        if (part.kind === 'saved') {
          return (
            <Text key={index} dimColor>
              {part.bytes} bytes saved to {part.file}
            </Text>
          );
        }
        const lines = part.text.split('\n');
        const shown = options.verbose ? lines : lines.slice(0, COLLAPSED_LINES);
        return (
          <Box key={index} flexDirection="column">
            <Text>{shown.join('\n')}</Text>
            {lines.length > shown.length ? <Text dimColor>… {lines.length - shown.length} more lines</Text> : null}
          </Box>
        );
      })}
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
