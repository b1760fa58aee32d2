/** How TaskOutput calls look in the REPL: the task id, then its status and the new lines. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { TaskOutputInput, TaskOutputResult } from './TaskOutputTool.js';
import { colors } from '../../ui/kit/theme.js';

const COLLAPSED_LINES = 6;

export function renderToolUseMessage(input: Partial<TaskOutputInput>, _options: RenderOptions): ReactNode {
  return (
    <Text>
      {input.task_id ?? ''}
      {input.filter ? <Text dimColor> filter: {input.filter}</Text> : null}
      {input.block ? <Text dimColor> (waiting)</Text> : null}
    </Text>
  );
}

export function renderToolResultMessage(output: TaskOutputResult, _input: TaskOutputInput, options: RenderOptions): ReactNode {
  const lines = output.output.replace(/\n+$/, '').split('\n').filter((line) => line !== '');
  const visible = options.verbose ? lines : lines.slice(-COLLAPSED_LINES);
  return (
    <Box flexDirection="column">
      <Text dimColor>
        {output.status}
        {output.exitCode !== null ? ` · exit ${output.exitCode}` : ''} · {lines.length} new lines
      </Text>
      {visible.length > 0 ? <Text>{visible.join('\n')}</Text> : null}
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
