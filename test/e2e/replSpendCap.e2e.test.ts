// The spend cap in a real terminal (tmux): one warning line at 80 %, one stop line at the cap,
// then /budget raises it and the prompt runs.
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

/** About $0.20 a turn on the default model's prices. */
const costly = (scripted: ScriptedTurn): ScriptedTurn => ({ ...scripted, usage: { input_tokens: 100_000, output_tokens: 10 } });

describe('REPL in a real terminal: the spend cap', () => {
  it('warns once, stops at the cap with one line, and /budget lets the next prompt run', async () => {
    repl = await startRepl({
      script: [costly(endTurn('first answer')), costly(endTurn('second answer')), costly(endTurn('third answer')), costly(endTurn('after the raise'))],
      args: ['--max-budget-usd', '0.45'],
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    for (const [prompt, answer] of [['one', 'first answer'], ['two', 'second answer'], ['three', 'third answer']] as const) {
      await terminal.type(prompt);
      await terminal.press('Enter');
      await terminal.waitFor(answer);
    }
    // $0.40 of $0.45 after the second answer: the one warning line; the third prompt still runs (under the cap).
    await terminal.type('four');
    await terminal.press('Enter');
    const stopped = await terminal.waitFor('Stopped: the session reached its $0.45 spend cap.');
    expect(stopped.match(/spend cap \(\d+ %\)/g) ?? []).toHaveLength(1);
    expect(repl.server.requests).toHaveLength(3);
    await terminal.type('/budget 5');
    await terminal.press('Enter');
    await terminal.waitFor('Spend cap set to $5.00 for this session.');
    await terminal.type('five');
    await terminal.press('Enter');
    await terminal.waitFor('after the raise');
    expect(repl.server.requests).toHaveLength(4);
  });
});
