import { afterEach, describe, expect, it } from 'vitest';
import { AskUserQuestionTool, NO_USER_MESSAGE } from '../../../src/tools/AskUserQuestionTool/AskUserQuestionTool.js';
import type { UserInteraction, UserQuestion } from '../../../src/types/userInteraction.js';
import { runScenario, type ScenarioResult } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { contentText, createToolTestSession, runInteractiveScenario, type InteractiveScenario, type ToolTestSession } from './toolHarness.js';

const databaseQuestion = {
  question: 'Which database should the service use?',
  header: 'Database',
  options: [
    { label: 'Postgres (recommended)', description: 'Already used by the billing service' },
    { label: 'SQLite', description: 'No server to run' },
  ],
};

function option(label: string) {
  return { label };
}

function scriptedUser(answer: (questions: readonly UserQuestion[]) => Record<string, string>) {
  const asked: (readonly UserQuestion[])[] = [];
  const interaction: UserInteraction = {
    async askQuestions(questions) {
      asked.push(questions);
      return answer(questions);
    },
    async approvePlan() {
      throw new Error('not expected');
    },
  };
  return { interaction, asked };
}

describe('AskUserQuestion', () => {
  let harness: ToolTestSession | undefined;
  let scenario: ScenarioResult | InteractiveScenario | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    await scenario?.cleanup();
    harness = undefined;
    scenario = undefined;
  });

  it('headless: not offered (nobody could answer); a call anyway is an is_error result', async () => {
    scenario = await runScenario({
      tools: [AskUserQuestionTool],
      mode: 'default',
      script: [turn(toolUse('AskUserQuestion', { questions: [databaseQuestion] })), endTurn('Assuming Postgres.')],
    });
    scenario.server.assertNoViolations();
    expect(scenario.server.requests[0]!.body.tools ?? []).toEqual([]);
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('No such tool: "AskUserQuestion"');
  });

  it('an interactive session without a way to ask (no user interaction wired) says no user is present', async () => {
    harness = await createToolTestSession({ tools: [AskUserQuestionTool], mode: 'default', interactive: true });
    const outcome = await harness.call(AskUserQuestionTool, { questions: [databaseQuestion] });
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toBe(NO_USER_MESSAGE);
    expect(NO_USER_MESSAGE).toMatch(/No user is present/);
    expect(NO_USER_MESSAGE).toMatch(/best assumption/);
  });

  it('REPL: asks through userInteraction and gives the model the answers, keyed by question', async () => {
    const user = scriptedUser((questions) => ({ [questions[0]!.question]: 'SQLite' }));
    scenario = await runInteractiveScenario({
      tools: [AskUserQuestionTool],
      mode: 'default',
      userInteraction: user.interaction,
      script: [turn(toolUse('AskUserQuestion', { questions: [databaseQuestion] })), endTurn('Using SQLite.')],
    });
    scenario.server.assertNoViolations();
    expect(user.asked).toHaveLength(1);
    expect(user.asked[0]![0]).toMatchObject({ ...databaseQuestion, multiSelect: false });
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBeFalsy();
    expect(toolResultText(result!)).toContain('Which database should the service use? → SQLite');
  });

  it('says when a question was left unanswered', async () => {
    const user = scriptedUser(() => ({}));
    harness = await createToolTestSession({ tools: [AskUserQuestionTool], userInteraction: user.interaction });
    const outcome = await harness.call(AskUserQuestionTool, { questions: [{ ...databaseQuestion, multiSelect: true }] });
    expect(outcome.status).toBe('success');
    expect(contentText(outcome)).toContain('(no answer given)');
    expect(user.asked[0]![0]!.multiSelect).toBe(true);
  });

  it.each([
    ['no questions', { questions: [] }, 'at least one question'],
    ['five questions', { questions: [1, 2, 3, 4, 5].map((n) => ({ ...databaseQuestion, question: `Q${n}?` })) }, 'at most 4 questions'],
    ['one option', { questions: [{ ...databaseQuestion, options: [option('Only')] }] }, 'at least 2 options'],
    ['five options', { questions: [{ ...databaseQuestion, options: ['a', 'b', 'c', 'd', 'e'].map(option) }] }, 'at most 4 options'],
    ['a long header', { questions: [{ ...databaseQuestion, header: 'A header that is far too long' }] }, 'header'],
  ])('rejects %s with a readable schema error', async (_name, input, expected) => {
    const user = scriptedUser(() => ({}));
    harness = await createToolTestSession({ tools: [AskUserQuestionTool], userInteraction: user.interaction });
    const outcome = await harness.call(AskUserQuestionTool, input);
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain(expected);
    expect(user.asked).toHaveLength(0);
  });

  it('refuses the same question twice, and the same option label twice', async () => {
    const user = scriptedUser(() => ({}));
    harness = await createToolTestSession({ tools: [AskUserQuestionTool], userInteraction: user.interaction });
    const twice = await harness.call(AskUserQuestionTool, { questions: [databaseQuestion, databaseQuestion] });
    expect(contentText(twice)).toContain('appears twice');
    const sameLabel = await harness.call(AskUserQuestionTool, {
      questions: [{ ...databaseQuestion, options: [option('Yes'), option('Yes')] }],
    });
    expect(contentText(sameLabel)).toContain('offers the option "Yes" twice');
    expect(user.asked).toHaveLength(0);
  });

  it('may run in plan mode (asking changes nothing)', async () => {
    const user = scriptedUser((questions) => ({ [questions[0]!.question]: 'SQLite' }));
    scenario = await runInteractiveScenario({
      tools: [AskUserQuestionTool],
      mode: 'plan',
      userInteraction: user.interaction,
      script: [turn(toolUse('AskUserQuestion', { questions: [databaseQuestion] })), endTurn('ok')],
    });
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBeFalsy();
    expect(user.asked).toHaveLength(1);
  });
});
