/**
 * The REPL's own pickers (/model, which memory file a note goes to): a
 * title, numbered options with the one in effect marked and the cursor on
 * it, Enter or a number chooses, Esc cancels. Once answered the dialog is
 * gone; the command that asked prints the one line that says what happened.
 * A request with `searchable` gets the search box (SearchableChoiceDialog).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { ChoiceRequest } from '../../types/userInteraction.js';
import { colors, glyphs } from '../theme.js';
import { SearchableChoiceDialog } from './SearchableChoiceDialog.js';
import { SelectList } from './SelectList.js';

export type ChoiceDialogProps = {
  readonly request: ChoiceRequest;
  readonly onAnswer: (value: string | undefined) => void;
};

export const CURRENT_MARK = glyphs.current;

export function ChoiceDialog({ request, onAnswer }: ChoiceDialogProps): ReactNode {
  if (request.searchable) return <SearchableChoiceDialog request={request} onAnswer={onAnswer} />;
  const options = request.options.map((option) => ({
    value: option.value,
    label: `${option.label}${option.value === request.current ? ` ${CURRENT_MARK}` : ''}${option.description ? ` · ${option.description}` : ''}`,
  }));
  const current = request.options.findIndex((option) => option.value === request.current);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1} marginTop={1}>
      <Text bold>{request.title}</Text>
      <SelectList options={options} initialIndex={current >= 0 ? current : 0} onChoose={(value) => onAnswer(value)} onCancel={() => onAnswer(undefined)} />
      <Text dimColor>Enter to choose · Esc to cancel</Text>
    </Box>
  );
}
