import { afterEach, describe, expect, it } from 'vitest';
import { ExitPlanModeTool } from '../../../src/tools/ExitPlanModeTool/ExitPlanModeTool.js';
import type { PlanApproval, UserInteraction } from '../../../src/types/userInteraction.js';
import { runScenario, type ScenarioResult } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { contentText, createToolTestSession, runInteractiveScenario, type InteractiveScenario, type ToolTestSession } from './toolHarness.js';

const PLAN = '1. Add a failing test for the parser\n2. Fix the off-by-one in tokenize()\n3. Run npm test';

function approver(answer: PlanApproval) {
  const plans: string[] = [];
  const interaction: UserInteraction = {
    async askQuestions() {
      throw new Error('not expected');
    },
    async approvePlan(plan) {
      plans.push(plan);
      return answer;
    },
  };
  return { interaction, plans };
}

describe('ExitPlanMode', () => {
  let harness: ToolTestSession | undefined;
  let scenario: ScenarioResult | InteractiveScenario | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    await scenario?.cleanup();
    harness = undefined;
    scenario = undefined;
  });

  it.each(['default', 'acceptEdits', 'bypassPermissions'] as const)('is refused outside plan mode (%s), saying there is nothing to leave', async (mode) => {
    const user = approver({ approved: true, mode: 'default' });
    harness = await createToolTestSession({ tools: [ExitPlanModeTool], mode, userInteraction: user.interaction });
    const outcome = await harness.call(ExitPlanModeTool, { plan: PLAN });
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain(`only for plan mode, and this session is in ${mode} mode`);
    expect(user.plans).toHaveLength(0);
    expect(harness.session.appState.get().toolPermissionContext.mode).toBe(mode);
  });

  it('headless: not offered (nobody could approve); the session stays in plan mode', async () => {
    scenario = await runScenario({
      tools: [ExitPlanModeTool],
      mode: 'plan',
      script: [turn(toolUse('ExitPlanMode', { plan: PLAN })), endTurn(PLAN)],
    });
    scenario.server.assertNoViolations();
    expect(scenario.server.requests[0]!.body.tools ?? []).toEqual([]);
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(scenario.session.appState.get().toolPermissionContext.mode).toBe('plan');
  });

  it('an interactive session with nobody wired to approve: the plan is the result and plan mode stays', async () => {
    harness = await createToolTestSession({ tools: [ExitPlanModeTool], mode: 'plan', interactive: true });
    const outcome = await harness.call(ExitPlanModeTool, { plan: PLAN });
    expect(outcome.result.is_error).toBeFalsy();
    expect(contentText(outcome)).toContain(PLAN);
    expect(contentText(outcome)).toContain('stays in plan mode');
    expect(harness.session.appState.get().toolPermissionContext.mode).toBe('plan');
  });

  it('is allowed to run in plan mode by its own permission check', async () => {
    harness = await createToolTestSession({ tools: [ExitPlanModeTool], mode: 'plan' });
    const context = harness.session.toolUseContext(new AbortController().signal, [], harness.cwd);
    expect(await ExitPlanModeTool.checkPermissions({ plan: PLAN }, context)).toMatchObject({ behavior: 'allow' });
  });

  it('REPL: on approval switches the session to the mode the user chose', async () => {
    const user = approver({ approved: true, mode: 'acceptEdits' });
    scenario = await runInteractiveScenario({
      tools: [ExitPlanModeTool],
      mode: 'plan',
      userInteraction: user.interaction,
      script: [turn(toolUse('ExitPlanMode', { plan: PLAN })), endTurn('Starting.')],
    });
    scenario.server.assertNoViolations();
    expect(user.plans).toEqual([PLAN]);
    expect(scenario.session.appState.get().toolPermissionContext.mode).toBe('acceptEdits');
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBeFalsy();
    expect(toolResultText(result!)).toContain('approved your plan');
    expect(toolResultText(result!)).toContain('now acceptEdits');
  });

  it('REPL: on rejection stays in plan mode and passes the feedback to the model', async () => {
    const user = approver({ approved: false, feedback: 'Also update the docs' });
    harness = await createToolTestSession({ tools: [ExitPlanModeTool], mode: 'plan', userInteraction: user.interaction });
    const outcome = await harness.call(ExitPlanModeTool, { plan: PLAN });
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('Also update the docs');
    expect(contentText(outcome)).toContain('still in plan mode');
    expect(harness.session.appState.get().toolPermissionContext.mode).toBe('plan');
  });

  it('refuses an empty plan', async () => {
    harness = await createToolTestSession({ tools: [ExitPlanModeTool], mode: 'plan', interactive: true });
    const outcome = await harness.call(ExitPlanModeTool, { plan: '   ' });
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('the plan must not be empty');
  });
});
