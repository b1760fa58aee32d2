// /config in the REPL: the settings screen (value and scope per row, a search box), a change
// applied at once through the REPL (verbose shows in the status line) and saved.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDisplaySettings } from '../../src/settings/displaySettings.js';
import { endTurn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

describe('/config screen', () => {
  it('shows each setting with its value and scope; verbose on applies now and is saved for the user', async () => {
    repl = await startReplFixture({ script: [endTurn('ok')] });
    await repl.submit('/config');
    const screen = await repl.terminal.waitFor('Settings — Enter to change one', 10_000);
    expect(screen).toContain('Theme: ansi · default');
    expect(screen).toContain('Verbose output: off · default');
    expect(screen).toContain('Search:');
    await repl.terminal.press('verb');
    await repl.terminal.waitFor('Search: verb');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('Verbose output');
    await repl.terminal.press('1'); // on
    await repl.terminal.waitFor('Save verbose output = on for…');
    await repl.terminal.press('1'); // all your projects
    await repl.terminal.waitFor('Verbose output: on · user', 10_000);
    await repl.terminal.press('\u001B');
    const done = await repl.terminal.waitFor('in force now', 10_000);
    expect(done).toMatch(/verbose/);
    expect(JSON.parse(await readFile(path.join(repl.configDir, 'settings.json'), 'utf8'))).toEqual({ verbose: true });
    expect(repl.controller.getStatus().verbose).toBe(true);
  });

  it('editor mode vim switches the prompt to vim editing now, and is the next start\'s editor mode', async () => {
    repl = await startReplFixture({ script: [endTurn('ok')] });
    await repl.submit('/config');
    await repl.terminal.waitFor('Editor mode: normal · default', 10_000);
    await repl.terminal.press('editor');
    await repl.terminal.waitFor('Search: editor');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('readline-style keys');
    await repl.terminal.press('2'); // vim
    await repl.terminal.waitFor('Save editor mode = vim for…');
    await repl.terminal.press('1');
    await repl.terminal.waitFor('Editor mode: vim · user', 10_000);
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor('-- INSERT --', 10_000);
    expect((await loadDisplaySettings({ cwd: repl.cwd, configDir: repl.configDir })).editorMode).toBe('vim');
  });

  it('a REPL started with editorMode vim edits the prompt in vim mode', async () => {
    repl = await startReplFixture({ script: [endTurn('ok')], vimMode: true });
    await repl.terminal.waitFor('-- INSERT --', 10_000);
  });
});
