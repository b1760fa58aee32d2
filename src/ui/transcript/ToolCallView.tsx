/**
 * One tool call on screen, in every state:
 *
 *   ● Bash(npm test)             the use line, from the (possibly partial) input
 *     ⎿  3 passed                the body: progress, result, rejection or error
 *
 * The bullet and the ⎿ frame are ours; what goes inside comes from the
 * tool's own render functions (UI.tsx), or the generic rendering when it
 * has none.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Tool } from '../../contract/tool.js';
import type { ToolCallStatus } from '../../services/tools/toolExecution.js';
import type { ToolPhase } from '../repl/transcriptTypes.js';
import { colors, glyphs } from '../kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { previewResultText, summarizeToolInput } from '../tools/genericToolRendering.js';
import type { AnyToolRenderers } from '../tools/toolRendererCache.js';
import { useToolRenderers } from '../tools/useToolRenderers.js';
import { Gutter } from '../kit/Gutter.js';
import { RenderGuard } from './RenderGuard.js';
import { isHookBlockMessage } from '../../hooks/toolHooks.js';

export type ToolCallViewProps = {
  readonly tool: Tool | undefined;
  readonly toolName: string;
  readonly input: unknown;
  readonly phase: ToolPhase;
  readonly status?: ToolCallStatus;
  readonly data?: unknown;
  readonly resultText?: string;
  readonly progress?: readonly unknown[];
  readonly options: RenderOptions;
  /** The blinking state of the bullet while the call runs (driven by the spinner clock). */
  readonly bulletVisible?: boolean;
  /** Drawn from a resumed conversation: there is no `data`, only the text the model got. */
  readonly replayed?: boolean;
};

export function ToolCallView(props: ToolCallViewProps): ReactNode {
  const renderers = useToolRenderers(props.tool);
  const fallback = <ToolCallLayout {...props} renderers={undefined} />;
  return (
    <RenderGuard fallback={fallback}>
      <ToolCallLayout {...props} renderers={renderers} />
    </RenderGuard>
  );
}

function ToolCallLayout(props: ToolCallViewProps & { readonly renderers: AnyToolRenderers | undefined }): ReactNode {
  const { renderers, options } = props;
  const name = displayName(props.tool, props.toolName, props.input);
  const args = useLine(renderers, props.input, options, name.length);
  const tag = renderers?.renderToolUseTag?.(props.progress ?? [], props.phase === 'done' ? props.data : undefined);
  const body = toolBody(props, renderers);
  return (
    <Box flexDirection="column">
      <Gutter prefix={props.bulletVisible === false ? '  ' : `${glyphs.bullet} `} color={bulletColor(props.phase, props.status)}>
        <Box flexDirection="row" flexWrap="wrap">
          <Text bold>{name}</Text>
          {isEmpty(args) ? null : typeof args === 'string' || typeof args === 'number' ? (
            <Text>({args})</Text>
          ) : (
            <>
              <Text>(</Text>
              {args}
              <Text>)</Text>
            </>
          )}
          {isEmpty(tag) ? null : <Text dimColor> {tag}</Text>}
        </Box>
      </Gutter>
      {body === null || body === undefined || body === '' ? null : (
        <Gutter prefix={`  ${glyphs.resultIndent}  `} dimColor>
          {typeof body === 'string' ? <Text>{body}</Text> : body}
        </Gutter>
      )}
    </Box>
  );
}

function displayName(tool: Tool | undefined, toolName: string, input: unknown): string {
  if (!tool) return toolName;
  try {
    return tool.userFacingName(isRecord(input) ? input : undefined) || tool.name;
  } catch {
    return tool.name;
  }
}

function useLine(renderers: AnyToolRenderers | undefined, input: unknown, options: RenderOptions, nameLength: number): ReactNode {
  const partial = isRecord(input) ? input : {};
  if (renderers) return renderers.renderToolUseMessage(partial, options);
  return summarizeToolInput(input, options.columns - nameLength - 6);
}

