/**
 * An MCP server asks the user for values (elicitation): its message, then
 * one field at a time — text and numbers typed (checked as they are
 * submitted: a wrong value says why and the field stays), yes/no and choices
 * picked from a numbered list, several choices typed comma-separated. After the last field the answer goes back as
 * "accept". Esc offers to decline (the server is told no) or to cancel
 * (dismissed without an answer). The checks are the engine's
 * (services/mcp/elicitation.ts); this component only collects.
 */
import { Box, Text } from 'ink';
import { useState, type ReactNode } from 'react';
import { checkFieldInput, type ElicitationField, type ElicitationRequest, type ElicitationResponse, type ElicitationValue } from '../../services/mcp/elicitation.js';
import { colors } from '../kit/theme.js';
import { LineEditor } from './LineEditor.js';
import { SelectList } from './SelectList.js';

export type ElicitationDialogProps = {
  readonly request: ElicitationRequest;
  readonly onAnswer: (response: ElicitationResponse) => void;
};

const SKIP = Symbol('skip');
type Leave = 'decline' | 'cancel' | 'back';

export function ElicitationDialog({ request, onAnswer }: ElicitationDialogProps): ReactNode {
  const [values, setValues] = useState<Record<string, ElicitationValue>>({});
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);
  const field = request.fields[index];

  const record = (value: ElicitationValue | undefined): void => {
    const next = { ...values };
    if (value !== undefined && field) next[field.name] = value;
    setError(undefined);
    if (index + 1 >= request.fields.length) onAnswer({ action: 'accept', content: next });
    else {
      setValues(next);
      setIndex(index + 1);
    }
  };
  const leave = (choice: Leave): void => {
    if (choice === 'back') setLeaving(false);
    else onAnswer({ action: choice });
  };

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1} marginTop={1}>
      <Text dimColor>
        MCP server {request.server} asks{request.fields.length > 1 ? ` · ${Math.min(index + 1, request.fields.length)} of ${request.fields.length}` : ''}
      </Text>
      <Text bold>{request.message}</Text>
      {leaving ? (
        <SelectList<Leave>
          options={[
            { label: `Decline (tell ${request.server} no)`, value: 'decline' },
            { label: 'Cancel (dismiss without answering)', value: 'cancel' },
            { label: 'Back to the form', value: 'back' },
          ]}
          onChoose={leave}
          onCancel={() => setLeaving(false)}
        />
      ) : !field ? (
        <SelectList<'accept' | 'decline'>
          options={[
            { label: 'Accept', value: 'accept' },
            { label: 'Decline', value: 'decline' },
          ]}
          onChoose={(choice) => onAnswer(choice === 'accept' ? { action: 'accept', content: {} } : { action: 'decline' })}
          onCancel={() => onAnswer({ action: 'cancel' })}
        />
      ) : (
        <FieldInput key={index} field={field} error={error} onValue={record} onError={setError} onEscape={() => setLeaving(true)} />
      )}
      <Text dimColor>{leaving ? 'Enter to choose' : 'Enter to submit · Esc to decline or cancel'}</Text>
    </Box>
  );
}

function FieldInput({
  field,
  error,
  onValue,
  onError,
  onEscape,
}: {
  readonly field: ElicitationField;
  readonly error: string | undefined;
  readonly onValue: (value: ElicitationValue | undefined) => void;
  readonly onError: (message: string) => void;
  readonly onEscape: () => void;
}): ReactNode {
  const heading = (
    <Text>
      {field.title}
      {field.required ? '' : ' (optional)'}
      {field.description ? <Text dimColor> — {field.description}</Text> : null}
      {field.kind === 'multi' ? <Text dimColor> (comma-separated: {field.options.map((option) => option.label).join(', ')})</Text> : null}
    </Text>
  );
  if (field.kind === 'boolean' || field.kind === 'choice') {
    const options: { label: string; value: ElicitationValue | typeof SKIP }[] =
      field.kind === 'boolean'
        ? [
            { label: 'Yes', value: true },
            { label: 'No', value: false },
          ]
        : field.options.map((option) => ({ label: option.label, value: option.value }));
    if (!field.required) options.push({ label: '(leave empty)', value: SKIP });
    const initial = field.default === undefined ? 0 : Math.max(0, options.findIndex((option) => option.value === field.default));
    return (
      <Box flexDirection="column">
        {heading}
        <SelectList options={options} initialIndex={initial} onChoose={(value) => onValue(value === SKIP ? undefined : value)} onCancel={onEscape} />
      </Box>
    );
  }
  const submit = (typed: string): void => {
    const text = typed.trim() === '' && field.default !== undefined ? (Array.isArray(field.default) ? field.default.join(',') : String(field.default)) : typed;
    const checked = checkFieldInput(field, text);
    if (checked.ok) onValue(checked.value);
    else onError(checked.error);
  };
  return (
    <Box flexDirection="column">
      {heading}
      <LineEditor label=">" {...(field.default !== undefined ? { placeholder: `default: ${Array.isArray(field.default) ? field.default.join(', ') : field.default}` } : {})} onSubmit={submit} onCancel={onEscape} />
      {error ? <Text color={colors.error}>{error}</Text> : null}
    </Box>
  );
}
