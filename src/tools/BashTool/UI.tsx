/**
 * How Bash calls look in the REPL: the command on the tool line, the last
 * lines of output while it runs, then the output (shortened unless verbose)
 * with the exit code. Presentation only.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import type { BashInput } from './BashTool.js';
import type { BashResult } from './bashResult.js';
import type { BashProgress } from './runForegroundCommand.js';
import { colors } from '../../ui/kit/theme.js';

const COLLAPSED_LINES = 6;

export function renderToolUseMessage(input: Partial<BashInput>, options: RenderOptions): ReactNode {
  const command = input.command ?? '';
  const shown = options.verbose ? command : firstLine(command, options.columns - 10);
  return (
    <Text>
      {shown}
      {input.run_in_background ? <Text dimColor> (background)</Text> : null}
    </Text>
  );
}

/**
 * The policy it ran under is named on the tool line (its first progress event already says so):
 * `sandboxed: read-only`, `sandboxed: claimed writes`, `sandboxed: session`, or `outside the sandbox`.
 */
export function renderToolUseTag(progress: readonly BashProgress[], output: BashResult | undefined): ReactNode {
  const policy = (output?.kind === 'foreground' ? output.sandboxPolicy : undefined) ?? [...progress].reverse().find((event) => event.sandboxPolicy)?.sandboxPolicy;
  if (policy === 'outside') return 'outside the sandbox';
  if (policy) return `sandboxed: ${policy}`;
  return output?.sandboxed || progress.some((event) => event.sandboxed) ? 'sandboxed' : null;
}

/** As Claude Code says it: the running command can be sent to the background (the REPL's Ctrl+B). */
export const BACKGROUND_HINT = 'ctrl+b to run in background';

export function renderToolUseProgressMessage(progress: readonly BashProgress[], _options: RenderOptions): ReactNode {
  const latest = progress.at(-1);
  if (!latest || latest.totalChars === 0) return <Text dimColor>Running… ({BACKGROUND_HINT})</Text>;
  return (
    <Box flexDirection="column">
      <Text dimColor>{latest.lastLines}</Text>
      <Text dimColor>
        {latest.totalLines} lines · {Math.round(latest.elapsedMs / 1000)}s · {BACKGROUND_HINT}
      </Text>
    </Box>
  );
}

export function renderToolResultMessage(output: BashResult, _input: BashInput, options: RenderOptions): ReactNode {
  if (output.kind === 'background') {
    return <Text dimColor>{output.movedByUser ? `Moved to the background as ${output.taskId}` : `Running in background as ${output.taskId}`} · /tasks to see it</Text>;
  }
  const lines = output.output.replace(/\n+$/, '').split('\n');
  const visible = options.verbose ? lines : lines.slice(0, COLLAPSED_LINES);
  const hidden = lines.length - visible.length;
  const failed = output.timedOut || output.exitCode !== 0;
  return (
    <Box flexDirection="column">
      {output.output.trim() === '' ? <Text dimColor>(no output)</Text> : <Text>{visible.join('\n')}</Text>}
      {hidden > 0 ? <Text dimColor>… +{hidden} lines (ctrl+o to expand)</Text> : null}
      {output.notes.map((note) => (
        <Text key={note} color={colors.warning}>
          {note}
        </Text>
      ))}
      {failed ? (
        <Text color={colors.error}>{output.timedOut ? `Timed out after ${output.timeoutMs} ms` : `Exit code ${output.exitCode ?? output.signal}`}</Text>
      ) : null}
    </Box>
  );
}

export function renderToolUseRejectedMessage(input: BashInput, _reason: string, _options: RenderOptions): ReactNode {
  return <Text dimColor>Did not run: {firstLine(input.command, 80)}</Text>;
}

export function renderToolUseErrorMessage(error: string, options: RenderOptions): ReactNode {
  const lines = error.split('\n');
  return <Text color={colors.error}>{options.verbose ? error : lines.slice(0, COLLAPSED_LINES).join('\n')}</Text>;
}

function firstLine(text: string, maxChars: number): string {
  const [line = ''] = text.split('\n');
  const cut = line.length > maxChars ? `${line.slice(0, Math.max(1, maxChars - 1))}…` : line;
  return text.includes('\n') ? `${cut} …` : cut;
}
