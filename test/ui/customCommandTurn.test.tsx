import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ruleSetOf } from '../../src/permissions/canUseTool.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { endTurn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

const exists = (file: string): Promise<boolean> => access(file).then(() => true, () => false);
const lastUserText = (body: { messages: { content: unknown }[] }): string => JSON.stringify(body.messages.at(-1)!.content);

const TOUCH_COMMAND = [
  '---',
  'description: Make the marker and report',
  'argument-hint: <label>',
  'allowed-tools: Bash(touch marker.txt)',
  'model: haiku',
  '---',
  'Label $1. Touch said: [!`touch marker.txt && echo touched`]',
  'Read @notes.md too.',
].join('\n');

describe('REPL: a custom command turn', () => {
  it('a namespaced command runs its !`cmd` under its allowed-tools, on its model, and the grant ends with the turn', async () => {
    repl = await startReplFixture({
      tools: [BashTool, ReadTool],
      files: { '.claude/commands/ops/touchy.md': TOUCH_COMMAND, 'notes.md': 'NOTE-CONTENT\n' },
      script: [endTurn('Marker made.')],
    });
    const ruleCount = () => ruleSetOf(repl!.session.appState.get().toolPermissionContext, repl!.cwd).rules.length;
    const before = ruleCount();
    await repl.submit('/ops:touchy first');
    const frame = await repl.terminal.waitFor('Marker made.', 20_000);
    expect(frame).not.toContain('Do you want to run this command?');
    expect(frame).toContain('● Bash(touch marker.txt && echo touched)');
    expect(await exists(path.join(repl.cwd, 'marker.txt'))).toBe(true);
    const request = repl.server.requests[0]!;
    // The command's model goes through the model table like --model does: the alias names the dated id.
    expect(request.body.model).toBe('claude-haiku-4-5-20251001');
    const sent = lastUserText(request.body);
    expect(sent).toContain('Label first. Touch said: [touched]');
    // @file references in the template are read through Read's permission check and attached.
    expect(sent).toContain('NOTE-CONTENT');
    expect(ruleCount()).toBe(before);

    // The same command typed as a plain !command after the turn asks again: the grant is gone.
    await repl.submit('!touch marker.txt');
    await repl.terminal.waitFor('Do you want to run this command?', 15_000);
    await repl.terminal.press('\u001B');
  });

  it('is listed in completion and /help with its argument hint and description', async () => {
    repl = await startReplFixture({ tools: [BashTool], files: { '.claude/commands/ops/touchy.md': TOUCH_COMMAND }, script: [] });
    await repl.terminal.press('/ops');
    const menu = await repl.terminal.waitFor('/ops:touchy <label>');
    expect(menu).toContain('Make the marker and report');
    await repl.terminal.press('\u0015');
    await repl.submit('/help');
    const help = await repl.terminal.waitFor(/\/ops:touchy <label>\s+Make the marker and report \(project\)/);
    expect(help).toContain('/help');
  });

  it('a denied !`cmd` is shown and nothing is sent to the model', async () => {
    repl = await startReplFixture({
      tools: [BashTool],
      files: { '.claude/commands/risky.md': 'Result: !`touch not-allowed.txt`' },
      script: [endTurn('should not be reached')],
    });
    await repl.submit('/risky');
    await repl.terminal.waitFor('Do you want to run this command?', 15_000);
    await repl.terminal.press('\u001B');
    const frame = await repl.terminal.waitFor('so the prompt was not sent');
    expect(frame).toContain('!`touch not-allowed.txt` did not run');
    expect(repl.server.requests).toHaveLength(0);
    expect(await exists(path.join(repl.cwd, 'not-allowed.txt'))).toBe(false);
  });

  it('a malformed allowed-tools rule grants nothing and the command does not run', async () => {
    repl = await startReplFixture({
      tools: [BashTool],
      files: { '.claude/commands/broken.md': '---\nallowed-tools: Bash(touch x\n---\n!`touch x`' },
      script: [endTurn('should not be reached')],
    });
    await repl.submit('/broken');
    await repl.terminal.waitFor('is not a valid rule');
    expect(repl.server.requests).toHaveLength(0);
    expect(await exists(path.join(repl.cwd, 'x'))).toBe(false);
  });
});
