import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { imageBlocksOfLastUserMessage, TINY_PNG, TINY_PNG_BASE64 } from '../support/tinyPng.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exists = (file: string) => access(file).then(() => true, () => false);
const lastUserText = (body: { messages: { content: unknown }[] }) => JSON.stringify(body.messages.at(-1)!.content);

describe('REPL in a real terminal: daily use', () => {
  it('the answered trust dialog leaves one line, with no pointer that looks live; so does an answered permission dialog', async () => {
    repl = await startRepl({ trusted: false, script: [turn(toolUse('Bash', { command: 'touch made.txt' })), endTurn('Made.')] });
    const { terminal } = repl;
    await terminal.waitFor('Do you trust the files in this folder?');
    await terminal.press('1');
    const screen = await terminal.waitFor('Ask anything');
    expect(screen).toContain(`✔ Trusted ${repl.cwd}`);
    expect(screen).not.toContain('Do you trust the files');
    expect(screen).not.toContain('❯');

    await terminal.type('make the file');
    await terminal.press('Enter');
    await terminal.waitFor('Do you want to run this command?');
    await terminal.press('1');
    const after = await terminal.waitFor('Made.', { scrollback: true });
    expect(after).not.toContain('Do you want to run this command?');
    expect(after).not.toMatch(/❯ 1\. Yes/);
  });

  it('@shot.png is sent to the model as an image block', async () => {
    repl = await startRepl({ files: { 'shot.png': TINY_PNG }, script: [endTurn('One red pixel.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    // A word after the mention, so Enter sends rather than completing the path.
    await terminal.type('what is in @shot.png please');
    await terminal.press('Enter');
    await terminal.waitFor('One red pixel.');
    const body = repl.server.requests[0]!.body;
    expect(imageBlocksOfLastUserMessage(body)).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } }]);
  });

  it('a namespaced custom command runs its !`cmd` under its allowed-tools, without a dialog', async () => {
    repl = await startRepl({
      files: {
        '.claude/commands/ops/mark.md': '---\ndescription: Leave a mark\nargument-hint: <name>\nallowed-tools: Bash(touch mark.txt)\n---\nMark $1: [!`touch mark.txt && echo marked`]\n',
      },
      script: [endTurn('The mark is made.')],
    });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('/ops:m');
    await terminal.waitFor('/ops:mark <name>');
    await terminal.type('ark first');
    await terminal.press('Enter');
    await terminal.waitFor('The mark is made.', { timeoutMs: 20_000 });
    expect(await terminal.history()).not.toContain('Do you want to run this command?');
    expect(await exists(path.join(repl.cwd, 'mark.txt'))).toBe(true);
    expect(lastUserText(repl.server.requests[0]!.body)).toContain('Mark first: [marked]');
  });

  it('/vim: Esc to normal mode, motions and edits, Enter sends', async () => {
    repl = await startRepl({ script: [endTurn('Vim works.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('/vim');
    await terminal.waitFor('Vim-style editing');
    await terminal.press('Enter');
    await terminal.waitFor('-- INSERT --');
    await terminal.type('hello wrld');
    await pause(150);
    await terminal.press('Escape');
    await terminal.waitFor('-- NORMAL --');
    await terminal.type('bl');
    await pause(100);
    await terminal.type('io');
    await terminal.waitFor('-- INSERT --');
    await pause(150);
    await terminal.press('Escape');
    await terminal.waitFor('-- NORMAL --');
    await terminal.type('0x');
    await terminal.waitFor('ello world');
    await terminal.press('Enter');
    await terminal.waitFor('Vim works.');
    expect(lastUserText(repl.server.requests[0]!.body)).toContain('ello world');
  });
});
