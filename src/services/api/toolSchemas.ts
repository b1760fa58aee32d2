/**
 * Tool definitions as the API takes them. Each is computed once per tool and
 * tool pool and then reused, so the `tools` array of every request is
 * byte-identical until the pool itself changes — the prompt cache depends on
 * it. A tool's prompt() must therefore not depend on anything that changes
 * mid-session except the pool (for example not on the permission mode).
 */
import { z } from 'zod';
import type { Tool as ApiTool } from '@anthropic-ai/sdk/resources/messages';
import type { PromptOptions, Tool, ToolInputJSONSchema, Tools } from '../../contract/tool.js';

export type { ApiTool };

/**
 * The built-in tools' schemas, computed at build time (scripts/build.mjs) so
 * the first request needs no zod; undefined when running from source.
 */
declare const AGENTCLI_BUILTIN_TOOL_SCHEMAS: Readonly<Record<string, ToolInputJSONSchema>> | undefined;
const precomputed = typeof AGENTCLI_BUILTIN_TOOL_SCHEMAS === 'undefined' ? undefined : AGENTCLI_BUILTIN_TOOL_SCHEMAS;

type CacheEntry = { readonly poolKey: string; readonly definition: Promise<ApiTool> };
const definitions = new WeakMap<Tool, CacheEntry>();
const schemas = new WeakMap<Tool, ToolInputJSONSchema>();

export function inputJsonSchemaOf(tool: Tool): ToolInputJSONSchema {
  if (tool.inputJSONSchema) return tool.inputJSONSchema;
  const built = tool.isMcp ? undefined : precomputed?.[tool.name];
  if (built) return built;
  let schema = schemas.get(tool);
  if (!schema) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' });
    schema = { ...rest, type: 'object' };
    schemas.set(tool, schema);
  }
  return schema;
}

export function toApiTool(tool: Tool, options: PromptOptions): Promise<ApiTool> {
  const poolKey = options.tools.map((candidate) => candidate.name).join('\n');
  const cached = definitions.get(tool);
  if (cached && cached.poolKey === poolKey) return cached.definition;
  const definition = Promise.resolve(tool.prompt(options)).then(
    (description): ApiTool => ({ name: tool.name, description, input_schema: inputJsonSchemaOf(tool) }),
  );
  definitions.set(tool, { poolKey, definition });
  return definition;
}

export function toApiTools(tools: Tools, options: PromptOptions): Promise<ApiTool[]> {
  return Promise.all(tools.map((tool) => toApiTool(tool, options)));
}
