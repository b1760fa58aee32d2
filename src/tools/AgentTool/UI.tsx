/**
 * How Agent calls look in the REPL: the task's description on the tool
 * line; while the child works, what it is doing now (and what the agents it
 * started are doing) and what it has done so far; then a one-line summary.
 * Several Agent calls of one message are one group (src/ui/kit/agents/AgentWork.tsx).
 * Verbose (Ctrl+O) adds the child's whole conversation, and its answer.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { describeAgentWork, type AgentProgress } from '../../contract/agentProgress.js';
import { AgentGroupView, AgentStatusView } from '../../ui/kit/agents/AgentWork.js';
import { ChildTranscript } from '../../ui/kit/agents/ChildTranscript.js';
import type { GroupedToolCall, RenderOptions } from '../../contract/toolRenderers.js';
import type { AgentInput, AgentOutput } from './AgentTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<AgentInput>, _options: RenderOptions): ReactNode {
  return (
    <Text>
      {input.description ?? ''}
      {input.run_in_background ? <Text dimColor> (background)</Text> : null}
    </Text>
  );
}

export function renderToolUseProgressMessage(progress: readonly AgentProgress[], options: RenderOptions): ReactNode {
  return <AgentStatusView progress={progress} prompt={undefined} options={options} />;
}

export function renderToolResultMessage(output: AgentOutput, input: AgentInput, options: RenderOptions, progress: readonly AgentProgress[] = []): ReactNode {
  if (output.kind === 'background') return <Text dimColor>Running in background as {output.taskId}</Text>;
  const summary = `Done (${describeAgentWork({ toolUses: output.toolUses, tokens: output.tokens, elapsedMs: output.durationMs })})`;
  const transcript = progress.at(-1)?.transcript;
  return (
    <Box flexDirection="column">
      <Text dimColor>{summary}</Text>
      {options.verbose && transcript ? <ChildTranscript prompt={input.prompt} transcript={transcript} /> : null}
      {options.verbose && output.text && !transcript ? <Text>{output.text}</Text> : null}
    </Box>
  );
}

export function renderToolGroup(calls: readonly GroupedToolCall<AgentInput, AgentOutput, AgentProgress>[], options: RenderOptions): ReactNode {
  return <AgentGroupView calls={calls} options={options} />;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
