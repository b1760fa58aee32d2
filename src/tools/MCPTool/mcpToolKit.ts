/**
 * The tools layer's part of MCP, handed to the MCP clients when they start
 * (src/services/mcp/mcpToolKit.ts says what they need): the wrapper that
 * makes each listed tool a Tool, and the resource tools.
 */
import type { McpToolKit } from '../../services/mcp/mcpToolKit.js';
import { ListMcpResourcesTool } from '../ListMcpResourcesTool/ListMcpResourcesTool.js';
import { ReadMcpResourceTool } from '../ReadMcpResourceTool/ReadMcpResourceTool.js';
import { wrapMcpTool } from './wrapMcpTool.js';

export const mcpToolKit: McpToolKit = {
  wrap: wrapMcpTool,
  resourceTools: [ListMcpResourcesTool, ReadMcpResourceTool],
};
