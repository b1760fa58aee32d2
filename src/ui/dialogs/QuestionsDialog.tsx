/**
 * AskUserQuestion in the REPL: each question in turn, its options numbered,
 * plus "Other" for a typed answer. Multi-select questions toggle options
 * with Space and confirm with Enter. Esc declines to answer (the tool tells
 * the model the user did not answer).
 */
import { Box, Text, useInput } from 'ink';
import { useReducer, useRef, useState, type ReactNode } from 'react';
import type { UserAnswers, UserQuestion } from '../../types/userInteraction.js';
import { colors, glyphs } from '../kit/theme.js';
import { LineEditor } from './LineEditor.js';
import { SelectList } from './SelectList.js';

const OTHER = Symbol('other');

export type QuestionsDialogProps = {
  readonly questions: readonly UserQuestion[];
  readonly onAnswer: (answers: UserAnswers) => void;
};

export function QuestionsDialog({ questions, onAnswer }: QuestionsDialogProps): ReactNode {
  const [answers, setAnswers] = useState<UserAnswers>({});
  const [index, setIndex] = useState(0);
  const [typingOther, setTypingOther] = useState(false);
  const question = questions[index];
  if (!question) return null;

  const record = (answer: string): void => {
    const next = { ...answers, [question.question]: answer };
    setTypingOther(false);
    if (index + 1 >= questions.length) onAnswer(next);
    else {
      setAnswers(next);
      setIndex(index + 1);
    }
  };

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1} marginTop={1}>
      <Text dimColor>
        {question.header ? `${question.header} · ` : ''}question {index + 1} of {questions.length}
      </Text>
      <Text bold>{question.question}</Text>
      {typingOther ? (
        <LineEditor label="Your answer:" onSubmit={(text) => (text.trim() ? record(text.trim()) : setTypingOther(false))} onCancel={() => setTypingOther(false)} />
      ) : question.multiSelect ? (
        <MultiSelect key={index} question={question} onDone={(labels) => record(labels.join(', '))} onOther={() => setTypingOther(true)} onCancel={() => onAnswer(answers)} />
      ) : (
        <SelectList
          key={index}
          options={[
            ...question.options.map((option) => ({ label: option.description ? `${option.label} — ${option.description}` : option.label, value: option.label as string | typeof OTHER })),
            { label: 'Other (type an answer)', value: OTHER },
          ]}
          onChoose={(value) => (value === OTHER ? setTypingOther(true) : record(value))}
          onCancel={() => onAnswer(answers)}
        />
      )}
    </Box>
  );
}

function MultiSelect({
  question,
  onDone,
  onOther,
  onCancel,
}: {
  readonly question: UserQuestion;
  readonly onDone: (labels: string[]) => void;
  readonly onOther: () => void;
  readonly onCancel: () => void;
}): ReactNode {
  // Refs, not state: keys arriving before a repaint must each see the previous key's effect.
  const state = useRef<{ cursor: number; chosen: ReadonlySet<number> }>({ cursor: 0, chosen: new Set() });
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const count = question.options.length + 1;
  useInput((input, key) => {
    const { cursor, chosen } = state.current;
    if (key.upArrow) state.current = { cursor: (cursor - 1 + count) % count, chosen };
    else if (key.downArrow) state.current = { cursor: (cursor + 1) % count, chosen };
    else if (input === ' ' && cursor < question.options.length) {
      const next = new Set(chosen);
      if (next.has(cursor)) next.delete(cursor);
      else next.add(cursor);
      state.current = { cursor, chosen: next };
    } else if (key.return) {
      if (cursor === question.options.length) onOther();
      else onDone(question.options.filter((_, position) => chosen.has(position)).map((option) => option.label));
      return;
    } else if (key.escape) {
      onCancel();
      return;
    } else return;
    rerender();
  });
  const { cursor, chosen } = state.current;
  return (
    <Box flexDirection="column">
      {question.options.map((option, position) => (
        <Text key={position} color={position === cursor ? colors.accent : undefined}>
          {position === cursor ? `${glyphs.pointer} ` : '  '}
          {chosen.has(position) ? '[x]' : '[ ]'} {option.label}
          {option.description ? <Text dimColor> — {option.description}</Text> : null}
        </Text>
      ))}
      <Text color={cursor === question.options.length ? colors.accent : undefined}>
        {cursor === question.options.length ? `${glyphs.pointer} ` : '  '}Other (type an answer)
      </Text>
      <Text dimColor>Space to select · Enter to confirm · Esc to skip</Text>
    </Box>
  );
}
