/** WebSearch's render functions: the query, then how many sources came back (all of them when verbose). Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { uniqueHits } from './runWebSearch.js';
import type { WebSearchInput, WebSearchOutput, WebSearchProgress } from './WebSearchTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<WebSearchInput>, options: RenderOptions): ReactNode {
  if (!input.query) return '';
  const domains = input.allowed_domains?.length
    ? `, only ${input.allowed_domains.join(', ')}`
    : input.blocked_domains?.length
      ? `, not ${input.blocked_domains.join(', ')}`
      : '';
  return `"${input.query}"${options.verbose ? domains : ''}`;
}

export function renderToolUseProgressMessage(progress: readonly WebSearchProgress[], _options: RenderOptions): ReactNode {
  const last = progress.at(-1);
  return last ? <Text dimColor>Searching for "{last.query}"…</Text> : null;
}

export function renderToolResultMessage(output: WebSearchOutput, _input: WebSearchInput, options: RenderOptions): ReactNode {
  if (output.kind === 'error') return <Text color={colors.error}>{output.message}</Text>;
  const hits = uniqueHits(output.searches);
  const searches = output.searches.length;
  return (
    <Box flexDirection="column">
      <Text>
        Did {searches} {searches === 1 ? 'search' : 'searches'}, {hits.length} {hits.length === 1 ? 'source' : 'sources'}
        <Text dimColor> · {(output.durationMs / 1000).toFixed(1)} s</Text>
      </Text>
      {options.verbose
        ? hits.map((hit) => (
            <Text key={hit.url} dimColor>
              {hit.title} — {hit.url}
            </Text>
          ))
        : null}
    </Box>
  );
}

export function renderToolUseRejectedMessage(input: WebSearchInput, reason: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.warning}>Not searched "{input.query}": {reason}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
