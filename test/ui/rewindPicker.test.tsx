// The REPL's rewind in a fake terminal (ink-testing-library): /rewind and Esc Esc open the picker of earlier
// prompts with the files each changed (+/− lines); code only, conversation only, or both; the confirmation lists
// every file before anything changes; the prompt text comes back into the input box.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { WebFetchTool } from '../../src/tools/WebFetchTool/WebFetchTool.js';
import { WriteTool } from '../../src/tools/WriteTool/WriteTool.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

async function twoPrompts(): Promise<ReplFixture> {
  const fixture = await startReplFixture({
    mode: 'bypassPermissions',
    tools: [BashTool, WriteTool],
    files: { 'app.txt': 'one\ntwo\n' },
    script: [
      turn(toolUse('Bash', { command: "sed -i 's/two/TWO/' app.txt && echo new > made.txt" })),
      endTurn('first done'),
      turn(toolUse('Write', { file_path: 'second.txt', content: 'a\nb\nc\n' }, { id: 'toolu_second' })),
      endTurn('second done'),
    ],
  });
  await fixture.submit('change the app');
  await fixture.terminal.waitFor('first done');
  await fixture.submit('write another file');
  await fixture.terminal.waitFor('second done');
  // The turn ends once what it left is checkpointed; until then Esc would interrupt it.
  await fixture.controller.whenIdle();
  return fixture;
}

describe('REPL: rewind', () => {
  it('/rewind lists earlier prompts with their files (+/− lines); code only restores the files and keeps the conversation', async () => {
    repl = await twoPrompts();
    await repl.submit('/rewind');
    const picker = await repl.terminal.waitFor('Rewind to before which prompt?');
    expect(picker).toMatch(/change the app · 2 files \+2 −1: app\.txt \(\+1 −1\), made\.txt \(\+1 −0\)/);
    expect(picker).toMatch(/write another file · 1 file \+3 −0: second\.txt \(\+3 −0\)/);
    await repl.terminal.press('1');
    await repl.terminal.waitFor('Restore code and conversation');
    await repl.terminal.press('3');
    const confirm = await repl.terminal.waitFor('These files will change:');
    expect(confirm).toContain('restore app.txt (+1 −1)');
    expect(confirm).toContain('remove (created since) made.txt');
    expect(confirm).toContain('remove (created since) second.txt');
    // Nothing has changed yet.
    expect(readFileSync(path.join(repl.cwd, 'app.txt'), 'utf8')).toBe('one\nTWO\n');
    await repl.terminal.press('1');
    await repl.terminal.waitFor(/Restored 3 files/);
    expect(readFileSync(path.join(repl.cwd, 'app.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(existsSync(path.join(repl.cwd, 'made.txt'))).toBe(false);
    expect(existsSync(path.join(repl.cwd, 'second.txt'))).toBe(false);
    expect(repl.controller.conversation.messages.length).toBeGreaterThan(4);
  });

  it('Esc Esc on an empty prompt opens the picker; conversation only forks the conversation and puts the prompt back', async () => {
    repl = await twoPrompts();
    const transcript = repl.controller.conversation.transcriptPath!;
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor('Press Esc again to rewind');
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor('Rewind to before which prompt?');
    await repl.terminal.press('2');
    await repl.terminal.waitFor('Restore conversation');
    await repl.terminal.press('2');
    const frame = await repl.terminal.waitFor('The conversation is back to before that prompt');
    expect(frame).toContain('> write another file');
    expect(repl.controller.conversation.messages.map((message) => message.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // The files stay; the transcript keeps the old branch.
    expect(readFileSync(path.join(repl.cwd, 'second.txt'), 'utf8')).toBe('a\nb\nc\n');
    expect(readFileSync(transcript, 'utf8')).toContain('second done');
  });

  it('a prompt that changed no file but called out to the network is listed with what rewind cannot undo', async () => {
    repl = await startReplFixture({
      mode: 'bypassPermissions',
      tools: [BashTool, WebFetchTool],
      columns: 200,
      files: { 'app.txt': 'one\n' },
      script: [
        // Port 9 (discard) refuses at once: the call fails, but it was made, and rewind cannot take that back.
        turn(toolUse('WebFetch', { url: 'http://127.0.0.1:9/notify', prompt: 'what does it say' })),
        endTurn('fetched'),
        turn(toolUse('Bash', { command: 'echo two >> app.txt' }, { id: 'toolu_edit' })),
        endTurn('edited'),
      ],
    });
    await repl.submit('ping the deploy hook');
    await repl.terminal.waitFor('fetched');
    await repl.submit('append a line');
    await repl.terminal.waitFor('edited');
    await repl.controller.whenIdle();
    await repl.submit('/rewind');
    const picker = await repl.terminal.waitFor('Rewind to before which prompt?');
    expect(picker).toMatch(/ping the deploy hook · no file changes · cannot undo: network: WebFetch fetched http:\/\/127\.0\.0\.1:9\/notify/);
    await repl.terminal.press('1');
    await repl.terminal.waitFor('Restore code and conversation');
    await repl.terminal.press('3');
    const confirm = await repl.terminal.waitFor('These files will change:');
    expect(confirm).toContain('restore app.txt');
    expect(confirm).toContain('Cannot be undone: network: WebFetch fetched http://127.0.0.1:9/notify');
  });

  it('cancelling the confirmation changes nothing', async () => {
    repl = await twoPrompts();
    await repl.submit('/rewind');
    await repl.terminal.waitFor('Rewind to before which prompt?');
    await repl.terminal.press('1');
    await repl.terminal.waitFor('Restore code and conversation');
    await repl.terminal.press('1');
    await repl.terminal.waitFor('These files will change:');
    await repl.terminal.press('\u001B');
    await repl.terminal.waitFor('Rewind cancelled: nothing was changed.');
    expect(readFileSync(path.join(repl.cwd, 'app.txt'), 'utf8')).toBe('one\nTWO\n');
    expect(repl.controller.conversation.messages).toHaveLength(8);
  });
});
