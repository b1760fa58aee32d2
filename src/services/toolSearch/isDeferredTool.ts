/**
 * Which tools may be withheld from a request until the model loads them with
 * ToolSearch: MCP tools unless their server marks them alwaysLoad, built-ins
 * only when they ask for it, and never ToolSearch itself (it is the way in).
 */
import type { Tool } from '../../contract/tool.js';
import { TOOL_SEARCH_TOOL_NAME } from '../../tools/ToolSearchTool/constants.js';

export function isDeferredTool(tool: Tool): boolean {
  if (tool.name === TOOL_SEARCH_TOOL_NAME) return false;
  if (tool.alwaysLoad === true) return false;
  if (tool.isMcp === true) return true;
  return tool.shouldDefer === true;
}
