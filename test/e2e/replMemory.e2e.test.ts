// /memory and # notes in a real terminal (tmux): the editor gets a cooked terminal of its own, the REPL
// takes it back afterwards (keys work, the screen repaints), the file on disk has the edit, and the next
// request's system prompt carries it.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endTurn } from '../support/scenario.js';
import { startRepl, type ReplRun } from './support/replHarness.js';

let repl: ReplRun | undefined;
let scratch: string | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** An "editor" that appends a line to the file it is given and notes whether the terminal was handed over cooked. */
async function appendingEditor(line: string): Promise<{ editor: string; report: string }> {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'agentcli-e2e-editor-'));
  const report = path.join(scratch, 'report.txt');
  const editor = path.join(scratch, 'append-editor.sh');
  await writeFile(
    editor,
    [
      '#!/bin/sh',
      `if stty -a < /dev/tty | grep -q -- ' icanon'; then mode=cooked; else mode=raw; fi`,
      `printf '%s %s\\n' "$mode" "$1" >> '${report}'`,
      `printf '%s\\n' '${line}' >> "$1"`,
    ].join('\n'),
  );
  await chmod(editor, 0o755);
  return { editor, report };
}

describe('REPL in a real terminal: memory', () => {
  it('/memory opens the chosen file in $EDITOR with a cooked terminal, then the REPL works again and the next request carries the edit', async () => {
    const { editor, report } = await appendingEditor('Always answer in haiku form.');
    repl = await startRepl({ env: { EDITOR: editor, VISUAL: '' }, files: { 'CLAUDE.md': 'Use tabs.\n' }, script: [endTurn('Understood.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('/memory');
    await terminal.press('Enter');
    await terminal.waitFor('Which memory file do you want to edit?');
    await terminal.press('1');
    const project = path.join(repl.cwd, 'CLAUDE.md');
    await terminal.waitFor(`Edited ${project}`);
    expect(await readFile(report, 'utf8')).toBe(`cooked ${project}\n`);
    expect(await readFile(project, 'utf8')).toBe('Use tabs.\nAlways answer in haiku form.\n');

    // Raw mode is back: typed keys reach the prompt and Enter sends.
    await terminal.type('write a poem');
    await terminal.press('Enter');
    await terminal.waitFor('Understood.');
    expect(JSON.stringify(repl.server.requests[0]!.body.system)).toContain('Always answer in haiku form.');
  });

  it('# note: the user picks user memory, the line lands there, the model is not called for it, and the next request carries it', async () => {
    repl = await startRepl({ script: [endTurn('Noted and used.')] });
    const { terminal } = repl;
    await terminal.waitFor('Ask anything');
    await terminal.type('# my name is Ada');
    await terminal.press('Enter');
    await terminal.waitFor('Where should agentcli remember');
    await terminal.press('3');
    const userMemory = path.join(repl.configDir, 'CLAUDE.md');
    await terminal.waitFor('Noted in');
    expect(await readFile(userMemory, 'utf8')).toBe('- my name is Ada\n');
    expect(repl.server.requests).toHaveLength(0);
    await terminal.type('who am I');
    await terminal.press('Enter');
    await terminal.waitFor('Noted and used.');
    expect(JSON.stringify(repl.server.requests[0]!.body.system)).toContain('my name is Ada');
  });
});
