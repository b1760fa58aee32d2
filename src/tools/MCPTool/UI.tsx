/** Render functions shared by every MCP server tool. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { McpToolProgress } from '../../services/mcp/types.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { McpToolInput, McpToolOutput } from './MCPTool.js';
import { colors } from '../../ui/kit/theme.js';

const COLLAPSED_RESULT_LINES = 6;

export function renderToolUseMessage(input: Partial<McpToolInput>, options: RenderOptions): ReactNode {
  const entries = Object.entries(input);
  if (entries.length === 0) return '';
  const text = entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ');
  const limit = options.verbose ? 2_000 : Math.max(40, options.columns - 20);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

export function renderToolUseProgressMessage(progress: readonly McpToolProgress[], _options: RenderOptions): ReactNode {
  const latest = progress.at(-1);
  if (!latest) return <Text dimColor>Running…</Text>;
  const fraction = latest.total ? `${latest.progress}/${latest.total}` : `${latest.progress}`;
  return (
    <Text dimColor>
      Progress {fraction}
      {latest.message ? ` — ${latest.message}` : ''}
    </Text>
  );
}

export function renderToolResultMessage(output: McpToolOutput, _input: McpToolInput, options: RenderOptions): ReactNode {
  const lines = output.content.flatMap((block) => (block.type === 'text' ? block.text.split('\n') : ['[image]']));
  const shown = options.verbose ? lines : lines.slice(0, COLLAPSED_RESULT_LINES);
  const hidden = lines.length - shown.length;
  return (
    <Box flexDirection="column">
      {shown.map((line, index) => (
        <Text key={index} color={output.isError ? colors.error : undefined}>
          {line}
        </Text>
      ))}
      {hidden > 0 ? <Text dimColor>… {hidden} more lines (ctrl+o to expand)</Text> : null}
      {options.verbose && output.structuredContent ? (
        <Text dimColor>{JSON.stringify(output.structuredContent, null, 2)}</Text>
      ) : null}
    </Box>
  );
}

export function renderToolUseRejectedMessage(_input: McpToolInput, reason: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.warning}>Not run: {reason}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
