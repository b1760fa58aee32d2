/** Model-facing text for EnterPlanMode, in our own words. */
export const ENTER_PLAN_MODE_TOOL_NAME = 'EnterPlanMode';

export function enterPlanModePrompt(): string {
  return `Switches this session to plan mode, where only read-only tools run, so you can explore and design before changing anything.

Use it at the start of a task that is large, touches many files, or can be done in several reasonable ways, when the user would want to agree on the approach first. Skip it for small, clear tasks and for questions: just do them or answer them.

In plan mode, read and search as much as you need, then present the plan with ExitPlanMode; the user approves it (and plan mode ends) or tells you what to change. Entering plan mode only restricts what runs, so it needs no approval; the user sees the switch and can leave plan mode at any time.`;
}
