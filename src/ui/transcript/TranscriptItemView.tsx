/**
 * A finished transcript item, printed once into <Static>: the user's prompt,
 * assistant markdown, a tool call with its result, a command's output, or a
 * notice such as "Interrupted".
 */
import { Box, Text } from 'ink';
import { memo, type ReactNode } from 'react';
import type { Tools } from '../../contract/tool.js';
import { findToolByName } from '../../contract/tool.js';
import { Markdown } from '../markdown/Markdown.js';
import type { NoticeTone, TranscriptItem } from '../repl/transcriptTypes.js';
import { colors, glyphs } from '../kit/theme.js';
import { Gutter } from '../kit/Gutter.js';
import { MessageGroupView } from './MessageGroupView.js';
import { ToolCallView } from './ToolCallView.js';

export type TranscriptItemViewProps = {
  readonly item: TranscriptItem;
  readonly tools: Tools;
  readonly verbose: boolean;
  readonly columns: number;
};

export const TranscriptItemView = memo(function TranscriptItemView({ item, tools, verbose, columns }: TranscriptItemViewProps): ReactNode {
  switch (item.kind) {
    case 'welcome':
      return (
        <Box flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1} width={Math.min(columns, 72)}>
          <Text>
            <Text bold color={colors.accent}>
              agentcli
            </Text>{' '}
            <Text dimColor>{item.version}</Text>
          </Text>
          <Text dimColor wrap="truncate-middle">
            {item.cwd}
          </Text>
          <Text dimColor>/help for commands · model {item.model}</Text>
        </Box>
      );
    case 'user_prompt':
      return (
        <Box marginTop={1} flexDirection="column">
          <Gutter prefix={`${glyphs.prompt} `} color={colors.userPrompt}>
            <Text color={colors.userPrompt}>{item.text}</Text>
          </Gutter>
        </Box>
      );
    case 'assistant_text':
      return (
        <Box marginTop={1} flexDirection="column">
          <Gutter prefix={item.continuation ? '  ' : `${glyphs.bullet} `}>
            <Markdown text={item.text} columns={Math.max(10, columns - 2)} />
          </Gutter>
        </Box>
      );
    case 'plan':
      return (
        <Box marginTop={1} flexDirection="column" borderStyle="round" borderColor={colors.accent} paddingX={1}>
          <Text bold color={colors.accent}>
            Plan
          </Text>
          <Markdown text={item.text} columns={Math.max(10, columns - 4)} />
        </Box>
      );
    case 'thinking':
      // Collapsed to one dim line; Ctrl+O (verbose) shows what the model thought.
      if (!verbose) {
        return (
          <Box marginTop={1}>
            <Text dimColor italic>
              ✻ Thought for a moment <Text dimColor>(ctrl+o to expand)</Text>
            </Text>
          </Box>
        );
      }
      return (
        <Box marginTop={1} flexDirection="column">
          <Text dimColor italic>
            ✻ Thinking{glyphs.ellipsis}
          </Text>
          <Box paddingLeft={2} flexDirection="column">
            <Text dimColor italic>
              {item.text}
            </Text>
          </Box>
        </Box>
      );
    case 'tool_call':
      return (
        <Box marginTop={1} flexDirection="column">
          <ToolCallView
            tool={findToolByName(tools, item.toolName)}
            toolName={item.toolName}
            input={item.input}
            phase="done"
            status={item.status}
            data={item.data}
            resultText={item.resultText}
            progress={item.progress}
            options={{ verbose, columns }}
            {...(item.replayed ? { replayed: true } : {})}
          />
        </Box>
      );
    case 'tool_group':
      return (
        <Box marginTop={1} flexDirection="column">
          <MessageGroupView
            tool={findToolByName(tools, item.toolName)}
            toolName={item.toolName}
            calls={item.calls.map((call) => ({
              id: call.id,
              input: typeof call.input === 'object' && call.input !== null ? call.input : {},
              phase: 'done' as const,
              progress: call.progress,
              status: call.status,
              ...(call.status === 'success' ? { output: call.data } : {}),
              resultText: call.resultText,
            }))}
            options={{ verbose, columns }}
          />
        </Box>
      );
    case 'command':
      return (
        <Box marginTop={1} flexDirection="column">
          <Text color={colors.userPrompt}>
            {glyphs.prompt} {item.input}
          </Text>
          {item.output === '' ? null : (
            <Gutter prefix={`  ${glyphs.resultIndent}  `} dimColor>
              <Text color={item.tone === 'error' ? colors.error : undefined}>{item.output}</Text>
            </Gutter>
          )}
        </Box>
      );
    case 'notice':
      return (
        <Box marginTop={item.tone === 'interrupted' ? 0 : 1} flexDirection="column">
          <Gutter prefix={item.tone === 'interrupted' ? `  ${glyphs.resultIndent}  ` : ''} dimColor>
            <Text color={noticeColor(item.tone)}>{item.text}</Text>
          </Gutter>
        </Box>
      );
    case 'released':
      return null;
  }
});

function noticeColor(tone: NoticeTone): string | undefined {
  switch (tone) {
    case 'error':
      return colors.error;
    case 'warning':
    case 'interrupted':
      return colors.warning;
    case 'info':
      return undefined;
  }
}
