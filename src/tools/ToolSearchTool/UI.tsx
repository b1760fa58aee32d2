/** ToolSearch's render functions. Presentational only. */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { ToolSearchInput, ToolSearchOutput } from './ToolSearchTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<ToolSearchInput>, _options: RenderOptions): ReactNode {
  return input.query ?? '';
}

export function renderToolResultMessage(output: ToolSearchOutput, _input: ToolSearchInput, options: RenderOptions): ReactNode {
  if (output.loaded.length === 0) {
    return <Text dimColor>{output.alreadyAvailable.length > 0 ? 'Already loaded' : 'No matching tools'}</Text>;
  }
  const names = output.loaded.map((tool) => tool.name);
  const shown = options.verbose ? names.join(', ') : names.slice(0, 3).join(', ') + (names.length > 3 ? ` +${names.length - 3}` : '');
  return (
    <Text>
      Loaded {names.length} {names.length === 1 ? 'tool' : 'tools'}: <Text dimColor>{shown}</Text>
    </Text>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
