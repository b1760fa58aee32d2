/** Several running calls of one tool as a single line, drawn by the tool's renderGroupedToolUse. */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import type { Tool } from '../../contract/tool.js';
import { Gutter } from '../kit/Gutter.js';
import type { LiveToolSegment } from '../repl/transcriptTypes.js';
import { colors, glyphs } from '../kit/theme.js';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { useToolRenderers } from '../tools/useToolRenderers.js';
import { RenderGuard } from './RenderGuard.js';

export function ToolGroupView({ tool, tools, options }: { readonly tool: Tool | undefined; readonly tools: readonly LiveToolSegment[]; readonly options: RenderOptions }): ReactNode {
  const renderers = useToolRenderers(tool);
  const name = tool?.userFacingName() ?? tools[0]?.toolName ?? 'Tool';
  const inputs = tools.map((segment) => (typeof segment.input === 'object' && segment.input !== null ? segment.input : {}));
  const fallback = (
    <Text>
      {name} ×{tools.length}
    </Text>
  );
  return (
    <>
      <Gutter prefix={`${glyphs.bullet} `} color={colors.muted}>
        <RenderGuard fallback={fallback}>
          {renderers?.renderGroupedToolUse ? (
            <Text>
              <Text bold>{name}</Text>({renderers.renderGroupedToolUse(inputs, options)})
            </Text>
          ) : (
            fallback
          )}
        </RenderGuard>
      </Gutter>
      <Gutter prefix={`  ${glyphs.resultIndent}  `} dimColor>
        <Text dimColor>Running{glyphs.ellipsis}</Text>
      </Gutter>
    </>
  );
}
