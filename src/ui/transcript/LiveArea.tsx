/**
 * The repainted part of the screen, between the printed transcript and the
 * input box: the reply still streaming, tools still running, the spinner.
 * Everything here is bounded to fit the terminal (see liveTail.ts).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Tools } from '../../contract/tool.js';
import { findToolByName } from '../../contract/tool.js';
import { ClippedBox } from '../layout/ClippedBox.js';
import { Gutter } from '../kit/Gutter.js';
import { Markdown } from '../markdown/Markdown.js';
import type { LiveSegment, TurnStatus } from '../repl/transcriptTypes.js';
import { glyphs } from '../kit/theme.js';
import { groupParallelTools } from './liveGroups.js';
import { tailThatFits } from './liveTail.js';
import { Spinner } from './Spinner.js';
import { ToolCallView } from './ToolCallView.js';
import { MessageGroupView } from './MessageGroupView.js';
import { ToolGroupView } from './ToolGroupView.js';
import { loadedToolRenderers } from '../tools/toolRendererCache.js';
import { useToolRenderersSettled } from '../tools/useToolRenderers.js';

export type LiveAreaProps = {
  readonly segments: readonly LiveSegment[];
  readonly turn: TurnStatus | undefined;
  readonly tools: Tools;
  readonly verbose: boolean;
  readonly columns: number;
  /** Rows the live area may use; the input box and status line need the rest. */
  readonly maxRows: number;
  /** Hidden while a dialog asks something: the dialog says what is waiting. */
  readonly showSpinner: boolean;
};

/** Running tools (or groups of them) shown in full; more are counted on one line. */
const MAX_VISIBLE_TOOLS = 6;

