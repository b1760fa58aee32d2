/**
 * Hook seams of the tool pipeline (steps 4 and 7). Runners are called in
 * order; user-configured hooks plug in here when that work lands.
 */
import type { Tool, ToolUseContext } from '../Tool.js';
import type { ToolResultBlockParam } from '../types/messages.js';

export type PreToolUseOutcome =
  | { readonly action: 'continue'; readonly updatedInput?: unknown }
  | { readonly action: 'block'; readonly message: string };

export type PreToolUseHook = (call: {
  readonly tool: Tool;
  readonly input: unknown;
  readonly context: ToolUseContext;
}) => Promise<PreToolUseOutcome>;

export type PostToolUseOutcome =
  | { readonly action: 'continue' }
  | { readonly action: 'replace'; readonly content: ToolResultBlockParam['content']; readonly isError?: boolean };

export type PostToolUseHook = (call: {
  readonly tool: Tool;
  readonly input: unknown;
  readonly context: ToolUseContext;
  readonly result: ToolResultBlockParam;
}) => Promise<PostToolUseOutcome>;

export type ToolHooks = {
  readonly preToolUse: readonly PreToolUseHook[];
  readonly postToolUse: readonly PostToolUseHook[];
};

export const NO_HOOKS: ToolHooks = { preToolUse: [], postToolUse: [] };
