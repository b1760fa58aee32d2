/**
 * What each request's `tools` array carries, and the hint for a call to a
 * tool whose definition it did not carry. Both front ends pass these to the
 * agent loop (QueryParams.selectRequestTools, ToolRunEnv.schemaNotSentHint).
 *
 * With deferral on, a request holds the pool's non-deferred tools (ToolSearch
 * among them) in pool order, then the tools the model loaded, in the order it
 * loaded them. Loading only ever appends, so every earlier definition keeps
 * its bytes and position and the prompt cache holds. This needs nothing from
 * the endpoint beyond the plain Messages API.
 */
import type { Tool, Tools, ToolUseContext } from '../../contract/tool.js';
import { TOOL_SEARCH_TOOL_NAME } from '../../tools/ToolSearchTool/constants.js';
import { isDeferredTool } from './isDeferredTool.js';
import { isDeferralActive, parseToolSearchMode, type ToolSearchMode } from './toolSearchMode.js';

export type RequestToolSelection = {
  readonly mode: ToolSearchMode;
  selectRequestTools(context: ToolUseContext): Tools;
  schemaNotSentHint(tool: Tool, context: ToolUseContext): string | undefined;
};

export function createRequestToolSelection(env: NodeJS.ProcessEnv = process.env): RequestToolSelection {
  const mode = parseToolSearchMode(env.AGENTCLI_TOOL_SEARCH);
  // The decision is recomputed only when the pool changes (a server connected, died or sent list_changed).
  let lastPool: Tools | undefined;
  let lastActive = false;
  const isActive = (context: ToolUseContext): boolean => {
    if (context.tools !== lastPool) {
      lastPool = context.tools;
      lastActive = isDeferralActive(context.tools, mode);
    }
    return lastActive;
  };

  return {
    mode,
    selectRequestTools(context) {
      const pool = context.tools;
      if (!isActive(context)) return pool.filter((tool) => tool.name !== TOOL_SEARCH_TOOL_NAME);
      const byName = new Map(pool.map((tool) => [tool.name, tool]));
      const loaded = context.appState
        .get()
        .loadedDeferredTools.map((name) => byName.get(name))
        .filter((tool): tool is Tool => tool !== undefined && isDeferredTool(tool));
      return [...pool.filter((tool) => !isDeferredTool(tool)), ...loaded];
    },
    schemaNotSentHint(tool, context) {
      if (!isDeferredTool(tool) || !isActive(context)) return undefined;
      if (context.appState.get().loadedDeferredTools.includes(tool.name)) return undefined;
      return `${tool.name} is a deferred tool and its definition has not been loaded yet, so its parameters were not known. Call ${TOOL_SEARCH_TOOL_NAME} with query "select:${tool.name}" first, then call ${tool.name} again with the parameters its definition asks for.`;
    },
  };
}
