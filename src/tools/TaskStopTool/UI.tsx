/** How TaskStop calls look in the REPL. */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { TaskStopInput, TaskStopResult } from './TaskStopTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<TaskStopInput>, _options: RenderOptions): ReactNode {
  return <Text>{input.task_id ?? ''}</Text>;
}

export function renderToolResultMessage(output: TaskStopResult, _input: TaskStopInput, _options: RenderOptions): ReactNode {
  return <Text dimColor>{output.alreadyFinished ? `Already ${output.status}` : 'Stopped'}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
