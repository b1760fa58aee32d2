// The spend cap in the REPL: one warning line at 80 %, one stop line at the cap, and /budget raises it to continue.
import { afterEach, expect, it } from 'vitest';
import type { ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const costly = (scripted: ScriptedTurn): ScriptedTurn => ({ ...scripted, usage: { input_tokens: 100_000, output_tokens: 10 } });

it('warns once at 80 %, stops at the cap saying how to raise it, and /budget lets the user continue', async () => {
  repl = await startReplFixture({
    script: [costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), endTurn('carried on')],
    maxBudgetUsd: 0.5,
  });
  await repl.submit('go');
  const stopped = await repl.terminal.waitFor('Stopped: the session reached its $0.50 spend cap. Raise it with /budget <usd>', 10_000);
  expect(stopped.match(/of the \$0\.50 spend cap \(\d+ %\)/g)).toHaveLength(1);
  expect(repl.server.requests).toHaveLength(3);

  await repl.submit('/budget 5');
  await repl.terminal.waitFor('Spend cap set to $5.00 for this session.', 10_000);
  await repl.submit('go on');
  await repl.terminal.waitFor('carried on', 10_000);
  expect(repl.server.requests).toHaveLength(4);
});
