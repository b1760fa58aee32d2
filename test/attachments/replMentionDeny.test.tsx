// In the REPL an @file mention is read with the Read tool, through the same decision: a file a Read deny names is
// not attached — in bypassPermissions too — and its content reaches no request; an allowed file still is.
import { afterEach, describe, expect, it } from 'vitest';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { endTurn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from '../ui/support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

describe('REPL: @file mentions answer to Read deny rules', () => {
  it('@.env is not attached, even in bypassPermissions; @notes.md is', async () => {
    repl = await startReplFixture({
      tools: [ReadTool],
      mode: 'bypassPermissions',
      files: {
        '.env': 'API_KEY=MENTION-SECRET-5b1c',
        'notes.md': 'NOTES-OK',
        '.claude/settings.json': JSON.stringify({ permissions: { deny: ['Read(./.env)'] } }),
      },
      script: [endTurn('Looked.')],
    });
    await repl.submit('compare @.env with @notes.md please');
    await repl.terminal.waitFor('Looked.', 15_000);
    const sent = repl.server.requests.map((request) => JSON.stringify(request.body)).join('\n');
    expect(sent).not.toContain('MENTION-SECRET-5b1c');
    expect(sent).toContain('NOTES-OK');
    expect(sent).toContain('Contents of @.env (not attached: denied');
  });
});
