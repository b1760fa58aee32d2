/**
 * Questions only a person can answer. The REPL provides an implementation;
 * headless runs have none, and tools that need one fail with a clear result.
 */
export type UserQuestionOption = { readonly label: string; readonly description?: string };
export type UserQuestion = {
  readonly question: string;
  readonly header?: string;
  readonly options: readonly UserQuestionOption[];
  readonly multiSelect?: boolean;
};
/** One answer per question, keyed by the question text. */
export type UserAnswers = Readonly<Record<string, string>>;

export type PlanApproval =
  | { readonly approved: true; readonly mode: 'default' | 'acceptEdits' }
  | { readonly approved: false; readonly feedback?: string };

export type UserInteraction = {
  askQuestions(questions: readonly UserQuestion[], signal: AbortSignal): Promise<UserAnswers>;
  approvePlan(plan: string, signal: AbortSignal): Promise<PlanApproval>;
};

/**
 * A pick from a list the REPL itself offers (the /model picker, which
 * memory file, /resume): one option or none (Esc); with `searchable`, typed
 * text filters the list (and may be the answer, with `freeText`).
 */
export type ChoiceOption = {
  readonly value: string;
  readonly label: string;
  readonly description?: string;
  /** Lines shown under the list while this option is under the cursor (a session's first and last message…). */
  readonly preview?: readonly string[];
};
export type ChoiceRequest = {
  readonly title: string;
  readonly options: readonly ChoiceOption[];
  /** The option that is in effect now: marked, and where the cursor starts. */
  readonly current?: string;
  /** A search box: typing filters the options (every word must appear in the label or description). */
  readonly searchable?: boolean;
  /**
   * With a search box: the typed text may itself be the answer, offered as
   * the last row ("Use "…" as <label>"); the answer is then the typed text.
   */
  readonly freeText?: { readonly label: string };
};
