// The spend cap through the real Agent SDK: maxBudgetUsd, the 80 % warning as a system message, and the stop.
import { afterEach, expect, it } from 'vitest';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import type { ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startSdkRig, type SdkRig } from './sdkHarness.js';

let rig: SdkRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const costly = (scripted: ScriptedTurn): ScriptedTurn => ({ ...scripted, usage: { input_tokens: 100_000, output_tokens: 10 } });

it('maxBudgetUsd: the client gets one budget_warning system message at 80 %, then an error_max_budget_usd result', async () => {
  rig = await startSdkRig([costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), endTurn('never sent')]);
  const messages: SDKMessage[] = [];
  for await (const message of rig.run('go', { maxBudgetUsd: 0.5 })) messages.push(message);
  expect(rig.server.requests).toHaveLength(3);
  const warnings = messages.filter((message) => message.type === 'system' && (message as { subtype?: string }).subtype === 'budget_warning');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ max_usd: 0.5 });
  expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'error_max_budget_usd' });
});
