import path from 'node:path';
import { access } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptedBlock } from '../support/fakeAnthropic.js';
import { cutStream, endTurn, overloaded, text, toolUse, turn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const exists = (file: string) => access(file).then(() => true, () => false);
const SENTENCE = 'I will take care of that now, step by step.';

/** A prompt whose answer says SENTENCE and then makes one call that needs permission; the dialog is answered with `keys`. */
async function answerDialogAfterSentence(options: { call: (cwd: string) => ScriptedBlock; question: string; keys: string[]; until?: string; rows?: number }): Promise<string> {
  repl = await startRepl({
    files: { 'notes.txt': 'alpha\nbeta\ngamma\n' },
    rows: options.rows,
    script: { forCwd: (cwd) => [turn(text(SENTENCE), options.call(cwd)), endTurn('All settled.')] },
  });
  const { terminal } = repl;
  await terminal.waitFor('Ask anything');
  if (process.env.REC) await terminal.recordOutput(process.env.REC);
  await terminal.type('please do it');
  await terminal.press('Enter');
  await terminal.waitFor(options.question);
  // The dialog's diff preview takes its height a frame after the question shows; the sentence must be on the
  // settled screen (a wait that times out if it is gone, as it was when Ink's clear-screen path erased it).
  expect(await terminal.waitFor(SENTENCE)).toContain(options.question);
  for (const key of options.keys) await terminal.press(key);
  // A refusal ends the turn (the model waits for the user); an approval lets it finish.
  return terminal.waitFor(options.until ?? 'All settled.', { scrollback: true });
}

describe('REPL in a real terminal: what was shown stays shown', () => {
  it('the sentence before an Edit stays on screen after the dialog is allowed', async () => {
    const after = await answerDialogAfterSentence({
      call: (cwd) => toolUse('Edit', { file_path: path.join(cwd, 'notes.txt'), old_string: 'beta', new_string: 'BETA' }),
      question: 'Do you want to make this edit to notes.txt?',
      keys: ['1'],
    });
    expect(after).toContain(SENTENCE);
    expect(after.indexOf(SENTENCE)).toBeLessThan(after.indexOf('● Edit(notes.txt)'));
  });

  it('the sentence before a Write stays on screen after Esc refuses the dialog, and the file is not written', async () => {
    const after = await answerDialogAfterSentence({
      call: (cwd) => toolUse('Write', { file_path: path.join(cwd, 'new.txt'), content: Array.from({ length: 60 }, (_, i) => `row ${i}`).join('\n') }),
      question: 'Do you want to write new.txt?',
      keys: ['Escape'],
      until: '● Write(new.txt)',
    });
    expect(after).toContain(SENTENCE);
    expect(await exists(path.join(repl!.cwd, 'new.txt'))).toBe(false);
  });

  it('the sentence before a denied command stays on screen', async () => {
    const after = await answerDialogAfterSentence({
      call: () => toolUse('Bash', { command: 'touch denied.txt' }),
      question: 'Do you want to run this command?',
      keys: ['3', 'Enter'],
      until: '● Bash(touch denied.txt)',
    });
    expect(after).toContain(SENTENCE);
    expect(await exists(path.join(repl!.cwd, 'denied.txt'))).toBe(false);
  });

  it('the sentence before a command with long output stays on screen, in a short terminal too', async () => {
    const after = await answerDialogAfterSentence({
      call: () => toolUse('Bash', { command: 'seq 1 300 && touch ran.txt' }),
      question: 'Do you want to run this command?',
      keys: ['1'],
      rows: 20,
    });
    expect(after).toContain(SENTENCE);
    expect(after).toContain('● Bash(seq 1 300 && touch ran.txt)');
  });
});

describe('REPL in a real terminal: keys that arrive together', () => {
  it('Backspaces and typing in one read are each applied as keys; no DEL byte reaches the model', async () => {
    repl = await startRepl({ script: [endTurn('Got it.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('abcdef');
    await terminal.waitFor('abcdef');
    await terminal.sendBytes('\x7f\x7f\x7fxy\x7f');
    await terminal.waitFor('> abcx');
    await terminal.press('Enter');
    await terminal.waitFor('Got it.');
    const sent = JSON.stringify(repl.server.requests[0]!.body.messages.at(-1).content);
    expect(sent).toContain('"abcx"');
    expect(sent).not.toContain('\x7f');
  });
});

describe('REPL in a real terminal: retries', () => {
  it('a run of 529s shows one updating status line and leaves no line per attempt', async () => {
    repl = await startRepl({ script: [overloaded({ retryAfterSeconds: 2 }), overloaded({ retryAfterMs: 300 }), endTurn('Back in business.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('hello');
    await terminal.press('Enter');
    await terminal.waitFor(/API overloaded · retrying in 2 s · attempt 1\/\d+/);
    await terminal.waitFor('Back in business.');
    const history = await terminal.history();
    expect(history).not.toMatch(/retrying|request failed|overloaded/i);
  });

  it('a stream cut mid-answer: the retried answer replaces the partial one instead of printing it twice', async () => {
    const answer = 'Paragraph one is here.\n\nParagraph two keeps going for a while.\n\nParagraph three ends it.';
    repl = await startRepl({ script: [cutStream(12, text(answer)), endTurn(answer)] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('hello');
    await terminal.press('Enter');
    await terminal.waitFor('Paragraph three ends it.');
    const history = await terminal.history();
    expect(history.split('Paragraph one is here.').length - 1).toBe(1);
    expect(history.split('Paragraph two keeps going').length - 1).toBe(1);
    expect(history).not.toMatch(/repeat|started over/);
  });
});

describe('REPL in a real terminal: a resumed session', () => {
  it('draws each tool call as it was drawn live: the command, the Edit diff, the result summary', async () => {
    const first = await startRepl({
      files: { 'notes.txt': 'alpha\nbeta\ngamma\n' },
      args: ['--permission-mode', 'acceptEdits'],
      script: {
        forCwd: (cwd) => [
          turn(toolUse('Read', { file_path: path.join(cwd, 'notes.txt') })),
          turn(toolUse('Edit', { file_path: path.join(cwd, 'notes.txt'), old_string: 'beta', new_string: 'BETA' })),
          turn(toolUse('Bash', { command: 'echo resumed-output-line' })),
          endTurn('All done.'),
        ],
      },
    });
    repl = first;
    await first.terminal.waitFor('Ask anything');
    await first.terminal.type('capitalise beta');
    await first.terminal.press('Enter');
    await first.terminal.waitFor('All done.');
    await first.terminal.type('/exit');
    await first.terminal.press('Enter');
    await first.terminal.waitForExit();
    await first.terminal.kill();
    await first.server.close();

    repl = await startRepl({ script: [], args: ['--continue'], folders: { cwd: first.cwd, configDir: first.configDir } });
    const screen = await repl.terminal.waitFor(/⎿\s+resumed-output-line/);
    expect(screen).not.toContain('(ran ');
    expect(screen).toContain('● Edit(notes.txt)');
    expect(screen).toMatch(/Edited notes\.txt/);
    expect(screen).toMatch(/-\s*beta/);
    expect(screen).toMatch(/\+\s*BETA/);
    expect(screen).toContain('● Bash(echo resumed-output-line)');
    expect(screen).toMatch(/⎿\s+resumed-output-line/);
  });
});

describe('REPL in a real terminal: the transcript view (Ctrl+O)', () => {
  it('shortened output says how to expand it; Ctrl+O shows all of it in a scrollable view, Esc leaves', async () => {
    repl = await startRepl({ script: [turn(toolUse('Bash', { command: 'seq 1 300' })), endTurn('Counted to three hundred.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('count');
    await terminal.press('Enter');
    const collapsed = await terminal.waitFor('Counted to three hundred.');
    expect(collapsed).toMatch(/… \+\d+ lines \(ctrl\+o to expand\)/);
    expect(collapsed).not.toMatch(/^\s*150$/m);

    await terminal.press('C-o');
    const view = await terminal.waitFor(/lines \d+–\d+ of \d+/);
    expect(view).toContain('Counted to three hundred.');
    expect(view).not.toContain('Ask anything');
    await terminal.press('g');
    await terminal.waitFor('> count');
    let screen = '';
    for (let page = 0; page < 20 && !/^\s*150$/m.test(screen); page++) {
      await terminal.press('PageDown');
      await new Promise((resolve) => setTimeout(resolve, 100));
      screen = await terminal.screen();
    }
    expect(screen).toMatch(/^\s*150$/m);

    await terminal.press('Escape');
    const back = await terminal.waitFor('Ask anything');
    expect(back).not.toContain('esc to close');
  });
});

describe('REPL in a real terminal: leaving', () => {
  it('Ctrl+D twice on an empty prompt exits and prints how to resume the session', async () => {
    repl = await startRepl({ script: [endTurn('Noted.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('remember this');
    await terminal.press('Enter');
    await terminal.waitFor('Noted.');
    await terminal.press('C-d');
    await terminal.waitFor('Press Ctrl+D again to exit');
    await terminal.press('C-d');
    expect(await terminal.waitForExit()).toBe(0);
    const screen = await terminal.history();
    expect(screen).toMatch(/Resume this session with: agentcli --resume [0-9a-f-]{36}/);
  });
});

describe('REPL in a real terminal: approving edits', () => {
  it('"Yes, allow all edits during this session (shift+tab)" switches to accept edits: the next edit runs without asking', async () => {
    repl = await startRepl({
      files: { 'notes.txt': 'alpha\nbeta\ngamma\n' },
      script: {
        forCwd: (cwd) => [
          turn(toolUse('Read', { file_path: path.join(cwd, 'notes.txt') })),
          turn(toolUse('Edit', { file_path: path.join(cwd, 'notes.txt'), old_string: 'beta', new_string: 'BETA' })),
          turn(toolUse('Edit', { file_path: path.join(cwd, 'notes.txt'), old_string: 'gamma', new_string: 'GAMMA' })),
          endTurn('Both edited.'),
        ],
      },
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('capitalise');
    await terminal.press('Enter');
    const dialog = await terminal.waitFor('Do you want to make this edit to notes.txt?');
    expect(dialog).toContain('2. Yes, allow all edits during this session (shift+tab)');
    // The question is the user's; the mode's internal reason is not shown.
    expect(dialog).not.toContain('needs permission');
    await terminal.press('BTab');
    const after = await terminal.waitFor('Both edited.');
    expect(after).toContain('accept edits on');
    expect(await terminal.history()).not.toMatch(/Do you want to make this edit[\s\S]*Do you want to make this edit/);
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(path.join(repl.cwd, 'notes.txt'), 'utf8')).toBe('alpha\nBETA\nGAMMA\n');
  });
});