export function LiveArea({ segments, turn, tools, verbose, columns, maxRows, showSpinner }: LiveAreaProps): ReactNode {
  // Grouping depends on the renderers loaded: draw again when a running tool's UI arrives.
  useToolRenderersSettled(segments.map((segment) => (segment.kind === 'tool' ? findToolByName(tools, segment.toolName) : undefined)));
  const entries = groupParallelTools(segments, {
    drawsMessageGroups: (toolName) => loadedToolRenderers(findToolByName(tools, toolName))?.renderToolGroup !== undefined,
    drawsRunningGroups: (toolName) => loadedToolRenderers(findToolByName(tools, toolName))?.renderGroupedToolUse !== undefined,
  });
  // A group is one block on screen: it is shown whole or counted whole.
  const toolEntries = entries.filter((entry) => entry.kind !== 'segment' || entry.segment.kind === 'tool');
  const hiddenEntries = new Set(toolEntries.slice(MAX_VISIBLE_TOOLS));
  const hiddenTools = [...hiddenEntries].reduce((count, entry) => count + (entry.kind === 'segment' ? 1 : entry.tools.length), 0);
  const visible = hiddenEntries.size > 0 ? entries.filter((entry) => !hiddenEntries.has(entry)) : entries;
  const shownTools = Math.min(toolEntries.length, MAX_VISIBLE_TOOLS);
  const textRows = Math.max(3, maxRows - 3 * shownTools);
  // Each live tool or group (its progress, or a result waiting for an earlier call) gets a share of the rows.
  const toolRows = Math.max(3, Math.floor((maxRows - 2) / Math.max(1, shownTools)));
  if (visible.length === 0 && !(turn && showSpinner)) return null;
  return (
    <Box flexDirection="column">
      {visible.map((entry) => {
        if (entry.kind === 'message_group') {
          return (
            <Box key={entry.tools[0]!.id} marginTop={1} flexDirection="column">
              <ClippedBox maxRows={toolRows}>
                <MessageGroupView
                  tool={findToolByName(tools, entry.toolName)}
                  toolName={entry.toolName}
                  calls={entry.tools.map((segment) => ({
                    id: segment.id,
                    input: typeof segment.input === 'object' && segment.input !== null ? segment.input : {},
                    phase: segment.phase,
                    progress: segment.progress,
                    ...(segment.status ? { status: segment.status } : {}),
                    ...(segment.status === 'success' ? { output: segment.data } : {}),
                    ...(segment.resultText !== undefined ? { resultText: segment.resultText } : {}),
                  }))}
                  options={{ verbose, columns }}
                />
              </ClippedBox>
            </Box>
          );
        }
        if (entry.kind === 'group') {
          return (
            <Box key={entry.tools[0]!.id} marginTop={1} flexDirection="column">
              <ClippedBox maxRows={toolRows}>
                <ToolGroupView tool={findToolByName(tools, entry.toolName)} tools={entry.tools} options={{ verbose, columns }} />
              </ClippedBox>
            </Box>
          );
        }
        const segment = entry.segment;
        switch (segment.kind) {
          case 'text':
            return <LiveText key={segment.id} text={segment.text} printed={segment.printed} continuation={segment.continuation} columns={columns} maxRows={textRows} />;
          case 'thinking':
            return verbose ? (
              <Box key={segment.id} marginTop={1} flexDirection="column">
                <Text dimColor italic>
                  {tailThatFits(segment.text, columns, Math.min(6, textRows)).text}
                </Text>
              </Box>
            ) : null;
          case 'tool':
            return (
              <Box key={segment.id} marginTop={1} flexDirection="column">
                <ClippedBox maxRows={toolRows}>
                  <ToolCallView
                    tool={findToolByName(tools, segment.toolName)}
                    toolName={segment.toolName}
                    input={segment.input}
                    phase={segment.phase}
                    status={segment.status}
                    data={segment.data}
                    resultText={segment.resultText}
                    progress={segment.progress}
                    options={{ verbose, columns }}
                  />
                </ClippedBox>
              </Box>
            );
        }
      })}
      {hiddenTools > 0 ? <Text dimColor>+{hiddenTools} more tool calls running</Text> : null}
      {turn && showSpinner ? (
        <Box marginTop={1} flexDirection="column">
          <Spinner turn={turn} />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * Rows the streaming text's box grows by at a time. Every row the live area grows moves the spinner,
 * the input box and the status line down, and the terminal gets all of them again (~1 KB); grown in
 * steps, the text fills blank rows that are already there and only its changed line is written.
 */
const LIVE_TEXT_ROW_STEP = 8;

type LiveTextProps = {
  readonly text: string;
  readonly printed: readonly string[] | undefined;
  readonly continuation: boolean;
  readonly columns: number;
  readonly maxRows: number;
};

function LiveText({ text, printed = [], continuation, columns, maxRows }: LiveTextProps): ReactNode {
  if (text.trim() === '') return null;
  const width = Math.max(10, columns - 2);
  const tail = tailThatFits(text.trimEnd(), width, maxRows);
  // The steps count from the reply's first row, printed paragraphs included: a paragraph that moves to
  // the scroll-back takes the rows it had here (each with the blank row after it), so the box shrinks
  // by as much and the spinner, input box and status line stay on their rows.
  const printedRows = printed.reduce((rows, paragraph) => rows + wrappedRows(paragraph, width) + 1, 0);
  const steppedRows = Math.ceil((printedRows + wrappedRows(tail.text, width)) / LIVE_TEXT_ROW_STEP) * LIVE_TEXT_ROW_STEP - printedRows;
  const reservedRows = Math.min(maxRows, steppedRows);
  return (
    <Box marginTop={1} flexDirection="column" minHeight={reservedRows}>
      <Gutter prefix={continuation || tail.truncated ? '  ' : `${glyphs.bullet} `}>
        {tail.truncated ? <Text>{tail.text}</Text> : <Markdown text={tail.text} columns={width} />}
      </Gutter>
    </Box>
  );
}

/**
 * Rows `text` takes word-wrapped at `width`, counted high rather than low: a reserved box at least as
 * tall as its text never grows a row at a time. Markdown takes its markup out (shorter), and may add
 * margins between blocks (those move the rows below once, no more).
 */
export function wrappedRows(text: string, width: number): number {
  return text.split('\n').reduce((rows, line) => rows + wrappedLineRows(line, width), 0);
}

function wrappedLineRows(line: string, width: number): number {
  let rows = 1;
  let column = 0;
  for (const word of line.split(' ')) {
    if (column === 0) column = word.length;
    else if (column + 1 + word.length <= width) column += 1 + word.length;
    else {
      // The next row may start with the space it broke at (Ink wraps without trimming).
      rows++;
      column = 1 + word.length;
    }
    while (column > width) {
      rows++;
      column -= width;
    }
  }
  return rows;
}
