/**
 * The template every MCP server tool is spread from: the result mapping and
 * the UI live here once, and wrapMcpTool() overrides the name, description,
 * schema, hints and call for each tool a server lists. On its own it is
 * never in the pool.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { McpToolOutput } from '../../services/mcp/mcpResultContent.js';
import type { McpToolProgress } from '../../services/mcp/types.js';
import { MCP_TOOL_TEMPLATE_PROMPT } from './prompt.js';

export type McpToolInput = Record<string, unknown>;
export type { McpToolOutput };

export const MCPTool = buildTool<McpToolInput, McpToolOutput, McpToolProgress>({
  name: 'mcp',
  isMcp: true,
  // Any object: each server tool checks its input against the server's JSON Schema instead.
  inputSchema: () => z.record(z.string(), z.unknown()),
  description: () => 'MCP tool',
  prompt: () => MCP_TOOL_TEMPLATE_PROMPT,
  async call() {
    throw new Error('MCPTool is a template; only the tools made from it by wrapMcpTool can run.');
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    return {
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: [...output.content],
      ...(output.isError ? { is_error: true } : {}),
    };
  },
  ui: () => import('./UI.js'),
});
