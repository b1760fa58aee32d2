/** AskUserQuestion's render functions: the questions asked and the answers given. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { AskUserQuestionInput, AskUserQuestionOutput } from './AskUserQuestionTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<AskUserQuestionInput>, _options: RenderOptions): ReactNode {
  const headers = (input.questions ?? []).map((question) => question?.header).filter(Boolean);
  return headers.join(', ');
}

export function renderToolResultMessage(
  output: AskUserQuestionOutput,
  _input: AskUserQuestionInput,
  _options: RenderOptions,
): ReactNode {
  if (output.kind === 'no_user') return <Text dimColor>No user present; the model will assume.</Text>;
  return (
    <Box flexDirection="column">
      {output.questions.map((question) => (
        <Text key={question.question}>
          <Text dimColor>{question.header}: </Text>
          {output.answers[question.question] ?? '(no answer)'}
        </Text>
      ))}
    </Box>
  );
}

export function renderToolUseRejectedMessage(_input: AskUserQuestionInput, reason: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.warning}>Questions not asked: {reason}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
