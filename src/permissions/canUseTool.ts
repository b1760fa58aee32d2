/**
 * The engine's permission seam: decides by mode and the tool's own check
 * only. The permission system replaces this with rule-based decisions.
 */
import type { Tool, ToolUseContext } from '../Tool.js';
import type { PermissionDecision, PermissionRuleSetHandle, ToolPermissionContext } from './types.js';

export type CanUseToolFn = (tool: Tool, input: unknown, context: ToolUseContext) => Promise<PermissionDecision>;

export function emptyRuleSet(): PermissionRuleSetHandle {
  return { __ruleSet: true };
}

export function permissionContextOf(context: ToolUseContext): ToolPermissionContext {
  return context.appState.get().toolPermissionContext;
}

export const canUseToolByMode: CanUseToolFn = async (tool, input, context) => {
  const toolDecision = await tool.checkPermissions(input, context);
  if (toolDecision.behavior !== 'passthrough') return toolDecision;

  const mode = permissionContextOf(context).mode;
  if (tool.isReadOnly(input)) return { behavior: 'allow', reason: { type: 'mode', mode } };
  if (mode === 'bypassPermissions') return { behavior: 'allow', reason: { type: 'mode', mode } };
  if (mode === 'plan') {
    return {
      behavior: 'deny',
      message: `${tool.name} has side effects and plan mode only runs read-only tools. Finish exploring, then present your plan with ExitPlanMode.`,
      reason: { type: 'mode', mode },
    };
  }
  return {
    behavior: 'ask',
    message: `${tool.userFacingName()} needs permission to run.`,
    reason: { type: 'mode', mode },
    suggestedRules: [tool.name],
  };
};

/**
 * Whether a deny rule names the whole tool (e.g. `deny: WebFetch`), so it is
 * not even offered to the model. The mode-only seam has no rules.
 */
export function isToolBlanketDenied(_tool: Tool, _context: ToolPermissionContext): boolean {
  return false;
}
