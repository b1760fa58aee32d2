/**
 * AskUserQuestion: multiple-choice questions only a person can answer. The
 * REPL supplies `context.userInteraction`; a headless run has none, and the
 * model is told so plainly, so it proceeds on an assumption instead of
 * waiting for an answer that will never come.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { UserAnswers } from '../../types/userInteraction.js';
import {
  ASK_USER_QUESTION_TOOL_NAME,
  MAX_HEADER_CHARS,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MIN_OPTIONS,
  askUserQuestionPrompt,
} from './prompt.js';

export type QuestionOption = { readonly label: string; readonly description?: string };
export type Question = {
  readonly question: string;
  readonly header: string;
  readonly options: readonly QuestionOption[];
  readonly multiSelect: boolean;
};
export type AskUserQuestionInput = { readonly questions: readonly Question[] };

export type AskUserQuestionOutput =
  | { readonly kind: 'answered'; readonly questions: readonly Question[]; readonly answers: UserAnswers }
  | { readonly kind: 'no_user' };

export const NO_USER_MESSAGE =
  'No user is present: this session runs non-interactively, so nobody can answer questions. Do not wait for an answer. Proceed with your best assumption, and state in your final answer which assumption you made and why.';

const questionSchema = (): z.ZodType<Question> =>
  z.strictObject({
    question: z.string().trim().min(1, 'question must not be empty'),
    header: z.string().trim().min(1).max(MAX_HEADER_CHARS, `header must be at most ${MAX_HEADER_CHARS} characters`),
    options: z
      .array(z.strictObject({ label: z.string().trim().min(1), description: z.string().optional() }))
      .min(MIN_OPTIONS, `each question needs at least ${MIN_OPTIONS} options`)
      .max(MAX_OPTIONS, `each question takes at most ${MAX_OPTIONS} options`),
    multiSelect: z.boolean().default(false),
  });

export const AskUserQuestionTool = buildTool<AskUserQuestionInput, AskUserQuestionOutput>({
  name: ASK_USER_QUESTION_TOOL_NAME,
  requiresUserInteraction: true,
  searchHint: 'ask the user a multiple choice question clarify preference',
  // Rarely needed: withheld behind ToolSearch when deferral is on (large MCP tool sets), always sent otherwise.
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({
      questions: z
        .array(questionSchema())
        .min(1, 'ask at least one question')
        .max(MAX_QUESTIONS, `ask at most ${MAX_QUESTIONS} questions at once`),
    }),
  description: (input) => {
    const count = input?.questions?.length ?? 0;
    return `Ask the user ${count} ${count === 1 ? 'question' : 'questions'}`;
  },
  prompt: askUserQuestionPrompt,
  isReadOnly: () => true,
  // Two dialogs at once would fight over the keyboard.
  isConcurrencySafe: () => false,
  interruptBehavior: () => 'cancel',
  async validateInput(input) {
    const texts = input.questions.map((question) => question.question);
    const repeated = texts.find((text, index) => texts.indexOf(text) !== index);
    if (repeated !== undefined) {
      return { result: false, message: `The question "${repeated}" appears twice; answers are keyed by question text, so each question must be different.` };
    }
    for (const question of input.questions) {
      const labels = question.options.map((option) => option.label);
      const twice = labels.find((label, index) => labels.indexOf(label) !== index);
      if (twice !== undefined) {
        return { result: false, message: `The question "${question.question}" offers the option "${twice}" twice; give each option a distinct label.` };
      }
    }
    return { result: true };
  },
  async call(input, context) {
    const interaction = context.userInteraction;
    if (!interaction) return { data: { kind: 'no_user' } };
    const answers = await interaction.askQuestions(input.questions, context.abortSignal);
    return { data: { kind: 'answered', questions: input.questions, answers } };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    if (output.kind === 'no_user') {
      return { type: 'tool_result', tool_use_id: toolUseId, content: NO_USER_MESSAGE, is_error: true };
    }
    return { type: 'tool_result', tool_use_id: toolUseId, content: describeAnswers(output.questions, output.answers) };
  },
  ui: () => import('./UI.js'),
});

function describeAnswers(questions: readonly Question[], answers: UserAnswers): string {
  const lines = questions.map((question) => {
    const answer = answers[question.question]?.trim();
    return `- ${question.question} → ${answer ? answer : '(no answer given)'}`;
  });
  return ['The user answered:', ...lines, 'Continue with these answers in mind.'].join('\n');
}
