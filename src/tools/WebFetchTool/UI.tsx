/** WebFetch's render functions: the URL asked for and a one-line summary of what came back. Presentational only. */
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { RenderOptions } from '../../contract/toolRenderers.js';
import { formatBytes } from './fetchPage.js';
import type { WebFetchInput, WebFetchOutput } from './WebFetchTool.js';
import { colors } from '../../ui/kit/theme.js';

export function renderToolUseMessage(input: Partial<WebFetchInput>, options: RenderOptions): ReactNode {
  if (!input.url) return '';
  return options.verbose && input.prompt ? `url: "${input.url}", prompt: "${input.prompt}"` : input.url;
}

export function renderToolResultMessage(output: WebFetchOutput, _input: WebFetchInput, options: RenderOptions): ReactNode {
  switch (output.kind) {
    case 'error':
      return <Text color={colors.error}>{output.message}</Text>;
    case 'cross_host_redirect':
      return <Text color={colors.warning}>Redirects to another host: {output.redirectUrl} (not followed)</Text>;
    case 'page':
      return (
        <Box flexDirection="column">
          <Text>
            Received {formatBytes(output.bytes)} ({output.status}){output.fromCache ? ' from cache' : ''}
            {output.truncated ? ', cut off' : ''}
            <Text dimColor> · {(output.durationMs / 1000).toFixed(1)} s</Text>
          </Text>
          {options.verbose ? <Text dimColor>{output.result}</Text> : null}
        </Box>
      );
  }
}

export function renderToolUseRejectedMessage(input: WebFetchInput, reason: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.warning}>Not fetched {input.url}: {reason}</Text>;
}

export function renderToolUseErrorMessage(error: string, _options: RenderOptions): ReactNode {
  return <Text color={colors.error}>{error}</Text>;
}
