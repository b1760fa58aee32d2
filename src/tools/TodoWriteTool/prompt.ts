/** Model-facing text for TodoWrite, in our own words. */
export const TODO_WRITE_TOOL_NAME = 'TodoWrite';

export const MAX_TODOS = 100;

export function todoWritePrompt(): string {
  return `Keeps the task list for this session and shows it to the user as a checklist. Each call sends the whole list; it replaces the previous one.

When to use it:
- The work has three or more distinct steps, or the user gave you several things to do.
- You want the user to see your plan and your progress while you work.
Skip it for a single small change or a plain question; a list there is noise.

Each item has:
- content: the step in the imperative ("Add a test for the parser").
- activeForm: the same step as it reads while it is happening ("Adding a test for the parser"); shown next to the spinner.
- status: "pending", "in_progress" or "completed".

How to keep it useful:
- At most one item is "in_progress" at a time; mark it before you start the step.
- Mark an item "completed" as soon as it is really done (tests pass, the change is in place), not in a batch at the end.
- If a step is blocked or only partly done, leave it "in_progress" or add a new item for what is left; do not call it completed.
- Add items you discover along the way, and drop items that no longer apply.
- At most ${MAX_TODOS} items.`;
}
