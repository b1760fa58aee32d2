// /permissions in the REPL (ink-testing-library): the editor's screens, a rule added there holds
// from the next tool call (no dialog), and a rule removed there stops holding (the dialog is back).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';
import { shoutTool } from './support/uiTools.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const ESC = '\u001B';
const DOWN = '\u001B[B';

function countPermissionDialogs(fixture: ReplFixture): () => number {
  let shown = 0;
  fixture.controller.dialogs.subscribe(() => {
    if (fixture.controller.dialogs.current()?.kind === 'permission') shown++;
  });
  return () => shown;
}

describe('/permissions editor in the REPL', () => {
  it('adds an allow rule (local scope); the next tool call runs without asking', async () => {
    const calls: string[] = [];
    repl = await startReplFixture({
      tools: [shoutTool({ onCall: (input) => calls.push(input.words) })],
      script: [turn(toolUse('Shout', { words: 'a' })), endTurn('shouted')],
    });
    await repl.submit('/permissions');
    const sections = await repl.terminal.waitFor('Permissions (', 10_000);
    expect(sections).toContain('Allow (0)');
    expect(sections).toContain('Ask (0)');
    expect(sections).toContain('Deny (0)');
    expect(sections).toContain('Workspace directories (1)');
    await repl.terminal.press('\r'); // Allow
    await repl.terminal.waitFor('+ Add a new allow rule…');
    await repl.terminal.press('Shout');
    await repl.terminal.waitFor('Use "Shout" as a new allow rule');
    await repl.terminal.press('\r');
    const scopes = await repl.terminal.waitFor('Save allow: Shout in…');
    expect(scopes).toContain('This project, just you (not committed)');
    expect(scopes).toContain('This project, shared with the team');
    expect(scopes).toContain('All your projects (user settings)');
    await repl.terminal.press('\r'); // local
    await repl.terminal.waitFor(/Shout · local · .*settings\.local\.json/);
    await repl.terminal.press(ESC); // back to the sections
    await repl.terminal.waitFor('Allow (1)');
    await repl.terminal.press(ESC); // close
    await repl.terminal.waitFor('Added allow: Shout');
    expect(JSON.parse(await readFile(path.join(repl.cwd, '.claude', 'settings.local.json'), 'utf8'))).toEqual({ permissions: { allow: ['Shout'] } });

    const dialogs = countPermissionDialogs(repl);
    await repl.submit('go');
    await repl.terminal.waitFor('shouted', 10_000);
    expect(dialogs()).toBe(0);
    expect(calls).toEqual(['a']);
  });

  it('removes a project rule; the next tool call asks again', async () => {
    repl = await startReplFixture({
      tools: [shoutTool()],
      files: { '.claude/settings.json': JSON.stringify({ permissions: { allow: ['Shout'] } }) },
      script: [turn(toolUse('Shout', { words: 'b' })), endTurn('shouted')],
    });
    await repl.submit('/permissions');
    await repl.terminal.waitFor('Allow (1)', 10_000);
    await repl.terminal.press('\r');
    await repl.terminal.waitFor(/Shout · project · .*\.claude\/settings\.json/);
    await repl.terminal.press(DOWN);
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('Remove allow: Shout?');
    await repl.terminal.press('\r'); // Yes, remove it
    await repl.terminal.waitFor('+ Add a new allow rule…');
    await repl.terminal.press(ESC);
    await repl.terminal.waitFor('Allow (0)');
    await repl.terminal.press(ESC);
    await repl.terminal.waitFor('Removed Shout from');
    expect(JSON.parse(await readFile(path.join(repl.cwd, '.claude', 'settings.json'), 'utf8'))).toEqual({ permissions: { allow: [] } });

    await repl.submit('go');
    await repl.terminal.waitFor('Do you want to use Shout?', 10_000);
  });
});
