/**
 * ExitPlanMode: the model's way out of plan mode. In the REPL the user
 * approves (and picks the next mode) or rejects with feedback; headless runs
 * have nobody to approve, so the plan itself becomes the result and the
 * session stays in plan mode — nothing with a side effect runs unapproved.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { PermissionMode } from '../../contract/permissions.js';
import { PermissionState } from '../../permissions/permissionState.js';
import { EXIT_PLAN_MODE_TOOL_NAME, MAX_PLAN_CHARS, exitPlanModePrompt } from './prompt.js';

export type ExitPlanModeInput = { readonly plan: string };

export type ExitPlanModeOutput =
  | { readonly kind: 'approved'; readonly plan: string; readonly mode: PermissionMode }
  | { readonly kind: 'rejected'; readonly plan: string; readonly feedback?: string }
  | { readonly kind: 'no_user'; readonly plan: string };

export const ExitPlanModeTool = buildTool<ExitPlanModeInput, ExitPlanModeOutput>({
  name: EXIT_PLAN_MODE_TOOL_NAME,
  requiresUserInteraction: true,
  searchHint: 'present plan for approval leave plan mode',
  inputSchema: () =>
    z.strictObject({
      plan: z.string().trim().min(1, 'the plan must not be empty').max(MAX_PLAN_CHARS, `keep the plan under ${MAX_PLAN_CHARS} characters`),
    }),
  description: () => 'Present the plan and ask to leave plan mode',
  prompt: exitPlanModePrompt,
  // Read-only: it changes nothing outside the session, and the mode switch happens only when the user
  // approves, which is itself the permission step. Plan mode runs only read-only tools, and this is the
  // one tool plan mode exists to reach.
  isReadOnly: () => true,
  isConcurrencySafe: () => false,
  interruptBehavior: () => 'cancel',
  async validateInput(_input, context) {
    const mode = context.appState.get().toolPermissionContext.mode;
    if (mode !== 'plan') {
      return {
        result: false,
        message: `ExitPlanMode is only for plan mode, and this session is in ${mode} mode. There is no plan mode to leave: carry on with the task directly.`,
      };
    }
    return { result: true };
  },
  async checkPermissions() {
    // Asking the user to approve the plan is the permission step itself.
    return { behavior: 'allow', reason: { type: 'tool', detail: 'ExitPlanMode asks the user to approve the plan' } };
  },
  async call(input, context) {
    const interaction = context.userInteraction;
    if (!interaction) return { data: { kind: 'no_user', plan: input.plan } };
    const approval = await interaction.approvePlan(input.plan, context.abortSignal);
    if (!approval.approved) return { data: { kind: 'rejected', plan: input.plan, feedback: approval.feedback } };
    const mode = approval.mode;
    new PermissionState(context.appState).setMode(mode, 'planApproval');
    return { data: { kind: 'approved', plan: input.plan, mode } };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    switch (output.kind) {
      case 'approved':
        return {
          type: 'tool_result',
          tool_use_id: toolUseId,
          content: `The user approved your plan. Plan mode is over; the permission mode is now ${output.mode}. Start carrying out the plan, and keep the task list current as you go.\n\nThe approved plan:\n${output.plan}`,
        };
      case 'rejected': {
        const feedback = output.feedback?.trim();
        return {
          type: 'tool_result',
          tool_use_id: toolUseId,
          is_error: true,
          content: feedback
            ? `The user did not approve the plan and said: ${feedback}\nYou are still in plan mode. Revise the plan with this feedback and present it again with ExitPlanMode.`
            : 'The user did not approve the plan. You are still in plan mode. Stop and wait for the user to say what to change.',
        };
      }
      case 'no_user':
        return {
          type: 'tool_result',
          tool_use_id: toolUseId,
          content: `No user is present to approve the plan (this run is non-interactive), so the session stays in plan mode and nothing with side effects will run. End your turn now with this plan as your answer:\n\n${output.plan}`,
        };
    }
  },
  ui: () => import('./UI.js'),
});
