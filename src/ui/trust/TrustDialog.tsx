/**
 * The first-run question in a folder: do you trust its content? Project
 * settings and CLAUDE.md may allow tools to run without asking, so their
 * allow rules wait for this answer. Asked once per folder.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { SelectList } from '../dialogs/SelectList.js';
import { colors } from '../theme.js';

export function TrustDialog({ folder, onAnswer }: { readonly folder: string; readonly onAnswer: (trusted: boolean) => void }): ReactNode {
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
          onChoose={onAnswer}
          onCancel={() => onAnswer(false)}
        />
      </Box>
    </Box>
  );
}
