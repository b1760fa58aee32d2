/**
 * Ctrl+O: everything said so far, in full — every tool's whole output, the
 * model's thinking, long results that the transcript shortened — in a
 * window the user scrolls, as Claude Code's transcript view does. It takes
 * the place of the live area, the input box and the status line until Esc.
 *
 * The transcript is drawn once, to lines (renderToString), when the view
 * opens: scrolling then only slices an array, and the window is always
 * shorter than the terminal. It is drawn from the conversation's messages,
 * so it holds everything, also what the screen has long released.
 */
import { Box, renderToString, Text, useInput } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import type { Tools } from '../../contract/tool.js';
import type { ConversationMessage } from '../../types/messages.js';
import { replayItems } from '../repl/replayItems.js';
import type { ChildWork } from '../repl/finishedSegments.js';
import { colors } from '../kit/theme.js';
import { TranscriptItemView } from './TranscriptItemView.js';

export type TranscriptViewProps = {
  readonly messages: readonly ConversationMessage[];
  readonly tools: Tools;
  readonly columns: number;
  readonly rows: number;
  readonly onClose: () => void;
  /** What a finished subagent call did (its output and the child's conversation), by tool_use id: drawn in full. */
  readonly childWork?: (toolUseId: string) => ChildWork | undefined;
};

/** The header and footer lines, and one spare row so the frame never fills the terminal. */
const CHROME_ROWS = 3;

export function TranscriptView({ messages, tools, columns, rows, onClose, childWork }: TranscriptViewProps): ReactNode {
  const [lines, setLines] = useState<readonly string[] | undefined>(undefined);
  // Drawn outside React's render (renderToString runs a render of its own), once per width.
  useEffect(() => {
    const timer = setTimeout(() => setLines(transcriptLines(messages, tools, columns, childWork)));
    return () => clearTimeout(timer);
  }, [messages, tools, columns, childWork]);
  const height = Math.max(3, rows - CHROME_ROWS);
  const total = lines?.length ?? 0;
  const lastTop = Math.max(0, total - height);
  // Opens at the end: the newest output is what the user came for.
  const [top, setTop] = useState<number | undefined>(undefined);
  const shownTop = Math.min(top ?? lastTop, lastTop);
  const scrollTo = (next: number): void => setTop(Math.max(0, Math.min(lastTop, next)));

  useInput((input, key) => {
    if (key.escape || input === 'q' || (key.ctrl && (input === 'o' || input === 'c'))) return onClose();
    if (key.upArrow || input === 'k') return scrollTo(shownTop - 1);
    if (key.downArrow || input === 'j') return scrollTo(shownTop + 1);
    if (key.pageUp || input === 'b' || (key.ctrl && input === 'b')) return scrollTo(shownTop - height);
    if (key.pageDown || input === ' ' || (key.ctrl && input === 'f')) return scrollTo(shownTop + height);
    if (key.home || input === 'g') return scrollTo(0);
    if (key.end || input === 'G') return scrollTo(lastTop);
  });

  const shown = (lines ?? []).slice(shownTop, shownTop + height);
  const last = Math.min(total, shownTop + height);
  return (
    <Box flexDirection="column">
      <Text color={colors.accent} wrap="truncate-end">
        Transcript · ↑/↓ scroll · PgUp/PgDn page · g/G start/end · esc to close
      </Text>
      <Box flexDirection="column" height={height} overflowY="hidden">
        <Text wrap="truncate-end">{shown.join('\n')}</Text>
      </Box>
      <Text dimColor wrap="truncate-end">
        {lines === undefined ? 'Drawing the transcript…' : total === 0 ? 'Nothing in the transcript yet.' : `lines ${shownTop + 1}–${last} of ${total}`}
      </Text>
    </Box>
  );
}

/**
 * The whole conversation drawn as it is on screen, but in full (verbose), as lines of `columns` width.
 * A subagent's call the REPL still knows about shows the child's own steps (its tool calls and results).
 */
export function transcriptLines(messages: readonly ConversationMessage[], tools: Tools, columns: number, childWork?: (toolUseId: string) => ChildWork | undefined): string[] {
  const items = replayItems(messages, { whole: true }).map((item, index) => {
    const work = item.kind === 'tool_call' && item.status === 'success' ? childWork?.(item.toolUseId) : undefined;
    return { ...item, id: `transcript-${index}`, ...(work ? { data: work.data, progress: work.progress } : {}) };
  });
  if (items.length === 0) return [];
  const drawn = renderToString(
    <Box flexDirection="column">
      {items.map((item) => (
        <TranscriptItemView key={item.id} item={item} tools={tools} verbose columns={columns} />
      ))}
    </Box>,
    { columns },
  );
  return drawn.split('\n');
}
