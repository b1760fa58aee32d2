import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, lastToolResults, text, toolResultText, toolUse, turn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

const run = promisify(execFile);
let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

async function processesMatching(pattern: string): Promise<string[]> {
  try {
    const { stdout } = await run('pgrep', ['-f', pattern]);
    return stdout.trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

describe('REPL in a real terminal: tools and permissions', () => {
  it('approving an Edit shows the diff before and after, and changes the file', async () => {
    repl = await startRepl({
      files: { 'notes.txt': 'alpha\nbeta\ngamma\n' },
      script: {
        forCwd: (cwd) => [
          turn(toolUse('Read', { file_path: path.join(cwd, 'notes.txt') })),
          turn(text('Changing beta.'), toolUse('Edit', { file_path: path.join(cwd, 'notes.txt'), old_string: 'beta', new_string: 'BETA' })),
          endTurn('Edited notes.txt.'),
        ],
      },
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('capitalise beta');
    await terminal.press('Enter');
    // The preview takes its measured height one frame after the dialog opens.
    const dialog = await terminal.waitFor((screen) => screen.includes('Do you want to make this edit to notes.txt?') && /\+\s*BETA/.test(screen));
    expect(dialog).toMatch(/-\s*beta/);
    expect(dialog).toMatch(/\+\s*BETA/);
    await terminal.press('1');
    const after = await terminal.waitFor('Edited notes.txt.', { scrollback: true });
    expect(after).toContain('● Edit(notes.txt)');
    expect(after).toMatch(/Updated .*notes\.txt with 1 addition and 1 removal/);
    expect(await readFile(path.join(repl.cwd, 'notes.txt'), 'utf8')).toBe('alpha\nBETA\ngamma\n');
  });

  it('"don\'t ask again" saves the rule, and the next identical call runs without a dialog', async () => {
    const touch = toolUse('Bash', { command: 'touch made.txt', description: 'Create a marker file' });
    repl = await startRepl({ script: [turn(touch), endTurn('Made it.'), turn(touch), endTurn('Made it again.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('make the marker');
    await terminal.press('Enter');
    const dialog = await terminal.waitFor('Do you want to run this command?');
    expect(dialog).toContain("2. Yes, and don't ask again for Bash(touch made.txt)");
    await terminal.press('2');
    await terminal.waitFor('Made it.');
    const saved = JSON.parse(await readFile(path.join(repl.cwd, '.claude', 'settings.local.json'), 'utf8'));
    expect(saved.permissions.allow).toEqual(['Bash(touch made.txt)']);

    await terminal.type('again please');
    await terminal.press('Enter');
    // Poll every screen until the answer: a dialog must never appear for the second call.
    const deadline = Date.now() + 15_000;
    let screen = '';
    while (!screen.includes('Made it again.') && Date.now() < deadline) {
      screen = await terminal.screen();
      expect(screen).not.toContain('Do you want to run this command?');
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(screen).toContain('Made it again.');
    expect(repl.server.requests).toHaveLength(4);
  });

  it('"don\'t ask again" for a command with a subcommand offers its prefix, saved for the project; a later call with other arguments runs without a dialog', async () => {
    repl = await startRepl({
      files: { Makefile: 'build:\n\t@echo built $(MODE)\n' },
      script: [
        turn(toolUse('Bash', { command: 'make build' })),
        endTurn('Built.'),
        turn(toolUse('Bash', { command: 'make build MODE=release' })),
        endTurn('Built for release.'),
      ],
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('build it');
    await terminal.press('Enter');
    const dialog = await terminal.waitFor('Do you want to run this command?');
    expect(dialog).toContain("2. Yes, and don't ask again for Bash(make build:*) in this project");
    expect(dialog).toContain('(.claude/settings.local.json)');
    await terminal.press('2');
    await terminal.waitFor('Built.');
    const saved = JSON.parse(await readFile(path.join(repl.cwd, '.claude', 'settings.local.json'), 'utf8'));
    expect(saved.permissions.allow).toEqual(['Bash(make build:*)']);
    await terminal.type('now for release');
    await terminal.press('Enter');
    const deadline = Date.now() + 15_000;
    let screen = '';
    while (!screen.includes('Built for release.') && Date.now() < deadline) {
      screen = await terminal.screen();
      expect(screen).not.toContain('Do you want to run this command?');
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(screen).toContain('Built for release.');
  });

  it('denying a Bash command with feedback sends the feedback to the model', async () => {
    repl = await startRepl({
      files: { 'build/out.js': 'x' },
      script: [turn(toolUse('Bash', { command: 'rm -rf build' })), endTurn('Understood, keeping the build folder.')],
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('clean up');
    await terminal.press('Enter');
    await terminal.waitFor('Do you want to run this command?');
    await terminal.press('3');
    await terminal.waitFor('Tell the model what to do instead:');
    await terminal.type('keep the build folder, it is needed');
    await terminal.press('Enter');
    await terminal.waitFor('Understood, keeping the build folder.');
    const [result] = lastToolResults(repl.server.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('keep the build folder, it is needed');
    expect(await readFile(path.join(repl.cwd, 'build', 'out.js'), 'utf8')).toBe('x');
  });

  it('Esc interrupts a long Bash command: the turn says Interrupted and the process is gone', async () => {
    const marker = `sleep 127.${process.pid % 1000}`;
    repl = await startRepl({ script: [turn(text('Waiting.'), toolUse('Bash', { command: marker }))] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('wait for it');
    await terminal.press('Enter');
    await terminal.waitFor('esc to interrupt');
    const deadline = Date.now() + 10_000;
    while ((await processesMatching(marker)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await processesMatching(marker)).not.toEqual([]);
    await terminal.press('Escape');
    await terminal.waitFor(/⎿ {2}Interrupted/);
    await terminal.waitFor((screen) => !screen.includes('esc to interrupt'));
    const gone = Date.now() + 5_000;
    while ((await processesMatching(marker)).length > 0 && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await processesMatching(marker)).toEqual([]);
  });
});
