/**
 * What the permission dialog shows about the call: the tool's own
 * renderPermissionRequest when its UI.tsx has one (the Edit diff, the Bash
 * command), otherwise a preview built from the input's usual fields.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Tool } from '../../contract/tool.js';
import { Markdown } from '../markdown/Markdown.js';
import { colors } from '../kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { summarizeToolInput } from '../tools/genericToolRendering.js';
import { useToolRenderers } from '../tools/useToolRenderers.js';
import { RenderGuard } from '../transcript/RenderGuard.js';

/** Lines of an old/new text shown before the rest is counted. */
const PREVIEW_LINES = 12;

export function PermissionBody({ tool, input, options }: { readonly tool: Tool; readonly input: unknown; readonly options: RenderOptions }): ReactNode {
  const renderers = useToolRenderers(tool);
  const fallback = <InputPreview tool={tool} input={input} options={options} />;
  if (!renderers?.renderPermissionRequest) return fallback;
  return <RenderGuard fallback={fallback}>{renderers.renderPermissionRequest(input, options)}</RenderGuard>;
}

function InputPreview({ tool, input, options }: { readonly tool: Tool; readonly input: unknown; readonly options: RenderOptions }): ReactNode {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const text = (key: string): string | undefined => (typeof record[key] === 'string' ? (record[key] as string) : undefined);

  const command = text('command');
  if (command !== undefined) {
    return (
      <Box flexDirection="column">
        <Text bold>{command}</Text>
        {text('description') ? <Text dimColor>{text('description')}</Text> : null}
      </Box>
    );
  }
  const filePath = text('file_path') ?? text('notebook_path');
  if (filePath !== undefined && (text('old_string') !== undefined || text('new_string') !== undefined)) {
    return (
      <Box flexDirection="column">
        <Text bold>{filePath}</Text>
        <ChangedLines text={text('old_string') ?? ''} sign="-" color={colors.diffRemoved} />
        <ChangedLines text={text('new_string') ?? ''} sign="+" color={colors.diffAdded} />
      </Box>
    );
  }
  if (filePath !== undefined && text('content') !== undefined) {
    return (
      <Box flexDirection="column">
        <Text bold>{filePath}</Text>
        <ChangedLines text={text('content') ?? ''} sign="+" color={colors.diffAdded} />
      </Box>
    );
  }
  const url = text('url');
  if (url !== undefined) {
    return (
      <Box flexDirection="column">
        <Text bold>{url}</Text>
        {text('prompt') ? <Text dimColor>{text('prompt')}</Text> : null}
      </Box>
    );
  }
  const plan = text('plan');
  if (plan !== undefined) return <Markdown text={plan} columns={options.columns} />;
  const summary = summarizeToolInput(input, options.columns * 2);
  return <Text bold>{summary === '' ? tool.name : `${tool.name}(${summary})`}</Text>;
}

function ChangedLines({ text, sign, color }: { readonly text: string; readonly sign: '+' | '-'; readonly color: string }): ReactNode {
  if (text === '') return null;
  const lines = text.replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, PREVIEW_LINES);
  return (
    <Box flexDirection="column">
      {shown.map((line, index) => (
        <Text key={index} color={color}>
          {sign} {line}
        </Text>
      ))}
      {lines.length > shown.length ? <Text dimColor>  … {lines.length - shown.length} more lines</Text> : null}
    </Box>
  );
}
