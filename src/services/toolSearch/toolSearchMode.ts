/**
 * When deferred loading is on. `AGENTCLI_TOOL_SEARCH`:
 *   auto (default)  on once the deferred tools' definitions would cost more
 *                   than 10,000 tokens on every request (`auto:N` for N tokens)
 *   on              whenever there is a deferred tool
 *   off             never: every tool's definition is sent
 * The decision depends on what the definitions cost, not on the model's
 * window: a 1M-token window makes 130 KB of tool definitions fit, not free —
 * they are paid for (and re-read) on every request.
 * Sizes are estimated at ≈ 4 characters per token, the same rule the
 * rest of agentcli uses, so no tokenizer is loaded.
 */
import type { Tool, Tools } from '../../contract/tool.js';
import { inputJsonSchemaOf } from '../api/toolSchemas.js';
import { TOOL_SEARCH_TOOL_NAME } from '../../tools/ToolSearchTool/constants.js';
import { isDeferredTool } from './isDeferredTool.js';

export type ToolSearchMode =
  | { readonly kind: 'auto'; readonly budgetTokens: number }
  | { readonly kind: 'on' }
  | { readonly kind: 'off' };

/** About 40 KB of definitions: a few servers' worth of tools ride along; a catalogue of hundreds waits for ToolSearch. */
export const DEFAULT_DEFER_BUDGET_TOKENS = 10_000;
const CHARS_PER_TOKEN = 4;
/** Until an async prompt() resolves, its description is assumed to be this long. */
const UNKNOWN_DESCRIPTION_CHARS = 1_000;

export function parseToolSearchMode(raw: string | undefined): ToolSearchMode {
  const value = (raw ?? '').trim().toLowerCase();
  if (['on', 'true', '1', 'always'].includes(value)) return { kind: 'on' };
  if (['off', 'false', '0', 'never'].includes(value)) return { kind: 'off' };
  const budget = /^auto:(\d+)$/.exec(value);
  if (budget) return { kind: 'auto', budgetTokens: Number(budget[1]) };
  return { kind: 'auto', budgetTokens: DEFAULT_DEFER_BUDGET_TOKENS };
}

const definitionChars = new WeakMap<Tool, number>();

/** About how many characters a tool's definition adds to a request. */
export function estimateDefinitionChars(tool: Tool, pool: Tools): number {
  const cached = definitionChars.get(tool);
  if (cached !== undefined) return cached;
  const fixed = tool.name.length + JSON.stringify(inputJsonSchemaOf(tool)).length;
  const description = tool.prompt({ tools: pool, permissionMode: 'default' });
  if (typeof description === 'string') {
    definitionChars.set(tool, fixed + description.length);
    return fixed + description.length;
  }
  void description.then(
    (text) => definitionChars.set(tool, fixed + text.length),
    () => undefined,
  );
  return fixed + UNKNOWN_DESCRIPTION_CHARS;
}

export function deferredDefinitionTokens(pool: Tools): number {
  let chars = 0;
  for (const tool of pool) if (isDeferredTool(tool)) chars += estimateDefinitionChars(tool, pool);
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Whether this pool's requests should withhold deferred tools behind ToolSearch. */
export function isDeferralActive(pool: Tools, mode: ToolSearchMode): boolean {
  if (mode.kind === 'off') return false;
  // Without ToolSearch in the pool (denied, or a custom tool list) a withheld tool could never be loaded.
  if (!pool.some((tool) => tool.name === TOOL_SEARCH_TOOL_NAME)) return false;
  if (!pool.some(isDeferredTool)) return false;
  if (mode.kind === 'on') return true;
  return deferredDefinitionTokens(pool) > mode.budgetTokens;
}
