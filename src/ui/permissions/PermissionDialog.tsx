/**
 * The dialog for an `ask` decision. It shows the call and asks; the answer
 * goes back to the pipeline, which applies it (runs the call, saves the
 * rule, or returns the rejection and the user's words to the model).
 *
 *   Bash command
 *     npm test
 *   Do you want to run this command?
 *   ❯ 1. Yes
 *     2. Yes, and don't ask again for Bash(npm test:*)
 *     3. No, and tell the model what to do differently (esc)
 */
import { Box, Text } from 'ink';
import { useState, type ReactNode } from 'react';
import type { PermissionResponse } from '../../permissions/types.js';
import type { PermissionRequest } from '../../services/tools/toolExecution.js';
import { LineEditor } from '../dialogs/LineEditor.js';
import { SelectList } from '../dialogs/SelectList.js';
import { colors } from '../theme.js';
import { PermissionBody } from './PermissionBody.js';
import { denialWithFeedback, permissionChoices, permissionWording, responseFor, type PermissionChoice } from './permissionPrompt.js';

export type PermissionDialogProps = {
  readonly request: Pick<PermissionRequest, 'tool' | 'input' | 'decision'>;
  readonly onAnswer: (response: PermissionResponse) => void;
  readonly columns: number;
};

export function PermissionDialog({ request, onAnswer, columns }: PermissionDialogProps): ReactNode {
  const [askingFeedback, setAskingFeedback] = useState(false);
  const { tool, input, decision } = request;
  const displayName = safeDisplayName(request);
  const wording = permissionWording(tool.name, displayName, input);
  const options = permissionChoices(decision.suggestedRules);
  const reason = decision.reason.type === 'rule' ? `Rule ${decision.reason.rule} (${decision.reason.source}) asks before this runs.` : decision.message;

  const choose = (choice: PermissionChoice): void => {
    if (choice.kind === 'deny_with_feedback') setAskingFeedback(true);
    else onAnswer(responseFor(choice));
  };

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.permission} paddingX={1} marginTop={1}>
      <Text bold color={colors.permission}>
        {wording.title}
      </Text>
      <Box paddingLeft={columns >= 50 ? 2 : 0} marginY={1} flexDirection="column">
        <PermissionBody tool={tool} input={input} options={{ verbose: false, columns: Math.max(10, columns - 8) }} />
      </Box>
      {reason ? <Text dimColor>{reason}</Text> : null}
      <Text>{wording.question}</Text>
      {askingFeedback ? (
        <Box flexDirection="column">
          <LineEditor
            label="Tell the model what to do instead:"
            placeholder="(Enter with nothing typed just says no)"
            onSubmit={(text) => onAnswer(denialWithFeedback(text))}
            onCancel={() => setAskingFeedback(false)}
          />
          <Text dimColor>Enter to send · Esc to go back</Text>
        </Box>
      ) : (
        <SelectList options={options} onChoose={choose} onCancel={() => onAnswer({ type: 'deny' })} />
      )}
    </Box>
  );
}

function safeDisplayName(request: Pick<PermissionRequest, 'tool' | 'input'>): string {
  try {
    const input = typeof request.input === 'object' && request.input !== null ? request.input : undefined;
    return request.tool.userFacingName(input) || request.tool.name;
  } catch {
    return request.tool.name;
  }
}
