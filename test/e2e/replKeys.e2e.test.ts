import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

describe('REPL in a real terminal: start, keys, exit', () => {
  it('asks once whether to trust a new folder and remembers the answer', async () => {
    repl = await startRepl({ script: [], trusted: false });
    const { terminal } = repl;
    const question = await terminal.waitFor('Do you trust the files in this folder?');
    expect(question).toContain(repl.cwd);
    await terminal.press('1');
    await terminal.waitFor('Ask anything');
    const trusted: unknown = JSON.parse(await readFile(path.join(repl.configDir, 'trusted-folders.json'), 'utf8'));
    expect(JSON.stringify(trusted)).toContain(JSON.stringify(repl.cwd));
  });

  it('declining trust exits without opening the REPL', async () => {
    repl = await startRepl({ script: [], trusted: false });
    await repl.terminal.waitFor('Do you trust the files in this folder?');
    await repl.terminal.press('2');
    expect(await repl.terminal.waitForExit()).toBe(0);
  });

  it('`agentcli "prompt"` opens the REPL and sends the prompt', async () => {
    repl = await startRepl({ script: [endTurn('Hello from the model.')], args: ['say hello'] });
    const screen = await repl.terminal.waitFor('Hello from the model.');
    expect(screen).toContain('> say hello');
  });

  it('Shift+Tab cycles the permission mode in the status line', async () => {
    repl = await startRepl({ script: [] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.press('BTab');
    await terminal.waitFor('accept edits on');
    await terminal.press('BTab');
    await terminal.waitFor('plan mode on');
    await terminal.press('BTab');
    await terminal.waitFor((screen) => !screen.includes('plan mode on') && !screen.includes('accept edits on'));
  });

  it('keeps input history per project across sessions (↑ recalls the last prompt)', async () => {
    const first = await startRepl({ script: [endTurn('first answer')] });
    try {
      await first.terminal.waitFor('Ask anything');
      await first.terminal.type('remember this prompt');
      await first.terminal.press('Enter');
      await first.terminal.waitFor('first answer');
      await first.terminal.press('C-d');
      await first.terminal.waitFor('Press Ctrl+D again to exit');
      await first.terminal.press('C-d');
      expect(await first.terminal.waitForExit()).toBe(0);
      await first.terminal.kill();
      repl = await startRepl({ script: [], folders: { cwd: first.cwd, configDir: first.configDir } });
      await repl.terminal.waitFor('Ask anything');
      await repl.terminal.press('Up');
      await repl.terminal.waitFor('> remember this prompt');
    } finally {
      await repl?.close();
      repl = undefined;
      await first.close();
    }
  });

  it('a start-up error (a broken rule file) prints one line and leaves the terminal usable', async () => {
    repl = await startRepl({ script: [], files: { '.claude/settings.json': '{ "permissions": { "allow": ["Bash("] } }' } });
    const screen = await repl.terminal.waitFor(/agentcli: invalid permission rule/, { scrollback: true });
    expect(screen).toContain('settings.json');
    expect(await repl.terminal.waitForExitDetails()).toEqual({ status: 1, terminal: 'cooked' });
  });

  it('Ctrl+C twice exits cleanly with status 0', async () => {
    repl = await startRepl({ script: [] });
    await repl.terminal.waitFor('Ask anything');
    await repl.terminal.press('C-c');
    await repl.terminal.waitFor('Press Ctrl+C again to exit');
    await repl.terminal.press('C-c');
    expect(await repl.terminal.waitForExitDetails()).toEqual({ status: 0, terminal: 'cooked' });
  });
});
