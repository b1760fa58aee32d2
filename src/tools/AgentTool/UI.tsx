/**
 * How Agent calls look in the REPL: the task's description on the tool
 * line; while the child works, what it is doing now and what it has done
 * so far; then a one-line summary (the answer itself in verbose mode).
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { describeAgentWork, mainArgument, type AgentProgress } from '../../agents/agentProgress.js';
import type { RenderOptions } from '../../ui/toolRenderers.js';
import type { AgentInput, AgentOutput } from './AgentTool.js';

export function renderToolUseMessage(input: Partial<AgentInput>, _options: RenderOptions): ReactNode {
  return (
    <Text>
      {input.description ?? ''}
      {input.run_in_background ? <Text dimColor> (background)</Text> : null}
    </Text>
  );
}

export function renderToolUseProgressMessage(progress: readonly AgentProgress[], options: RenderOptions): ReactNode {
  const latest = progress.at(-1)?.status;
  if (!latest) return <Text dimColor>Starting…</Text>;
  const current = latest.currentTool;
  const argument = current?.argument ? `(${current.argument.slice(0, Math.max(10, options.columns - current.name.length - 12))})` : '';
  return (
    <Box flexDirection="column">
      {options.verbose ? childTranscript(progress, options) : null}
      <Text dimColor>{current ? `${current.name}${argument}` : 'Thinking…'}</Text>
      <Text dimColor>{describeAgentWork(latest)}</Text>
    </Box>
  );
}

/** Verbose (Ctrl+O): the child's recent messages — what it said and which tools it called. */
function childTranscript(progress: readonly AgentProgress[], options: RenderOptions): ReactNode {
  const lines: string[] = [];
  for (const entry of progress) {
    const message = entry.message;
    if (message?.type !== 'assistant') continue;
    for (const block of message.content) {
      if (block.type === 'text' && block.text.trim()) lines.push(block.text.trim().split('\n')[0]!.slice(0, options.columns - 8));
      if (block.type === 'tool_use') lines.push(`● ${block.name}(${mainArgument(block.input)})`);
    }
  }
  if (lines.length === 0) return null;
  return <Text>{lines.slice(-CHILD_TRANSCRIPT_LINES).join('\n')}</Text>;
}

const CHILD_TRANSCRIPT_LINES = 12;

export function renderToolResultMessage(output: AgentOutput, _input: AgentInput, options: RenderOptions): ReactNode {
  if (output.kind === 'background') return <Text dimColor>Running in background as {output.taskId}</Text>;
  const summary = `Done (${describeAgentWork({ toolUses: output.toolUses, tokens: output.tokens, elapsedMs: output.durationMs })})`;
  return (
    <Box flexDirection="column">
      <Text dimColor>{summary}</Text>
      {options.verbose && output.text ? <Text>{output.text}</Text> : null}
    </Box>
  );
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color="red">{error}</Text>;
}
