import { afterEach, describe, expect, it } from 'vitest';
import { endTurn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let run: ReplRun | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

describe('REPL in a real terminal: streaming', () => {
  it('shows the streamed markdown answer to a typed prompt', async () => {
    run = await startRepl({
      script: [{ ...endTurn('# Summary\n\nThe **answer** is `42`.\n\n- first point\n- second point\n'), chunkDelayMs: 5 }],
    });
    const { terminal } = run;
    await terminal.waitFor('Ask anything');
    await terminal.type('what is the answer?');
    await terminal.press('Enter');
    const screen = await terminal.waitFor('second point');
    console.log(screen);
    expect(screen).toContain('> what is the answer?');
    expect(screen).toContain('The answer is 42.');
    expect(screen).not.toContain('**answer**');
  });
});
