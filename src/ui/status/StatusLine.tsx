/**
 * The line under the input box: the permission mode in words (only when it
 * is not the default), then model, context used, cost, folder and git
 * branch. Items wrap onto a second line on a narrow terminal.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { modeStatusLabel } from '../../commands/permissionModes.js';
import type { PermissionMode } from '../../contract/permissions.js';
import { contextWindowOf } from '../../services/api/models.js';
import { colors } from '../kit/theme.js';
import { autoCompactPercent } from '../../session/compaction/tokenEstimate.js';
import { contextTone, formatContextUsed, formatCost, shortenPath } from './statusFormat.js';

export type StatusLineProps = {
  readonly mode: PermissionMode;
  readonly model: string;
  readonly contextTokens: number;
  readonly costUsd: number;
  readonly cwd: string;
  readonly branch: string | undefined;
  readonly verbose: boolean;
  readonly columns: number;
};

export function StatusLine(props: StatusLineProps): ReactNode {
  const modeLabel = modeStatusLabel(props.mode);
  const window = contextWindowOf(props.model);
  const tone = contextTone(props.contextTokens, window, autoCompactPercent(process.env));
  type Fact = { readonly text: string | undefined; readonly color?: string };
  const facts: Fact[] = [
    { text: props.model },
    { text: formatContextUsed(props.contextTokens, window), color: tone === 'critical' ? colors.error : tone === 'warning' ? colors.warning : undefined },
    { text: formatCost(props.costUsd) },
    { text: shortenPath(props.cwd, Math.max(16, Math.floor(props.columns / 3))) + (props.branch ? ` (${props.branch})` : '') },
    { text: props.verbose ? 'verbose' : undefined },
  ];
  return (
    <Box flexDirection="row" flexWrap="wrap" paddingX={1} columnGap={2}>
      {modeLabel ? (
        <Text color={modeColor(props.mode)}>
          {modeLabel} <Text dimColor>(shift+tab to cycle)</Text>
        </Text>
      ) : null}
      {facts.map((fact) =>
        fact.text === undefined ? null : (
          <Text key={fact.text} color={fact.color} dimColor={fact.color === undefined}>
            {fact.text}
          </Text>
        ),
      )}
    </Box>
  );
}

function modeColor(mode: PermissionMode): string | undefined {
  switch (mode) {
    case 'acceptEdits':
      return colors.permission;
    case 'plan':
      return colors.accent;
    case 'bypassPermissions':
      return colors.error;
    default:
      return undefined;
  }
}
