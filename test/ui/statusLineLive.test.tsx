import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusLineCommand } from '../../src/ui/status/statusLineCommand.js';
import { activeTheme, applyTheme, colors, PALETTES } from '../../src/ui/kit/theme.js';
import { endTurn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
afterEach(async () => {
  applyTheme('ansi');
  await repl?.close();
  repl = undefined;
});

describe('/statusline in the running REPL', () => {
  it('the new program shows at once, and runs again after each turn even when nothing it is told changed', async () => {
    // A turn that reports no usage changes nothing the program is told (cost and context stay 0),
    // so exactly one run — the one forced by the turn's end — follows it. With usage, a mid-turn
    // cost change is a run of its own whenever it lands more than 300 ms before the turn ends.
    const noUsage = { input_tokens: 0, output_tokens: 0 };
    repl = await startReplFixture({ script: [{ ...endTurn('one'), usage: noUsage }, { ...endTurn('two'), usage: noUsage }] });
    // Counts its runs in a file: the number is what shows.
    await repl.submit(`/statusline echo run >> runs; echo "runs: $(wc -l < runs)"`);
    await repl.terminal.waitFor(/^ *runs: 1 *$/m, 10_000);
    const before = (await readFile(path.join(repl.cwd, 'runs'), 'utf8')).split('\n').length;
    await repl.submit('hello');
    await repl.terminal.waitFor('one', 10_000);
    await repl.terminal.waitFor(new RegExp(`^ *runs: ${before} *$`, 'm'), 10_000);
    await repl.submit('/statusline off');
    await repl.terminal.waitFor('Status line program removed', 10_000);
    await repl.terminal.waitFor((frame: string) => !/^ *runs: \d+ *$/m.test(frame), 10_000);
  });
});

describe('StatusLineCommand.update', () => {
  it('an unchanged state runs nothing, unless forced (a turn ended)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-statusline-'));
    try {
      const command = new StatusLineCommand({ command: 'echo run >> runs; wc -l < runs', cwd: dir, minIntervalMs: 0 });
      const state = { sessionId: 's', cwd: dir, projectDir: dir, model: 'm', permissionMode: 'default', costUsd: 0, contextTokens: 0 };
      command.update(state);
      await vi.waitFor(() => expect(command.getSnapshot()?.trim()).toBe('1'));
      command.update(state);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(command.getSnapshot()?.trim()).toBe('1');
      command.update(state, { force: true });
      await vi.waitFor(() => expect(command.getSnapshot()?.trim()).toBe('2'));
      command.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('themes', () => {
  it('applyTheme swaps the palette every component reads', () => {
    applyTheme('light');
    expect(activeTheme()).toBe('light');
    expect(colors.accent).toBe(PALETTES.light.accent);
    applyTheme('ansi');
    expect(colors).toEqual(PALETTES.ansi);
  });
});
