/** ExitPlanMode's render functions: the plan and what became of it. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { ExitPlanModeInput, ExitPlanModeOutput } from './ExitPlanModeTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(_input: Partial<ExitPlanModeInput>, _options: RenderOptions): ReactNode {
  return '';
}

export function renderToolResultMessage(output: ExitPlanModeOutput, _input: ExitPlanModeInput, _options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <PlanStatus output={output} />
      <Box borderStyle="round" borderColor={colors.muted} paddingX={1}>
        <Text>{output.plan}</Text>
      </Box>
    </Box>
  );
}

export function renderToolUseRejectedMessage(input: ExitPlanModeInput, reason: string, _options: RenderOptions): ReactNode {
  return (
    <Box flexDirection="column">
      <Text color={colors.warning}>Plan not approved: {reason}</Text>
      <Text dimColor>{input.plan}</Text>
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}

function PlanStatus({ output }: { readonly output: ExitPlanModeOutput }): ReactNode {
  switch (output.kind) {
    case 'approved':
      return <Text color={colors.success}>Plan approved; mode is now {output.mode}</Text>;
    case 'rejected':
      return <Text color={colors.warning}>Plan rejected{output.feedback ? `: ${output.feedback}` : ''}</Text>;
    case 'no_user':
      return <Text dimColor>Plan recorded (no user to approve it; still in plan mode)</Text>;
  }
}
