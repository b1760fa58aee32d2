import { afterEach, describe, expect, it } from 'vitest';
import { TodoWriteTool } from '../../../src/tools/TodoWriteTool/TodoWriteTool.js';
import { runScenario, type ScenarioResult } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { contentText, createToolTestSession, type ToolTestSession } from './toolHarness.js';
import { preparedCall } from '../../support/preparedCalls.js';

const plan = [
  { content: 'Read the parser', status: 'completed', activeForm: 'Reading the parser' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
] as const;

describe('TodoWrite', () => {
  let harness: ToolTestSession | undefined;
  let scenario: ScenarioResult | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    await scenario?.cleanup();
    harness = undefined;
    scenario = undefined;
  });

  it('replaces the session list in AppState on every call, never appending', async () => {
    harness = await createToolTestSession({ tools: [TodoWriteTool] });
    const first = await harness.call(TodoWriteTool, { todos: plan });
    expect(first.status).toBe('success');
    expect(harness.session.appState.get().todos).toEqual(plan);

    const next = [{ content: 'Write the changelog', status: 'pending', activeForm: 'Writing the changelog' }];
    const second = await harness.call(TodoWriteTool, { todos: next });
    expect(second.status).toBe('success');
    expect(harness.session.appState.get().todos).toEqual(next);
    expect(second.data).toEqual({ oldTodos: plan, newTodos: next });
  });

  it('tells the model the counts and the current step', async () => {
    harness = await createToolTestSession({ tools: [TodoWriteTool] });
    const outcome = await harness.call(TodoWriteTool, { todos: plan });
    expect(contentText(outcome)).toContain('3 items (1 completed, 1 in progress, 1 pending)');
    expect(contentText(outcome)).toContain('Now working on: Fix the bug.');
  });

  it('refuses two in_progress items, naming them, and leaves the list unchanged', async () => {
    harness = await createToolTestSession({ tools: [TodoWriteTool] });
    await harness.call(TodoWriteTool, { todos: plan });
    const outcome = await harness.call(TodoWriteTool, {
      todos: [
        { content: 'A', status: 'in_progress', activeForm: 'Doing A' },
        { content: 'B', status: 'in_progress', activeForm: 'Doing B' },
      ],
    });
    expect(outcome.status).toBe('error');
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toMatch(/Only one item may be in_progress.*"A", "B"/);
    expect(harness.session.appState.get().todos).toEqual(plan);
  });

  it('rejects an item without activeForm or with an unknown status as a schema error', async () => {
    harness = await createToolTestSession({ tools: [TodoWriteTool] });
    const missing = await harness.call(TodoWriteTool, { todos: [{ content: 'A', status: 'pending' }] });
    expect(missing.result.is_error).toBe(true);
    expect(contentText(missing)).toContain('activeForm');
    const badStatus = await harness.call(TodoWriteTool, { todos: [{ content: 'A', status: 'done', activeForm: 'Doing A' }] });
    expect(badStatus.result.is_error).toBe(true);
    expect(harness.session.appState.get().todos).toEqual([]);
  });

  it('needs no permission: its own check allows it, with the tool as the reason', async () => {
    harness = await createToolTestSession({ tools: [TodoWriteTool] });
    const context = harness.session.toolUseContext(new AbortController().signal, [], harness.cwd);
    const decision = await TodoWriteTool.checkPermissions(await preparedCall(TodoWriteTool, { todos: [] }), context);
    expect(decision).toMatchObject({ behavior: 'allow', reason: { type: 'tool' } });
  });

  it.each(['default', 'plan'] as const)('runs through the full loop in %s mode without anyone approving it', async (mode) => {
    scenario = await runScenario({
      mode,
      tools: [TodoWriteTool],
      script: [turn(toolUse('TodoWrite', { todos: plan })), endTurn('Planned.')],
    });
    scenario.server.assertNoViolations();
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBeFalsy();
    expect(toolResultText(result!)).toContain('Task list updated');
    expect(scenario.session.appState.get().todos).toEqual(plan);
  });

  it('is serial (one list at a time) and does not touch files', async () => {
    expect(TodoWriteTool.isConcurrencySafe(await preparedCall(TodoWriteTool, { todos: [] }))).toBe(false);
    expect(TodoWriteTool.isReadOnly(await preparedCall(TodoWriteTool, { todos: [] }))).toBe(true);
  });
});
