// The REPL's session commands in a fake terminal: /compact (with the line it prints), /context,
// /export to a file and to the clipboard, /clear (a new session id and transcript), /resume with
// the picker.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { osc52Copy as osc52 } from '../../src/utils/terminal/osc.js';
import { endTurn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

describe('REPL: sessions', () => {
  it('/compact summarises on demand and says what happened', async () => {
    repl = await startReplFixture({ script: [endTurn('first answer'), endTurn('the summary'), endTurn('after compaction')] });
    await repl.submit('one');
    await repl.terminal.waitFor('first answer');
    await repl.submit('/compact keep the file names');
    const frame = await repl.terminal.waitFor(/Compacted .* tokens · .* · full history in the transcript/);
    expect(frame).toMatch(/Compacted \d+k? → \d+k? tokens/);
    expect(JSON.stringify(repl.server.requests[1]!.body.messages)).toContain('keep the file names');
    await repl.submit('two');
    await repl.terminal.waitFor('after compaction');
    expect(JSON.stringify(repl.server.requests[2]!.body.messages)).toContain('the summary');
    repl.server.assertNoViolations();
  });

  it('/context shows the parts of the context with their share of the window', async () => {
    repl = await startReplFixture({ script: [endTurn('hello')] });
    await repl.submit('hi');
    await repl.terminal.waitFor('hello');
    await repl.submit('/context');
    const frame = await repl.terminal.waitFor('Tool results');
    expect(frame).toMatch(/Context: .* of .* tokens \(\d+\.\d%\)/);
    for (const part of ['System prompt', 'Tool definitions', 'Memory files', 'Messages']) expect(frame).toContain(part);
    expect(frame).toContain('Automatic compaction at');
  });

  it('/export writes Markdown to a file, and copies it to the clipboard with OSC 52 without one', async () => {
    repl = await startReplFixture({ script: [endTurn('the **answer**')] });
    await repl.submit('the question');
    await repl.terminal.waitFor('answer');
    await repl.submit('/export notes/out.md');
    await repl.terminal.waitFor('Exported the conversation to');
    const text = await readFile(path.join(repl.cwd, 'notes', 'out.md'), 'utf8');
    expect(text).toContain('## User\n\nthe question');
    expect(text).toContain('## Assistant\n\nthe **answer**');

    const written: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      await repl.submit('/export');
      await repl.terminal.waitFor('to the clipboard');
    } finally {
      process.stdout.write = original;
    }
    const sequence = written.find((chunk) => chunk.includes('\u001B]52;c;'));
    expect(sequence).toBeDefined();
    const payload = /\u001B\]52;c;([A-Za-z0-9+/=]+)\u0007/.exec(sequence!)![1]!;
    expect(Buffer.from(payload, 'base64').toString('utf8')).toContain('the question');
  });

  it('/clear starts a new session: new id, new transcript, the old one stays on disk', async () => {
    repl = await startReplFixture({ script: [endTurn('first'), endTurn('second')] });
    await repl.submit('one');
    await repl.terminal.waitFor('first');
    const oldId = repl.controller.conversation.id;
    const oldFile = repl.controller.conversation.transcriptPath!;
    await repl.submit('/clear');
    await repl.terminal.waitFor('Conversation cleared');
    expect(repl.controller.conversation.id).not.toBe(oldId);
    await repl.submit('two');
    await repl.terminal.waitFor('second');
    expect(repl.server.requests[1]!.body.messages).toHaveLength(1);
    expect(await readFile(oldFile, 'utf8')).toContain('"one"');
    expect(await readFile(repl.controller.conversation.transcriptPath!, 'utf8')).toContain('"two"');
  });

  it('/resume opens a picker of saved sessions and takes the chosen one up', async () => {
    repl = await startReplFixture({ script: [endTurn('answer about apples'), endTurn('fresh start'), endTurn('back with apples')] });
    await repl.submit('tell me about apples');
    await repl.terminal.waitFor('answer about apples');
    const appleId = repl.controller.conversation.id;
    await repl.submit('/clear');
    await repl.terminal.waitFor('Conversation cleared');
    await repl.submit('something else');
    await repl.terminal.waitFor('fresh start');
    await repl.submit('/resume');
    await repl.terminal.waitFor('Which session do you want to resume?');
    const frame = await repl.terminal.waitFor('tell me about apples');
    expect(frame).toMatch(/1 message|2 messages/);
    // The search box narrows the list; the session under the cursor previews its first and last message.
    await repl.terminal.press('apples');
    const searched = await repl.terminal.waitFor('Search: apples');
    expect(searched).not.toContain('something else [');
    expect(searched).toContain('Last message (assistant): answer about apples');
    expect(searched).toContain('Use "apples" as a session id');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor(`Resumed session ${appleId}`);
    expect(repl.controller.conversation.id).toBe(appleId);
    await repl.submit('more apples');
    await repl.terminal.waitFor('back with apples');
    const texts = JSON.stringify(repl.server.requests[2]!.body.messages);
    expect(texts).toContain('tell me about apples');
    expect(texts).not.toContain('something else');
  });

  it('/resume takes a typed session id that is not listed, and says when there is none such', async () => {
    repl = await startReplFixture({ script: [endTurn('first answer'), endTurn('second answer')] });
    await repl.submit('hello');
    await repl.terminal.waitFor('first answer');
    const firstId = repl.controller.conversation.id;
    await repl.submit('/clear');
    await repl.terminal.waitFor('Conversation cleared');
    await repl.submit('/resume');
    await repl.terminal.waitFor('Which session do you want to resume?');
    await repl.terminal.press('no-such-session');
    await repl.terminal.waitFor('No match.');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('No saved session with id no-such-session.');
    await repl.submit('/resume');
    await repl.terminal.waitFor('Which session do you want to resume?');
    await repl.terminal.press(firstId);
    await repl.terminal.waitFor(`Use "${firstId}" as a session id`);
    await repl.terminal.press('\r');
    await repl.terminal.waitFor(`Resumed session ${firstId}`);
  });

  it('OSC 52 is wrapped for tmux', () => {
    expect(osc52('hi', {})).toBe('\u001B]52;c;aGk=\u0007');
    expect(osc52('hi', { TMUX: '/tmp/tmux' })).toBe('\u001BPtmux;\u001B\u001B]52;c;aGk=\u0007\u001B\\');
  });
});
