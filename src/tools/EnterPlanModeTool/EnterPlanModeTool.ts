/**
 * EnterPlanMode: the model's way into plan mode for a task that deserves an
 * agreed design first. Entering only narrows what may run (plan mode runs
 * read-only tools alone), so it needs no approval; leaving goes through the
 * user's approval of the plan (ExitPlanMode). Offered only where a person is
 * present to approve that plan.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { PermissionMode } from '../../contract/permissions.js';
import { PermissionState } from '../../permissions/permissionState.js';
import { ENTER_PLAN_MODE_TOOL_NAME, enterPlanModePrompt } from './prompt.js';

export type EnterPlanModeInput = Record<string, never>;
export type EnterPlanModeOutput = { readonly previousMode: PermissionMode };

export const EnterPlanModeTool = buildTool<EnterPlanModeInput, EnterPlanModeOutput>({
  name: ENTER_PLAN_MODE_TOOL_NAME,
  requiresUserInteraction: true,
  searchHint: 'switch to plan mode design before editing',
  shouldDefer: true,
  inputSchema: () => z.strictObject({}),
  description: () => 'Switch to plan mode',
  prompt: enterPlanModePrompt,
  // It changes nothing outside the session, and the only change inside it makes the session stricter.
  isReadOnly: () => true,
  isConcurrencySafe: () => false,
  async validateInput(_input, context) {
    const mode = context.appState.get().toolPermissionContext.mode;
    if (mode === 'plan') return { result: false, message: 'The session is already in plan mode: explore, then present your plan with ExitPlanMode.' };
    return { result: true };
  },
  async checkPermissions() {
    return { behavior: 'allow', reason: { type: 'tool', detail: 'entering plan mode only restricts what runs' } };
  },
  async call(_input, context) {
    const previousMode = context.appState.get().toolPermissionContext.mode;
    new PermissionState(context.appState).setMode('plan', 'model');
    return { data: { previousMode } };
  },
  mapToolResultToToolResultBlockParam(_output, toolUseId) {
    return {
      type: 'tool_result',
      tool_use_id: toolUseId,
      content:
        'The session is now in plan mode: only read-only tools run. Explore the code and design the change; then present your plan with ExitPlanMode for the user to approve. Do not edit files or run commands with side effects until then.',
    };
  },
  ui: () => import('./UI.js'),
});
