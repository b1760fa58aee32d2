/**
 * A subagent's whole conversation, as the transcript view (Ctrl+O) shows it:
 * the delegated prompt, everything the child wrote, each tool it called with
 * the first line of the result, and the loop's own notes to it (a Stop hook's
 * feedback, a continuation nudge). Built from the child's kept messages, so
 * it is complete however long the child ran.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { mainArgument } from '../../../contract/agentProgress.js';
import type { ContentBlockParam, ConversationMessage, ToolResultBlockParam } from '../../../types/messages.js';
import { Gutter } from '../Gutter.js';
import { colors, glyphs } from '../theme.js';

export type ChildTranscriptProps = {
  readonly prompt: string | undefined;
  readonly transcript: readonly ConversationMessage[];
};

export function ChildTranscript({ prompt, transcript }: ChildTranscriptProps): ReactNode {
  const entries = transcript.flatMap((message) => entriesOf(message));
  if (entries.length === 0 && !prompt) return null;
  return (
    <Box flexDirection="column">
      {prompt ? (
        <Gutter prefix={`${glyphs.prompt} `} color={colors.userPrompt}>
          <Text color={colors.userPrompt}>{prompt.trim()}</Text>
        </Gutter>
      ) : null}
      {entries.map((entry, index) => (
        <EntryView key={index} entry={entry} />
      ))}
    </Box>
  );
}

type Entry =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'tool_use'; readonly name: string; readonly argument: string }
  | { readonly kind: 'tool_result'; readonly firstLine: string; readonly moreLines: number; readonly isError: boolean }
  | { readonly kind: 'note'; readonly text: string };

function EntryView({ entry }: { readonly entry: Entry }): ReactNode {
  switch (entry.kind) {
    case 'text':
      return (
        <Gutter prefix={`${glyphs.bullet} `}>
          <Text>{entry.text}</Text>
        </Gutter>
      );
    case 'tool_use':
      return (
        <Gutter prefix={`${glyphs.bullet} `} color={colors.muted}>
          <Text>
            <Text bold>{entry.name}</Text>
            {entry.argument ? `(${entry.argument})` : ''}
          </Text>
        </Gutter>
      );
    case 'tool_result':
      return (
        <Gutter prefix={`  ${glyphs.resultIndent}  `} dimColor>
          <Text color={entry.isError ? colors.error : undefined} dimColor={!entry.isError}>
            {entry.firstLine || '(no output)'}
            {entry.moreLines > 0 ? ` … +${entry.moreLines} lines` : ''}
          </Text>
        </Gutter>
      );
    case 'note':
      return (
        <Gutter prefix="  ">
          <Text dimColor italic>
            {entry.text}
          </Text>
        </Gutter>
      );
  }
}

function entriesOf(message: ConversationMessage): Entry[] {
  if (message.type === 'assistant') {
    return message.content.flatMap((block): Entry[] => {
      if (block.type === 'text' && block.text.trim()) return [{ kind: 'text', text: block.text.trim() }];
      if (block.type === 'tool_use') return [{ kind: 'tool_use', name: block.name, argument: mainArgument(block.input) }];
      return [];
    });
  }
  const blocks: readonly ContentBlockParam[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  return blocks.flatMap((block): Entry[] => {
    if (block.type === 'tool_result') return [resultEntry(block)];
    if (block.type === 'text' && block.text.trim()) return [{ kind: 'note', text: block.text.trim() }];
    return [];
  });
}

function resultEntry(block: ToolResultBlockParam): Entry {
  const text =
    typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
  const lines = text.trim().split('\n');
  return { kind: 'tool_result', firstLine: lines[0] ?? '', moreLines: Math.max(0, lines.length - 1), isError: block.is_error === true };
}
