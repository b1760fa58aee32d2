import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDirCommand } from '../../src/commands/builtin/addDir.js';
import { copyCommand } from '../../src/commands/builtin/copy.js';
import type { CommandResult } from '../../src/commands/custom/commandResult.js';
import type { ConversationMessage } from '../../src/types/messages.js';
import { osc52Copy, osc777Notification, osc9Notification } from '../../src/utils/terminal/osc.js';
import { assistantMessage } from './support/events.js';
import { commandFixture, type CommandFixture } from './support/commandContext.js';

let fixture: CommandFixture;
let outside: string;
beforeEach(async () => {
  fixture = await commandFixture();
  outside = await mkdtemp(path.join(os.tmpdir(), 'agentcli-adddir-'));
});
afterEach(async () => {
  await fixture.cleanup();
  await rm(outside, { recursive: true, force: true });
});

function text(result: CommandResult): string {
  if (result.type !== 'text') throw new Error(`expected text, got ${result.type}`);
  return result.text;
}

function assistant(answer: string): ConversationMessage {
  const event = assistantMessage(answer);
  if (event.type !== 'assistant_message') throw new Error('unexpected event');
  return event.message;
}

describe('/copy', () => {
  it('copies the last non-empty answer', async () => {
    fixture.state.messages = [assistant('first answer'), assistant('the\nlast answer')];
    expect(text(await copyCommand.run('', fixture.context))).toContain('Copied the last answer (2 lines)');
    expect(fixture.state.copied).toEqual(['the\nlast answer']);
  });

  it('says so when there is nothing to copy', async () => {
    expect(await copyCommand.run('', fixture.context)).toMatchObject({ tone: 'error', text: 'There is no answer to copy yet.' });
    expect(fixture.state.copied).toEqual([]);
  });
});

describe('terminal sequences', () => {
  it('OSC 52 carries the text as base64; inside tmux it is wrapped for pass-through', () => {
    expect(osc52Copy('hi', {})).toBe('\u001B]52;c;aGk=\u0007');
    expect(osc52Copy('hi', { TMUX: '/tmp/tmux-0/default,1,0' })).toBe('\u001BPtmux;\u001B\u001B]52;c;aGk=\u0007\u001B\\');
  });

  it('notifications cannot be cut short by control characters in the message', () => {
    expect(osc9Notification('done\u0007\u001B]52;c;evil', {})).toBe('\u001B]9;done  ]52 c evil\u0007');
    expect(osc777Notification('agentcli', 'turn done', {})).toBe('\u001B]777;notify;agentcli;turn done\u0007');
  });
});

describe('/add-dir', () => {
  const dirs = () => fixture.session.appState.get().toolPermissionContext.workingDirectories;

  it('adds a directory (resolved through symlinks) to the working directories', async () => {
    const link = path.join(outside, 'link');
    await mkdir(path.join(outside, 'real'));
    await symlink(path.join(outside, 'real'), link);
    expect(text(await addDirCommand.run(link, fixture.context))).toContain('Added');
    expect(dirs().at(-1)).toBe(path.join(await import('node:fs/promises').then((fs) => fs.realpath(outside)), 'real'));
  });

  it('refuses a missing path or a file, and does not add one already covered', async () => {
    const before = dirs().length;
    expect(await addDirCommand.run(path.join(outside, 'missing'), fixture.context)).toMatchObject({ tone: 'error' });
    expect(await addDirCommand.run('', fixture.context)).toMatchObject({ tone: 'error', text: 'Usage: /add-dir <path>' });
    expect(text(await addDirCommand.run('.', fixture.context))).toContain('already inside the working directory');
    expect(dirs()).toHaveLength(before);
  });
});
