/**
 * `--permission-prompt-tool mcp__server__tool` (Claude Code's contract):
 * each call that would ask is put to that MCP tool as
 * `{tool_name, input, tool_use_id}`; the tool answers with text holding
 * `{"behavior":"allow","updatedInput":{...}}` or
 * `{"behavior":"deny","message":"..."}`. The prompt tool itself runs without
 * a permission check (it is the check); a missing tool, a failed call or an
 * unreadable answer is a refusal, never an allow.
 */
import { findToolByName, type Tools, type ToolUseContext } from '../../contract/tool.js';
import type { PermissionResponse } from '../../permissions/types.js';
import type { PermissionAsker, PermissionRequest } from '../../services/tools/toolExecution.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { PermissionUpdateTarget } from './permissionUpdates.js';
import { responseOf } from './sdkPermissionAsker.js';

export type McpToolAskerOptions = {
  readonly toolName: string;
  /** The live pool (MCP servers may connect after start). */
  readonly tools: () => Tools;
  readonly toolContext: (signal: AbortSignal) => ToolUseContext;
  readonly target: PermissionUpdateTarget;
};

export function mcpToolPermissionAsker(options: McpToolAskerOptions): PermissionAsker {
  return async (request) => {
    const promptTool = findToolByName(options.tools(), options.toolName);
    if (!promptTool) return refusal(request, `the permission prompt tool ${options.toolName} is not available (is its MCP server connected?)`);
    const input = { tool_name: request.tool.name, input: request.input, tool_use_id: request.toolUseId };
    const parsed = promptTool.inputSchema.safeParse(input);
    if (!parsed.success) return refusal(request, `the permission prompt tool ${options.toolName} does not accept {tool_name, input, tool_use_id}`);
    const id = `${request.toolUseId}-permission`;
    try {
      const context = { ...options.toolContext(request.signal), toolUseId: id };
      const result = await promptTool.call(parsed.data, context, () => {});
      const block = promptTool.mapToolResultToToolResultBlockParam(result.data, id);
      const text = typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
      if (block.is_error) return refusal(request, `the permission prompt tool failed: ${text}`);
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        return refusal(request, `the permission prompt tool's answer is not JSON: ${text.slice(0, 200)}`);
      }
      return await responseOf(request, answer, options.target);
    } catch (error) {
      return refusal(request, `the permission prompt tool failed: ${errorMessageOf(error)}`);
    }
  };
}

function refusal(request: PermissionRequest, why: string): PermissionResponse {
  return { type: 'refuse', message: `Permission to use ${request.tool.name} was not granted: ${why}.`, interrupt: false };
}