function toolBody(props: ToolCallViewProps, renderers: AnyToolRenderers | undefined): ReactNode {
  const { options } = props;
  switch (props.phase) {
    case 'streaming_input':
    case 'queued':
      return null;
    case 'running': {
      const progress = props.progress ?? [];
      if (progress.length > 0 && renderers?.renderToolUseProgressMessage) return renderers.renderToolUseProgressMessage(progress, options);
      return <Text dimColor>Running{glyphs.ellipsis}</Text>;
    }
    case 'done':
      return finishedBody(props, renderers);
  }
}

function finishedBody(props: ToolCallViewProps, renderers: AnyToolRenderers | undefined): ReactNode {
  const { options } = props;
  const text = props.resultText ?? '';
  switch (props.status) {
    case 'success':
      if (renderers?.renderToolResultMessage && props.data !== undefined) {
        return renderers.renderToolResultMessage(props.data, props.input, options, props.progress ?? []);
      }
      // A resumed file change: its summary line, and the change drawn from its input, as the dialog drew it.
      if (props.replayed && props.tool?.previewChange && renderers?.renderPermissionRequest) {
        return (
          <Box flexDirection="column">
            <Text>{firstLines(text, 1).replace(/\n…$/, '')}</Text>
            {renderers.renderPermissionRequest(props.input, options)}
          </Box>
        );
      }
      return <ResultTextPreview text={text} options={options} />;
    case 'denied':
    case 'rejected':
      // A hook's refusal reads as the hook's own words, not as a permission rule's.
      if (isHookBlockMessage(text)) return <Text color={colors.warning}>{firstLines(text, options.verbose ? 20 : 2)}</Text>;
      if (renderers?.renderToolUseRejectedMessage) return renderers.renderToolUseRejectedMessage(props.input, userFacingRejection(text), options);
      return <Text color={colors.warning}>{props.status === 'denied' ? 'Not allowed' : 'Rejected'}: {firstLines(text, options.verbose ? 20 : 2)}</Text>;
    case 'cancelled':
    case 'interrupted':
      return <Text color={colors.warning}>{props.status === 'interrupted' ? 'Interrupted' : 'Cancelled'}: {firstLines(text, 2)}</Text>;
    case 'error':
    default:
      if (renderers?.renderToolUseErrorMessage) return renderers.renderToolUseErrorMessage(text, options);
      return <Text color={colors.error}>{firstLines(text, options.verbose ? 40 : 4)}</Text>;
  }
}

function ResultTextPreview({ text, options }: { readonly text: string; readonly options: RenderOptions }): ReactNode {
  if (text.trim() === '') return <Text dimColor>(no output)</Text>;
  const preview = previewResultText(text, options);
  return (
    <Box flexDirection="column">
      <Text>{preview.lines.join('\n')}</Text>
      {preview.hiddenLines > 0 ? <Text dimColor>… +{preview.hiddenLines} lines (ctrl+o to expand)</Text> : null}
    </Box>
  );
}

/**
 * The user's refusal as the user should read it. The tool_result says it to the model ("The user
 * rejected this Write call; it did not run. Stop and wait…"); the user needs only their own words back.
 */
function userFacingRejection(text: string): string {
  if (!/^The user rejected this /.test(text)) return text;
  const said = /The user said: ([\s\S]*)$/.exec(text)?.[1]?.trim();
  return said ? `You said: ${said}` : '';
}

function firstLines(text: string, count: number): string {
  const lines = text.trim().split('\n');
  return lines.length > count ? `${lines.slice(0, count).join('\n')}\n…` : lines.join('\n');
}

function bulletColor(phase: ToolPhase, status: ToolCallStatus | undefined): string | undefined {
  if (phase !== 'done') return colors.muted;
  switch (status) {
    case 'success':
      return colors.success;
    case 'error':
      return colors.error;
    default:
      return colors.warning;
  }
}

function isEmpty(node: ReactNode): boolean {
  return node === null || node === undefined || node === '' || node === false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
