/**
 * L2 — the tool pool. getAllBaseTools() lists every built-in; getTools()
 * keeps the enabled ones a deny rule does not blanket-ban; assembleToolPool()
 * adds MCP tools. Built-ins come first, sorted by name, as a stable prefix:
 * an MCP server joining or leaving never reorders them, so the prompt cache
 * of the built-in definitions survives.
 */
import type { Tool, Tools } from './contract/tool.js';
import type { ToolPermissionContext } from './contract/permissions.js';
import { isToolBlanketDenied } from './permissions/canUseTool.js';
import { AskUserQuestionTool } from './tools/AskUserQuestionTool/AskUserQuestionTool.js';
import { BashTool } from './tools/BashTool/BashTool.js';
import { EditTool } from './tools/EditTool/EditTool.js';
import { EnterPlanModeTool } from './tools/EnterPlanModeTool/EnterPlanModeTool.js';
import { ExitPlanModeTool } from './tools/ExitPlanModeTool/ExitPlanModeTool.js';
import { GlobTool } from './tools/GlobTool/GlobTool.js';
import { GrepTool } from './tools/GrepTool/GrepTool.js';
import { NotebookEditTool } from './tools/NotebookEditTool/NotebookEditTool.js';
import { ReadTool } from './tools/ReadTool/ReadTool.js';
import { TaskOutputTool } from './tools/TaskOutputTool/TaskOutputTool.js';
import { TaskStopTool } from './tools/TaskStopTool/TaskStopTool.js';
import { TodoWriteTool } from './tools/TodoWriteTool/TodoWriteTool.js';
import { ToolSearchTool } from './tools/ToolSearchTool/ToolSearchTool.js';
import { WebFetchTool } from './tools/WebFetchTool/WebFetchTool.js';
import { WebSearchTool } from './tools/WebSearchTool/WebSearchTool.js';
import { WriteTool } from './tools/WriteTool/WriteTool.js';

export function getAllBaseTools(): Tools {
  // ToolSearch is always in the pool; requests carry it only while deferral is on (services/toolSearch).
  return [
    AskUserQuestionTool,
    BashTool,
    EditTool,
    EnterPlanModeTool,
    ExitPlanModeTool,
    GlobTool,
    GrepTool,
    NotebookEditTool,
    ReadTool,
    TaskOutputTool,
    TaskStopTool,
    TodoWriteTool,
    ToolSearchTool,
    WebFetchTool,
    WebSearchTool,
    WriteTool,
  ];
}

export function getTools(permissionContext: ToolPermissionContext, baseTools: Tools = getAllBaseTools()): Tools {
  return baseTools.filter((tool) => tool.isEnabled() && !isToolBlanketDenied(tool, permissionContext));
}

export function assembleToolPool(builtInTools: Tools, mcpTools: Tools, permissionContext: ToolPermissionContext): Tools {
  const byName = (a: Tool, b: Tool): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const allowedMcp = mcpTools.filter((tool) => !isToolBlanketDenied(tool, permissionContext));
  const seen = new Set<string>();
  const pool: Tool[] = [];
  // Built-ins first, so on a name clash the built-in wins.
  for (const tool of [...[...builtInTools].sort(byName), ...[...allowedMcp].sort(byName)]) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    pool.push(tool);
  }
  return pool;
}
