/**
 * `--tools <list>`: which built-in tools the model is offered at all, as
 * Claude Code reads it — `default` (every built-in), `""` (none) or names
 * separated by commas or spaces (`Read,Grep,Bash`). This narrows the pool;
 * it is not a permission rule (those are --allowedTools/--disallowedTools),
 * and MCP tools are not affected (they come from --mcp-config and settings).
 */
import type { Tool, Tools } from '../contract/tool.js';
import { TOOL_SEARCH_TOOL_NAME } from './ToolSearchTool/constants.js';

export type ToolsetChoice =
  | { readonly kind: 'default' }
  | { readonly kind: 'names'; readonly names: readonly string[] };

export function parseToolsetChoice(text: string): ToolsetChoice {
  const trimmed = text.trim();
  if (trimmed === 'default') return { kind: 'default' };
  const names = trimmed.split(/[\s,]+/).filter((name) => name !== '');
  return { kind: 'names', names: [...new Set(names)] };
}

/**
 * The built-ins `choice` keeps, matched by name or alias, ignoring case.
 * ToolSearch always stays: it is how deferred MCP tools load, and requests
 * carry it only while deferral is on. Names agentcli does not have come back
 * in `unknown` (a warning, not an error: Agent SDK clients pass Claude Code's
 * own tool names, and a run should not fail for one we lack).
 */
export function selectBuiltInTools(tools: Tools, choice: ToolsetChoice | undefined): { readonly tools: Tools; readonly unknown: readonly string[] } {
  if (choice === undefined || choice.kind === 'default') return { tools, unknown: [] };
  const wanted = choice.names.map((name) => name.toLowerCase());
  const matches = (tool: Tool, name: string): boolean => tool.name.toLowerCase() === name || (tool.aliases ?? []).some((alias) => alias.toLowerCase() === name);
  return {
    tools: tools.filter((tool) => tool.name === TOOL_SEARCH_TOOL_NAME || wanted.some((name) => matches(tool, name))),
    unknown: choice.names.filter((name) => !tools.some((tool) => matches(tool, name.toLowerCase()))),
  };
}
