/** ListMcpResources' render functions. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { ListMcpResourcesInput, ListMcpResourcesOutput } from './ListMcpResourcesTool.js';
import { colors } from '../../ui/kit/theme.js';

const COLLAPSED_ROWS = 8;

export function renderToolUseMessage(input: Partial<ListMcpResourcesInput>, _options: RenderOptions): ReactNode {
  return input.server ? `server: ${input.server}` : '';
}

export function renderToolResultMessage(
  output: ListMcpResourcesOutput,
  _input: ListMcpResourcesInput,
  options: RenderOptions,
): ReactNode {
  const rows = options.verbose ? output.resources : output.resources.slice(0, COLLAPSED_ROWS);
  return (
    <Box flexDirection="column">
      <Text>
        {output.resources.length} {output.resources.length === 1 ? 'resource' : 'resources'}
      </Text>
      {rows.map((resource) => (
        <Text key={`${resource.server} ${resource.uri}`} dimColor>
          {resource.server}: {resource.name} ({resource.uri})
        </Text>
      ))}
      {output.failures.map((failure) => (
        <Text key={failure.server} color={colors.error}>
          {failure.server}: {failure.error}
        </Text>
      ))}
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
