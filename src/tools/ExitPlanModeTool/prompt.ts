/** Model-facing text for ExitPlanMode, in our own words. */
export const EXIT_PLAN_MODE_TOOL_NAME = 'ExitPlanMode';

export const MAX_PLAN_CHARS = 50_000;

export function exitPlanModePrompt(): string {
  return `Presents your implementation plan to the user and asks to leave plan mode so you can carry it out.

Only for plan mode, where tools with side effects are refused (their refusals say so); outside plan mode this tool is refused too. Call it when you have explored enough to know what you will change, and not before: the plan should name the files and the changes, the order of the steps, and how you will check the result (tests, commands). Write it in markdown; keep it concise.

Do not use it for research-only tasks ("explain how X works", "find where Y is"): just answer those.

What happens next:
- The user approves: plan mode ends and you may start making the changes.
- The user rejects and says what to change: you stay in plan mode; revise the plan accordingly and present it again.
- The user rejects without saying why: you stay in plan mode; stop and wait for the user to tell you what to change.`;
}
