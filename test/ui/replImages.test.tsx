import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { endTurn } from '../support/scenario.js';
import { imageBlocksOfLastUserMessage, TINY_PNG, TINY_PNG_BASE64 } from '../support/tinyPng.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

describe('REPL: images in the prompt', () => {
  it('@shot.png is sent as an image block, not as the text [image]', async () => {
    repl = await startReplFixture({ tools: [ReadTool], files: { 'shots/shot.png': TINY_PNG }, script: [endTurn('A single pixel.')] });
    await repl.submit('what is in @shots/shot.png?');
    await repl.terminal.waitFor('A single pixel.', 15_000);
    const body = repl.server.requests[0]!.body;
    expect(imageBlocksOfLastUserMessage(body)).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } }]);
    const sent = JSON.stringify(body.messages.at(-1)!.content);
    expect(sent).not.toContain('[image]');
    expect(sent).toContain('what is in @shots/shot.png?');
  });

  it('a dropped image file (its path pasted, with spaces) becomes an @mention and is sent as an image', async () => {
    repl = await startReplFixture({ tools: [ReadTool], files: { 'Screen Shot 1.png': TINY_PNG }, script: [endTurn('Got the screenshot.')] });
    const dropped = `'${path.join(repl.cwd, 'Screen Shot 1.png')}'`;
    await repl.terminal.press(`\u001B[200~${dropped}\u001B[201~`);
    await repl.terminal.waitFor(`@${path.join(repl.cwd, 'Screen\\ Shot\\ 1.png')}`);
    await repl.terminal.press('explain');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('Got the screenshot.', 15_000);
    expect(imageBlocksOfLastUserMessage(repl.server.requests[0]!.body)).toHaveLength(1);
  });

  it('an image Read refuses is not sent, and the model is told why', async () => {
    repl = await startReplFixture({ tools: [ReadTool], files: { 'fake.png': 'not really a png' }, script: [endTurn('Nothing to see.')] });
    // Text after the mention: Enter on a word still being completed picks the completion instead of sending.
    await repl.submit('look at @fake.png, please');
    await repl.terminal.waitFor('Nothing to see.', 15_000);
    const body = repl.server.requests[0]!.body;
    expect(imageBlocksOfLastUserMessage(body)).toEqual([]);
    expect(JSON.stringify(body.messages.at(-1)!.content)).toContain('not attached');
  });
});
