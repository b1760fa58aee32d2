// The built REPL in tmux: /compact by hand, then quit, then `agentcli --continue` in the same
// project takes the compacted conversation up; `agentcli --resume` opens the picker.
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

const runs: ReplRun[] = [];
afterEach(async () => {
  for (const run of runs.splice(0).reverse()) await run.close();
});

describe('REPL in a real terminal: sessions', () => {
  it('/compact, quit, then --continue sends the compacted conversation; --resume opens the picker', async () => {
    const first = await startRepl({ script: [endTurn('The answer is about pears.'), endTurn('SUMMARY: the user asked about pears')] });
    runs.push(first);
    await first.terminal.waitFor('Ask anything');
    await first.terminal.type('tell me about pears');
    await first.terminal.press('Enter');
    await first.terminal.waitFor('about pears.');
    await first.terminal.type('/compact');
    await first.terminal.press('Enter');
    await first.terminal.waitFor(/Compacted .* full history in the transcript/);
    await first.terminal.type('/exit');
    await first.terminal.press('Enter');
    expect(await first.terminal.waitForExit()).toBe(0);

    const folders = { cwd: first.cwd, configDir: first.configDir };
    const second = await startRepl({ script: [endTurn('Still pears.')], args: ['--continue'], folders });
    runs.push(second);
    await second.terminal.waitFor('Resumed session');
    await second.terminal.type('and now?');
    await second.terminal.press('Enter');
    await second.terminal.waitFor('Still pears.');
    const sent = JSON.stringify(second.server.requests[0]!.body.messages);
    expect(sent).toContain('SUMMARY: the user asked about pears');
    expect(sent).toContain('and now?');
    second.server.assertNoViolations();

    const third = await startRepl({ script: [], args: ['--resume'], folders });
    runs.push(third);
    const screen = await third.terminal.waitFor('Which session do you want to resume?');
    expect(screen).toContain('tell me about pears');
  });

  it('--resume of an id that was never saved: one line naming the flag, exit 1, no stack (the lookup now starts before Ink loads)', async () => {
    const run = await startRepl({ script: [], args: ['--resume', '00000000-0000-4000-8000-000000000000'] });
    runs.push(run);
    expect(await run.terminal.waitForExit()).toBe(1);
    const screen = (await run.terminal.history()).replaceAll('\n', '');
    expect(screen).toContain('agentcli: no saved session with id 00000000-0000-4000-8000-000000000000 (--resume)');
    expect(screen).not.toMatch(/\s+at .+:\d+:\d+/);
    expect(screen).not.toContain('Unhandled');
    expect(run.server.requests).toHaveLength(0);
  });
});
