/**
 * The Agent SDK's getContextUsage (`get_context_usage`): what /context
 * measures (session/context/contextUsage.ts), in the SDK's shape — rows by
 * category with a stable id and kind, the free space and the automatic
 * compaction reserve, the tools and memory files one by one, a 10 × 10 grid
 * of the window, and the API's own usage of the latest response.
 *
 * Decision: every figure is the same estimate /context shows (four
 * characters per token), for `detail: 'full'` as for `'summary'`; agentcli
 * does not spend count_tokens calls on it. `apiUsage` is the API's exact
 * count of the latest response, when there has been one.
 */
import type { ConversationMessage } from '../../types/messages.js';
import type { ContextUsage } from '../../session/context/contextUsage.js';

type Kind = 'used' | 'free' | 'buffer' | 'deferred';
type Category = { id: string; name: string; tokens: number; color: string; kind: Kind; isDeferred?: boolean };
type GridSquare = { color: string; isFilled: boolean; categoryName: string; tokens: number; percentage: number; squareFullness: number };

const GRID_SIDE = 10;
/** ANSI colour names, as a terminal client would draw the rows. */
const COLORS = {
  system_prompt: 'gray',
  system_tools: 'blue',
  mcp_tools: 'cyan',
  memory_files: 'yellow',
  messages: 'magenta',
  free_space: 'gray',
  autocompact_buffer: 'red',
  deferred: 'gray',
} as const;

export function sdkContextUsage(usage: ContextUsage, messages: readonly ConversationMessage[]): Record<string, unknown> {
  const sum = (rows: readonly { tokens: number }[]): number => rows.reduce((total, row) => total + row.tokens, 0);
  const sentTools = usage.tools.filter((tool) => tool.sent);
  const deferredTools = usage.tools.filter((tool) => !tool.sent);
  const partTokens = (label: string): number => usage.parts.find((part) => part.label === label)?.tokens ?? 0;
  const used = ([
    { id: 'system_prompt', name: 'System prompt', tokens: partTokens('System prompt'), color: COLORS.system_prompt, kind: 'used' },
    { id: 'system_tools', name: 'System tools', tokens: sum(sentTools.filter((tool) => !tool.mcpServer)), color: COLORS.system_tools, kind: 'used' },
    { id: 'mcp_tools', name: 'MCP tools', tokens: sum(sentTools.filter((tool) => tool.mcpServer)), color: COLORS.mcp_tools, kind: 'used' },
    { id: 'memory_files', name: 'Memory files', tokens: partTokens('Memory files'), color: COLORS.memory_files, kind: 'used' },
    { id: 'messages', name: 'Messages', tokens: usage.messageTokens, color: COLORS.messages, kind: 'used' },
  ] satisfies Category[]).filter((category) => category.tokens > 0);
  const totalTokens = sum(used);
  const buffer = usage.autoCompactAt === undefined ? 0 : Math.max(0, usage.window - usage.autoCompactAt);
  const free = Math.max(0, usage.window - totalTokens - buffer);
  const deferred = ([
    { id: 'system_tools_deferred', name: 'System tools (deferred)', tokens: sum(deferredTools.filter((tool) => !tool.mcpServer)), color: COLORS.deferred, kind: 'deferred', isDeferred: true },
    { id: 'mcp_tools_deferred', name: 'MCP tools (deferred)', tokens: sum(deferredTools.filter((tool) => tool.mcpServer)), color: COLORS.deferred, kind: 'deferred', isDeferred: true },
  ] satisfies Category[]).filter((category) => category.tokens > 0);
  const categories: Category[] = [
    ...used,
    ...deferred,
    { id: 'free_space', name: 'Free space', tokens: free, color: COLORS.free_space, kind: 'free' },
    ...(buffer > 0 ? [{ id: 'autocompact_buffer', name: 'Autocompact buffer', tokens: buffer, color: COLORS.autocompact_buffer, kind: 'buffer' as const }] : []),
  ];
  return {
    categories,
    totalTokens,
    maxTokens: usage.window,
    rawMaxTokens: usage.window,
    percentage: round1((totalTokens / usage.window) * 100),
    gridRows: windowGrid(categories, usage.window),
    model: usage.model,
    memoryFiles: usage.memoryFiles.map((file) => ({ path: file.path, type: memoryType(file.scope), tokens: file.tokens })),
    mcpTools: usage.tools.filter((tool) => tool.mcpServer).map((tool) => ({ name: tool.name, serverName: tool.mcpServer, tokens: tool.tokens, isLoaded: tool.sent })),
    deferredBuiltinTools: deferredTools.filter((tool) => !tool.mcpServer).map((tool) => ({ name: tool.name, tokens: tool.tokens, isLoaded: false })),
    systemTools: sentTools.filter((tool) => !tool.mcpServer).map((tool) => ({ name: tool.name, tokens: tool.tokens })),
    agents: [],
    ...(usage.autoCompactAt !== undefined ? { autoCompactThreshold: usage.autoCompactAt } : {}),
    isAutoCompactEnabled: usage.autoCompactAt !== undefined,
    apiUsage: latestApiUsage(messages),
  };
}

/**
 * The window as GRID_SIDE × GRID_SIDE squares: what is used from the first
 * square in category order, the compaction reserve in the last squares,
 * free space between. Deferred rows take no room. squareFullness is how
 * full a category's last square is.
 */
function windowGrid(categories: readonly Category[], window: number): GridSquare[][] {
  const squares = GRID_SIDE * GRID_SIDE;
  const perSquare = window / squares;
  const square = (category: Category, fullness: number): GridSquare => ({
    color: category.color,
    isFilled: category.kind === 'used' || category.kind === 'buffer',
    categoryName: category.name,
    tokens: category.tokens,
    percentage: round1((category.tokens / window) * 100),
    squareFullness: round1(fullness),
  });
  const buffer = categories.find((category) => category.kind === 'buffer');
  const bufferSquares = buffer ? Math.min(squares, Math.round(buffer.tokens / perSquare)) : 0;
  const cells: GridSquare[] = [];
  for (const category of categories) {
    if (category.kind !== 'used') continue;
    const exact = category.tokens / perSquare;
    const count = Math.min(squares - bufferSquares - cells.length, Math.max(1, Math.ceil(exact)));
    for (let index = 0; index < count; index++) cells.push(square(category, Math.min(1, exact - index)));
  }
  const free = categories.find((category) => category.kind === 'free');
  while (cells.length < squares - bufferSquares && free) cells.push(square(free, 0));
  while (cells.length < squares && buffer) cells.push(square(buffer, 1));
  return Array.from({ length: GRID_SIDE }, (_, row) => cells.slice(row * GRID_SIDE, (row + 1) * GRID_SIDE));
}

function memoryType(scope: string): string {
  return scope === 'user' ? 'User' : scope === 'local' ? 'Local' : 'Project';
}

function latestApiUsage(messages: readonly ConversationMessage[]): Record<string, number> | null {
  const latest = messages.findLast((message) => message.type === 'assistant');
  if (!latest || latest.type !== 'assistant') return null;
  const { usage } = latest;
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
