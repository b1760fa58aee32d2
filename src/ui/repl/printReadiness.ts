/**
 * Whether a transcript item can be printed into <Static> in its final form:
 * assistant markdown needs the lexer (and, for code blocks, the
 * highlighter); a tool call needs its UI.tsx. Both normally load long
 * before the first reply arrives; this only matters on a cold start.
 */
import type { Tools } from '../../contract/tool.js';
import { findToolByName } from '../../contract/tool.js';
import { isMarkdownReady, whenMarkdownReady } from '../markdown/markdownEngine.js';
import { areToolRenderersSettled, loadToolRenderers } from '../tools/toolRendererCache.js';
import type { StaticReadiness } from './transcriptStore.js';
import type { TranscriptItem } from './transcriptTypes.js';

export function printReadinessFor(tools: () => Tools): StaticReadiness {
  return {
    isReady(item: TranscriptItem) {
      if (item.kind === 'assistant_text' || item.kind === 'thinking' || item.kind === 'plan') return isMarkdownReady(item.text);
      if (item.kind === 'tool_call' || item.kind === 'tool_group') return areToolRenderersSettled(findToolByName(tools(), item.toolName));
      return true;
    },
    async whenReady(item: TranscriptItem) {
      if (item.kind === 'assistant_text' || item.kind === 'thinking' || item.kind === 'plan') await whenMarkdownReady(item.text);
      if (item.kind === 'tool_call' || item.kind === 'tool_group') {
        const tool = findToolByName(tools(), item.toolName);
        if (tool) await loadToolRenderers(tool);
      }
    },
  };
}
