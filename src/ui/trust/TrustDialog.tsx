/**
 * The first-run question in a folder: do you trust its content? Project
 * settings and CLAUDE.md may allow tools to run without asking, so their
 * allow rules wait for this answer. Asked once per folder.
 *
 * Once answered, the dialog shrinks to one line ("✔ Trusted /path"): the
 * frame Ink leaves on the screen must not look like a question still open,
 * pointer and all.
 */
import { Box, Text, useInput } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import { SelectList } from '../dialogs/SelectList.js';
import { colors } from '../kit/theme.js';

export function TrustDialog({ folder, onAnswer }: { readonly folder: string; readonly onAnswer: (trusted: boolean) => void }): ReactNode {
  const [answer, setAnswer] = useState<boolean | undefined>(undefined);
  // Reported after the one-line frame is on screen, so that frame is what stays.
  useEffect(() => {
    if (answer !== undefined) onAnswer(answer);
  }, [answer]);
  // Ctrl+C is "no" too, and leaves the same one line as the other answers.
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') setAnswer(false);
    },
    { isActive: answer === undefined },
  );
  if (answer !== undefined) return <TrustAnswerLine folder={folder} trusted={answer} />;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.warning} paddingX={1}>
      <Text bold color={colors.warning}>
        Do you trust the files in this folder?
      </Text>
      <Box marginY={1} flexDirection="column">
        <Text bold>{folder}</Text>
      </Box>
      <Text>
        agentcli will read files here, and this project's CLAUDE.md and .claude/settings files can let tools run without
        asking you first. Deny rules always apply. Only trust folders whose content you know.
      </Text>
      <Box marginTop={1} flexDirection="column">
        <SelectList
          options={[
            { label: 'Yes, I trust this folder', value: true },
            { label: 'No, exit', value: false },
          ]}
          onChoose={setAnswer}
          onCancel={() => setAnswer(false)}
        />
      </Box>
    </Box>
  );
}

export function TrustAnswerLine({ folder, trusted }: { readonly folder: string; readonly trusted: boolean }): ReactNode {
  return trusted ? (
    <Text>
      <Text color={colors.success}>✔</Text> Trusted {folder}
    </Text>
  ) : (
    <Text dimColor>✘ Not trusted: {folder} (exiting)</Text>
  );
}
