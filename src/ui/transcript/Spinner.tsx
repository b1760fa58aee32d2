/**
 * The line under the live output while a turn runs:
 *   ✻ Writing… (12s · ↓ 340 tokens · esc to interrupt)
 * Its clock runs only while it is mounted, i.e. only while a turn is in
 * flight: an idle REPL does no rendering work at all.
 */
import { Text } from 'ink';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TurnActivity, TurnStatus } from '../repl/transcriptTypes.js';
import { retryLine } from '../repl/retryStatus.js';
import { colors, glyphs } from '../kit/theme.js';

// Each tick rewrites the spinner line (~110 bytes with its colours), so the glyph turns at a calm 4
// frames per second — and once a second while text streams: the text is then what moves, and the
// line's clock and token count still change each second.
const FRAME_MS = 250;
const WRITING_FRAME_MS = 1_000;

export function Spinner({ turn, now = Date.now }: { readonly turn: TurnStatus; readonly now?: () => number }): ReactNode {
  // The clock and the token count change only when the glyph turns: a frame drawn because text
  // streamed in then leaves the spinner line alone, and the terminal gets only the changed text line.
  const latest = useRef(turn);
  latest.current = turn;
  const [sample, setSample] = useState(() => ({ tick: 0, at: now(), startedAt: turn.startedAt, outputTokens: turn.outputTokens }));
  const frameMs = turn.activity === 'writing' && !turn.retry ? WRITING_FRAME_MS : FRAME_MS;
  useEffect(() => {
    const timer = setInterval(
      () => setSample((previous) => ({ tick: previous.tick + 1, at: now(), startedAt: latest.current.startedAt, outputTokens: latest.current.outputTokens })),
      frameMs,
    );
    return () => clearInterval(timer);
  }, [now, frameMs]);
  const frames = glyphs.spinnerFrames;
  const frame = frames[sample.tick % frames.length];
  // A sample from an earlier turn (the spinner stays mounted between turns) says nothing about this one.
  const current = sample.startedAt === turn.startedAt;
  const seconds = current ? Math.max(0, Math.floor((sample.at - turn.startedAt) / 1000)) : 0;
  const outputTokens = current ? sample.outputTokens : 0;
  const details = [formatElapsed(seconds), outputTokens > 0 ? `↓ ${formatTokens(outputTokens)} tokens` : undefined, 'esc to interrupt']
    .filter(Boolean)
    .join(' · ');
  if (turn.retry) {
    return (
      <Text>
        <Text color={colors.warning}>{frame} </Text>
        <Text color={colors.warning}>{retryLine(turn.retry, sample.at)}</Text>
        <Text dimColor> (esc to interrupt)</Text>
      </Text>
    );
  }
  return (
    <Text>
      <Text color={colors.accent}>{frame} </Text>
      <Text color={colors.accent}>
        {turn.hooks ?? activityLabel(turn.activity)}
        {glyphs.ellipsis}
      </Text>
      <Text dimColor> ({details})</Text>
    </Text>
  );
}

export function activityLabel(activity: TurnActivity): string {
  switch (activity) {
    case 'requesting':
      return 'Waiting for the model';
    case 'thinking':
      return 'Thinking';
    case 'writing':
      return 'Writing';
    case 'tool_input':
      return 'Preparing a tool call';
    case 'running_tools':
      return 'Running tools';
  }
}

export function formatElapsed(seconds: number): string {
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

export function formatTokens(tokens: number): string {
  return tokens >= 1000 ? `${(tokens / 1000).toFixed(1)}k` : String(tokens);
}
