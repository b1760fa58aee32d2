/** Model-facing text for AskUserQuestion, in our own words. */
export const ASK_USER_QUESTION_TOOL_NAME = 'AskUserQuestion';

export const MAX_QUESTIONS = 4;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;
export const MAX_HEADER_CHARS = 16;

export function askUserQuestionPrompt(): string {
  return `Asks the user one to ${MAX_QUESTIONS} multiple-choice questions and waits for the answers.

Use it when a decision is genuinely the user's and the answer changes what you do next: which of two designs they prefer, which environment to target, whether a risky step is wanted. Do not use it for things you can find out yourself by reading the code or running a command, and do not ask for approval of a plan (in plan mode use ExitPlanMode for that).

Each question has:
- question: the full question, ending with a question mark.
- header: a very short label for it (at most ${MAX_HEADER_CHARS} characters), e.g. "Database" or "Auth method".
- options: ${MIN_OPTIONS} to ${MAX_OPTIONS} choices, each with a short label and an optional description of what choosing it means. The user can always type their own answer instead, so do not add an "Other" option.
- multiSelect: true when several options may be chosen together.

If you have a recommendation, put it first and add " (recommended)" to its label.`;
}
