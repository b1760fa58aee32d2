import { afterEach, describe, expect, it } from 'vitest';
import { EnterPlanModeTool } from '../../../src/tools/EnterPlanModeTool/EnterPlanModeTool.js';
import { contentText, createToolTestSession, type ToolTestSession } from './toolHarness.js';

describe('EnterPlanMode', () => {
  let harness: ToolTestSession | undefined;
  afterEach(async () => {
    await harness?.cleanup();
    harness = undefined;
  });

  it.each(['default', 'acceptEdits', 'bypassPermissions'] as const)('switches %s to plan mode without asking (it only restricts)', async (mode) => {
    harness = await createToolTestSession({ tools: [EnterPlanModeTool], mode, interactive: true });
    const outcome = await harness.call(EnterPlanModeTool, {});
    expect(outcome.result.is_error).toBeFalsy();
    expect(contentText(outcome)).toContain('present your plan with ExitPlanMode');
    expect(harness.session.appState.get().toolPermissionContext.mode).toBe('plan');
  });

  it('is refused when the session is already in plan mode', async () => {
    harness = await createToolTestSession({ tools: [EnterPlanModeTool], mode: 'plan', interactive: true });
    const outcome = await harness.call(EnterPlanModeTool, {});
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('already in plan mode');
  });

  it('is not offered to a headless session', async () => {
    harness = await createToolTestSession({ tools: [EnterPlanModeTool], mode: 'default' });
    expect(harness.session.tools.map((tool) => tool.name)).not.toContain('EnterPlanMode');
  });
});
