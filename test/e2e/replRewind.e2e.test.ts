// The built REPL in tmux: a prompt changes files through Bash; Esc Esc on the empty prompt opens the rewind
// picker; restoring code and conversation puts the files back and the prompt text into the input box.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

const runs: ReplRun[] = [];
afterEach(async () => {
  for (const run of runs.splice(0).reverse()) await run.close();
});

describe('REPL in a real terminal: rewind', () => {
  it('Esc Esc → pick the prompt → restore code and conversation → confirm', async () => {
    const run = await startRepl({
      script: [turn(toolUse('Bash', { command: "sed -i 's/apple/pear/' fruit.txt && echo made > made.txt" })), endTurn('Swapped the fruit.')],
      args: ['--permission-mode', 'bypassPermissions'],
      files: { 'fruit.txt': 'apple\n' },
    });
    runs.push(run);
    await run.terminal.waitFor('Ask anything');
    await run.terminal.type('swap the fruit');
    await run.terminal.press('Enter');
    await run.terminal.waitFor('Swapped the fruit.');
    expect(readFileSync(path.join(run.cwd, 'fruit.txt'), 'utf8')).toBe('pear\n');
    // Idle again once the turn's checkpoint is written: the prompt is ready for keys.
    await run.terminal.waitFor((screen) => !screen.includes('esc to interrupt'));
    await run.terminal.press('Escape');
    await run.terminal.waitFor('Press Esc again to rewind');
    await run.terminal.press('Escape');
    const picker = await run.terminal.waitFor('Rewind to before which prompt?');
    expect(picker).toMatch(/swap the fruit · 2 files \+2 −1/);
    await run.terminal.press('Enter');
    await run.terminal.waitFor('Restore code and conversation');
    await run.terminal.press('Enter');
    const confirm = await run.terminal.waitFor('These files will change:');
    expect(confirm).toContain('restore fruit.txt (+1 −1)');
    expect(confirm).toContain('remove (created since) made.txt');
    await run.terminal.press('Enter');
    const screen = await run.terminal.waitFor('The conversation is back to before that prompt');
    expect(screen).toContain('Restored 2 files');
    expect(readFileSync(path.join(run.cwd, 'fruit.txt'), 'utf8')).toBe('apple\n');
    expect(existsSync(path.join(run.cwd, 'made.txt'))).toBe(false);
    // The prompt's text is back in the input box.
    expect(screen).toMatch(/>\s*swap the fruit\s*│?\s*$/m);
  });
});
