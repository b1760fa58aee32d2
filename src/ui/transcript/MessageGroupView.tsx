/**
 * Calls of one tool from one assistant message as one block, drawn by the
 * tool's renderToolGroup — live while any runs, and printed the same way
 * once all have finished:
 *
 *   ● Running 3 agents…
 *     ├─ Explore(find config) · 3 tool uses · 12.4k tokens
 *     │  ⎿  Grep(loadConfig)
 *     …
 *
 * Until the tool's renderers have loaded (or if they throw), each call is
 * drawn on its own as usual.
 */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import type { Tool } from '../../contract/tool.js';
import { Gutter } from '../kit/Gutter.js';
import { colors, glyphs } from '../kit/theme.js';
import type { GroupedToolCall, RenderOptions } from '../../contract/toolRenderers.js';
import { useToolRenderers } from '../tools/useToolRenderers.js';
import { RenderGuard } from './RenderGuard.js';
import { ToolCallView } from './ToolCallView.js';

type AnyGroupedCall = GroupedToolCall<unknown, unknown, unknown>;

export function MessageGroupView({
  tool,
  toolName,
  calls,
  options,
}: {
  readonly tool: Tool | undefined;
  readonly toolName: string;
  readonly calls: readonly AnyGroupedCall[];
  readonly options: RenderOptions;
}): ReactNode {
  const renderers = useToolRenderers(tool);
  const oneByOne = (
    <Box flexDirection="column">
      {calls.map((call, index) => (
        <Box key={call.id} marginTop={index === 0 ? 0 : 1} flexDirection="column">
          <ToolCallView
            tool={tool}
            toolName={toolName}
            input={call.input}
            phase={call.phase}
            status={call.status}
            data={call.output}
            resultText={call.resultText}
            progress={call.progress}
            options={options}
          />
        </Box>
      ))}
    </Box>
  );
  if (!renderers?.renderToolGroup) return oneByOne;
  return (
    <RenderGuard fallback={oneByOne}>
      <Gutter prefix={`${glyphs.bullet} `} color={groupBulletColor(calls)}>
        {renderers.renderToolGroup(calls, options)}
      </Gutter>
    </RenderGuard>
  );
}

function groupBulletColor(calls: readonly AnyGroupedCall[]): string {
  if (calls.some((call) => call.phase !== 'done')) return colors.muted;
  if (calls.every((call) => call.status === 'success')) return colors.success;
  return calls.some((call) => call.status === 'error') ? colors.error : colors.warning;
}
