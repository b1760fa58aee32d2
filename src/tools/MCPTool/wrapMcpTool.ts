/**
 * One server tool becomes one agentcli Tool by spreading the MCPTool
 * template and overriding what the server decides: name, description, JSON
 * Schema (sent to the API untouched), behaviour hints, and the call itself.
 *
 * Input is checked against the server's JSON Schema with ajv inside the
 * tool's (otherwise permissive) zod schema. That puts the check at the
 * pipeline's schema step, where a call to a deferred tool the model never
 * loaded gets the "load it with ToolSearch first" hint like any other tool.
 */
import { z } from 'zod';
import { lazySchema } from '../../utils/lazy.js';
import type { Tool, ToolInputJSONSchema } from '../../contract/tool.js';
import { MCPTool, type McpToolInput, type McpToolOutput } from './MCPTool.js';
import { mcpToolPrompt } from './prompt.js';
import type { McpListedTool, McpToolCaller, McpWrapOptions } from '../../services/mcp/mcpToolKit.js';
import { toMcpToolOutput } from '../../services/mcp/mcpResultContent.js';
import { buildMcpToolName } from '../../services/mcp/mcpToolName.js';
import type { McpToolProgress } from '../../services/mcp/types.js';

export function wrapMcpTool(listed: McpListedTool, caller: McpToolCaller, options: McpWrapOptions): Tool<McpToolInput, McpToolOutput, McpToolProgress> {
  const serverName = caller.serverName;
  const readOnly = listed.annotations?.readOnlyHint === true;
  const destructive = listed.annotations?.destructiveHint === true;
  const title = listed.title ?? listed.annotations?.title ?? listed.name;
  const searchHint = metaString(listed._meta, 'searchHint');
  const check = lazySchema(() => options.compileSchema(listed.inputSchema));
  const schema = lazySchema(() =>
    z.record(z.string(), z.unknown()).superRefine((value, refinement) => {
      for (const issue of check()(value)) refinement.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
    }),
  );

  const tool: Tool<McpToolInput, McpToolOutput, McpToolProgress> = {
    ...MCPTool,
    name: buildMcpToolName(serverName, listed.name),
    mcpInfo: { serverName, toolName: listed.name },
    ...(searchHint ? { searchHint } : {}),
    alwaysLoad: metaFlag(listed._meta, 'alwaysLoad'),
    inputJSONSchema: listed.inputSchema,
    get inputSchema() {
      return schema();
    },
    description: () => `${serverName}: ${title}`,
    prompt: () => mcpToolPrompt(listed.description),
    userFacingName: () => `${serverName} - ${title} (MCP)`,
    // The server's annotations are its claims: they shape display and concurrency, and the permission
    // engine trusts readOnlyHint only once a rule allows this tool or its server (mcpInfo marks the claim).
    // The family stays `other`: an MCP tool names no path or URL the Read/Edit/WebFetch rules could check
    // (openWorldHint is not a domain), so it is matched by its own name or its server's (`mcp__server`).
    isReadOnly: () => readOnly,
    // Only a tool that promises not to change anything may run beside others.
    isConcurrencySafe: () => readOnly,
    isDestructive: () => destructive,
    maxResultSizeChars: options.maxResultSizeChars,
    async call(input, context, onProgress) {
      const result = await caller.callTool(listed.name, input, { signal: context.abortSignal, onProgress });
      return { data: toMcpToolOutput(result, serverName) };
    },
  };
  return Object.freeze(tool);
}

/** Servers written for Claude Code put hints under `anthropic/`; a bare key is accepted too. */
function metaValue(meta: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  return meta?.[`anthropic/${key}`] ?? meta?.[key];
}

function metaString(meta: Readonly<Record<string, unknown>> | undefined, key: string): string | undefined {
  const value = metaValue(meta, key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function metaFlag(meta: Readonly<Record<string, unknown>> | undefined, key: string): boolean {
  return metaValue(meta, key) === true;
}
