/** EnterPlanMode's render functions: one line saying the mode changed. Presentational only. */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { EnterPlanModeInput, EnterPlanModeOutput } from './EnterPlanModeTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(_input: Partial<EnterPlanModeInput>, _options: RenderOptions): ReactNode {
  return '';
}

export function renderToolResultMessage(output: EnterPlanModeOutput, _input: EnterPlanModeInput, _options: RenderOptions): ReactNode {
  return (
    <Text color={colors.accent}>
      Entered plan mode <Text dimColor>(was {output.previousMode}; the plan will be presented for approval)</Text>
    </Text>
  );
}

export function renderToolUseRejectedMessage(_input: EnterPlanModeInput, reason: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.warning}>Plan mode not entered: {reason}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
