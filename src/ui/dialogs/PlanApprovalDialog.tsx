/**
 * ExitPlanMode in the REPL: the plan, then whether to carry it out and in
 * which permission mode, or to keep planning with feedback for the model.
 */
import { Box, Text } from 'ink';
import { useState, type ReactNode } from 'react';
import type { PlanApproval } from '../../types/userInteraction.js';
import { ClippedBox } from '../layout/ClippedBox.js';
import { Markdown } from '../markdown/Markdown.js';
import { colors } from '../kit/theme.js';
import { LineEditor } from './LineEditor.js';
import { SelectList } from './SelectList.js';

type PlanChoice = 'acceptEdits' | 'default' | 'keep_planning';

export function PlanApprovalDialog({
  plan,
  onAnswer,
  columns,
  maxPlanRows = 20,
}: {
  readonly plan: string;
  readonly onAnswer: (approval: PlanApproval) => void;
  readonly columns: number;
  /** A longer plan is cut here; the whole plan is printed in the transcript above the dialog. */
  readonly maxPlanRows?: number;
}): ReactNode {
  const [askingFeedback, setAskingFeedback] = useState(false);
  const choose = (choice: PlanChoice): void => {
    if (choice === 'keep_planning') setAskingFeedback(true);
    else onAnswer({ approved: true, mode: choice });
  };
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1} marginTop={1}>
      <Text bold color={colors.accent}>
        Ready to code?
      </Text>
      <Box marginY={1} flexDirection="column">
        <ClippedBox maxRows={maxPlanRows}>
          <Markdown text={plan} columns={Math.max(10, columns - 4)} />
        </ClippedBox>
      </Box>
      <Text>Do you want to carry out this plan?</Text>
      {askingFeedback ? (
        <LineEditor
          label="What should change in the plan?"
          onSubmit={(text) => onAnswer(text.trim() ? { approved: false, feedback: text.trim() } : { approved: false })}
          onCancel={() => setAskingFeedback(false)}
        />
      ) : (
        <SelectList<PlanChoice>
          options={[
            { label: 'Yes, and accept edits without asking', value: 'acceptEdits' },
            { label: 'Yes, and ask before each edit', value: 'default' },
            { label: 'No, keep planning (tell the model what to change)', value: 'keep_planning' },
          ]}
          onChoose={choose}
          onCancel={() => onAnswer({ approved: false })}
        />
      )}
    </Box>
  );
}
