/**
 * What the MCP clients need from the tools layer, handed in by whoever
 * starts them (src/app/, the mcp and permissions subcommands): how one tool a
 * server lists becomes an agentcli Tool, and the resource tools offered once
 * a server has resources. src/tools/MCPTool/mcpToolKit.ts is the one kit;
 * the clients name no tool themselves.
 */
import type { Tool, Tools, ToolInputJSONSchema } from '../../contract/tool.js';
import type { JsonSchemaCompiler } from './jsonSchemaValidator.js';
import type { McpToolProgress } from './types.js';

/** A tool as tools/list describes it (the fields agentcli uses). */
export type McpListedTool = {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: ToolInputJSONSchema;
  readonly annotations?: {
    readonly title?: string;
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
  };
  readonly _meta?: Readonly<Record<string, unknown>>;
};

export type McpCallOptions = {
  readonly signal: AbortSignal;
  readonly onProgress: (progress: McpToolProgress) => void;
};

/** The part of a server connection a tool needs. */
export type McpToolCaller = {
  readonly serverName: string;
  callTool(toolName: string, input: Readonly<Record<string, unknown>>, options: McpCallOptions): Promise<unknown>;
};

export type McpWrapOptions = {
  readonly compileSchema: JsonSchemaCompiler;
  readonly maxResultSizeChars: number;
};

export type McpToolKit = {
  /** One listed tool of one server, as a Tool in the pool. */
  wrap(listed: McpListedTool, caller: McpToolCaller, options: McpWrapOptions): Tool;
  /** ListMcpResources and ReadMcpResource: in the pool while some server offers resources. */
  readonly resourceTools: Tools;
};
