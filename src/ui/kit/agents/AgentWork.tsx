/**
 * What subagents are doing, drawn for the Agent tool's renderers: one
 * agent's live status (its current action, the agents it started in turn,
 * its counts), and several agents started by one message as one group —
 *
 *   Running 3 agents…
 *   ├─ Explore(find config) · 3 tool uses · 12.4k tokens
 *   │  ⎿  Grep(loadConfig)
 *   └─ Plan(plan the fix)
 *      ⎿  Done (5 tool uses · 2.1k tokens · 3.0s)
 *
 * With Ctrl+O (verbose) each agent's whole conversation follows its lines.
 */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { describeAgentWork, type AgentProgress, type AgentStatus } from '../../../contract/agentProgress.js';
import { DEFAULT_AGENT_TYPE } from '../../../contract/agentDefinition.js';
import type { SubagentResult } from '../../../contract/subagentLauncher.js';
import { Gutter } from '../Gutter.js';
import { colors, glyphs } from '../theme.js';
import type { GroupedToolCall, RenderOptions } from '../../../contract/toolRenderers.js';
import { ChildTranscript } from './ChildTranscript.js';

/** "Grep(loadConfig)" while a tool runs, "Thinking…" between tools. */
export function currentActivity(status: AgentStatus, maxChars: number): string {
  const current = status.currentTool;
  if (!current) return `Thinking${glyphs.ellipsis}`;
  const room = Math.max(10, maxChars - current.name.length - 2);
  const argument = current.argument.length > room ? `${current.argument.slice(0, room - 1)}${glyphs.ellipsis}` : current.argument;
  return argument ? `${current.name}(${argument})` : current.name;
}

/** "3 tool uses · 12.4k tokens" (no time: the group's lines change less often without it). */
function counts(status: Pick<AgentStatus, 'toolUses' | 'tokens'>): string {
  return describeAgentWork({ ...status, elapsedMs: 0 }).split(' · ').slice(0, 2).join(' · ');
}

/** The agents a running agent started, each with what it is doing, nested as deep as they go. */
export function NestedAgents({ nested, columns }: { readonly nested: readonly AgentStatus[] | undefined; readonly columns: number }): ReactNode {
  if (!nested || nested.length === 0) return null;
  return (
    <Box flexDirection="column">
      {nested.map((status) => (
        <Gutter key={status.agentId} prefix={`${glyphs.resultIndent}  `} dimColor>
          <Text dimColor>
            {status.agentType}({status.description}) · {currentActivity(status, columns - 20)} · {counts(status)}
          </Text>
          <NestedAgents nested={status.nested} columns={columns - 3} />
        </Gutter>
      ))}
    </Box>
  );
}

/** One running agent, under its Agent line: what it does now, the agents it started, its counts. */
export function AgentStatusView({ progress, prompt, options }: { readonly progress: readonly AgentProgress[]; readonly prompt: string | undefined; readonly options: RenderOptions }): ReactNode {
  const latest = progress.at(-1);
  if (!latest) return <Text dimColor>Starting{glyphs.ellipsis}</Text>;
  return (
    <Box flexDirection="column">
      <Text dimColor>{currentActivity(latest.status, options.columns - 12)}</Text>
      <NestedAgents nested={latest.status.nested} columns={options.columns - 6} />
      <Text dimColor>{describeAgentWork(latest.status)}</Text>
      {options.verbose ? <ChildTranscript prompt={prompt} transcript={latest.transcript} /> : null}
    </Box>
  );
}

/** The parts of an Agent call these views read (the Agent tool's input and output have them). */
type AgentCallInput = { readonly description: string; readonly prompt: string; readonly subagent_type?: string };
type AgentCallOutput = ({ readonly kind: 'completed' } & SubagentResult) | { readonly kind: 'background'; readonly taskId: string };
type AgentCall = GroupedToolCall<AgentCallInput, AgentCallOutput, AgentProgress>;

/** Several Agent calls of one message: a header, then two lines per agent (who and how much; what now, or how it ended). */
export function AgentGroupView({ calls, options }: { readonly calls: readonly AgentCall[]; readonly options: RenderOptions }): ReactNode {
  const header = groupHeader(calls);
  return (
    <Box flexDirection="column">
      <Text bold>{header}</Text>
      {calls.map((call, index) => {
        const last = index === calls.length - 1;
        return (
          <Box key={call.id} flexDirection="column">
            <Gutter prefix={last ? '└─ ' : '├─ '} dimColor>
              <AgentLine call={call} />
            </Gutter>
            <Gutter prefix={last ? '   ' : '│  '} dimColor>
              <Gutter prefix={`${glyphs.resultIndent}  `} dimColor>
                <AgentState call={call} columns={options.columns - 8} />
                {options.verbose ? <ChildTranscript prompt={call.input.prompt} transcript={call.progress.at(-1)?.transcript ?? []} /> : null}
              </Gutter>
            </Gutter>
          </Box>
        );
      })}
    </Box>
  );
}

/** "Running 3 agents…", then "3 agents finished", or "3 agents: 2 finished, 1 did not" when one failed or was stopped. */
function groupHeader(calls: readonly AgentCall[]): string {
  if (calls.some((call) => call.phase !== 'done')) return `Running ${calls.length} agents${glyphs.ellipsis}`;
  const succeeded = calls.filter((call) => call.status === 'success').length;
  if (succeeded === calls.length) return `${calls.length} agents finished`;
  return `${calls.length} agents: ${succeeded} finished, ${calls.length - succeeded} did not`;
}

/** Who the agent is, and while it runs how much it has done (once done, its state line says it all). */
function AgentLine({ call }: { readonly call: AgentCall }): ReactNode {
  const status = call.progress.at(-1)?.status;
  const output = call.output?.kind === 'completed' ? call.output : undefined;
  const type = output?.agentType ?? status?.agentType ?? call.input.subagent_type ?? DEFAULT_AGENT_TYPE;
  const work = call.phase !== 'done' && status ? counts(status) : undefined;
  return (
    <Text>
      <Text bold>{type}</Text>
      {call.input.description ? `(${call.input.description})` : ''}
      {work ? <Text dimColor> · {work}</Text> : null}
    </Text>
  );
}

function AgentState({ call, columns }: { readonly call: AgentCall; readonly columns: number }): ReactNode {
  if (call.phase !== 'done') {
    const latest = call.progress.at(-1);
    if (!latest) return <Text dimColor>{call.phase === 'running' ? `Starting${glyphs.ellipsis}` : `Waiting${glyphs.ellipsis}`}</Text>;
    return (
      <Box flexDirection="column">
        <Text dimColor>{currentActivity(latest.status, columns)}</Text>
        <NestedAgents nested={latest.status.nested} columns={columns - 3} />
      </Box>
    );
  }
  const output = call.output;
  if (call.status === 'success' && output) {
    if (output.kind === 'background') return <Text dimColor>Running in background as {output.taskId}</Text>;
    return <Text dimColor>Done ({describeAgentWork({ toolUses: output.toolUses, tokens: output.tokens, elapsedMs: output.durationMs })})</Text>;
  }
  const reason = (call.resultText ?? '').trim().split('\n')[0] ?? '';
  const color = call.status === 'error' ? colors.error : colors.warning;
  const label = call.status === 'error' ? 'Error' : call.status === 'interrupted' ? 'Interrupted' : call.status === 'cancelled' ? 'Cancelled' : 'Not run';
  return (
    <Text color={color}>
      {label}
      {reason ? `: ${reason}` : ''}
    </Text>
  );
}
