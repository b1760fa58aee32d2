// The REPL's own pickers in a fake terminal: a `#` note goes to the memory file the user picks (never to
// the model) and the next request carries it; /memory edits a file and reloads; /model without an
// argument is a picker over the model table (current model marked, Esc keeps it).
import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteTool } from '../../src/tools/WriteTool/WriteTool.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

const ESC = '\u001B';
const DOWN = '\u001B[B';

let repl: ReplFixture | undefined;
afterEach(async () => {
  await repl?.close();
  repl = undefined;
});

function systemText(repl: ReplFixture, index: number): string {
  return JSON.stringify(repl.server.requests[index]!.body.system);
}

describe('REPL: # notes', () => {
  it('"# note" asks which memory file, appends the line there, sends nothing, and the next request carries it', async () => {
    repl = await startReplFixture({ script: [endTurn('ok')] });
    await repl.terminal.press('# always use pnpm, never npm');
    await repl.terminal.waitFor('# note: Enter saves it to a memory file you choose; it is not sent to the model');
    await repl.terminal.press('\r');
    const dialog = await repl.terminal.waitFor('Where should agentcli remember');
    expect(dialog).toContain('1. Project memory: ./CLAUDE.md · new file');
    expect(dialog).toContain('2. Local project memory: ./CLAUDE.local.md · new file');
    expect(dialog).toContain('3. User memory:');
    await repl.terminal.press('2');
    const local = path.join(repl.cwd, 'CLAUDE.local.md');
    await repl.terminal.waitFor(`Noted in ${local}`);
    expect(await readFile(local, 'utf8')).toBe('- always use pnpm, never npm\n');
    expect(repl.terminal.lastFrame()).not.toContain('Where should agentcli remember');
    expect(repl.server.requests).toHaveLength(0);

    await repl.submit('hello');
    await repl.terminal.waitFor('ok');
    expect(systemText(repl, 0)).toContain('always use pnpm, never npm');
    // The note itself never went to the model as a message.
    expect(JSON.stringify(repl.server.requests[0]!.body.messages)).not.toContain('always use pnpm');
  });

  it('a note is appended on its own line to an existing file; Esc saves nothing and gives the text back', async () => {
    repl = await startReplFixture({ script: [], files: { 'CLAUDE.md': 'Use tabs.' } });
    await repl.submit('# run make check before committing');
    await repl.terminal.waitFor('Where should agentcli remember');
    await repl.terminal.press('\r');
    await repl.terminal.waitFor('Noted in');
    expect(await readFile(path.join(repl.cwd, 'CLAUDE.md'), 'utf8')).toBe('Use tabs.\n- run make check before committing\n');

    await repl.submit('# forget this');
    await repl.terminal.waitFor('Where should agentcli remember');
    await repl.terminal.press(ESC);
    const frame = await repl.terminal.waitFor('Not saved.');
    expect(frame).toContain('> # forget this');
    expect(await readFile(path.join(repl.cwd, 'CLAUDE.md'), 'utf8')).not.toContain('forget this');
    await expect(readFile(path.join(repl.cwd, 'CLAUDE.local.md'), 'utf8')).rejects.toThrow();
    expect(repl.server.requests).toHaveLength(0);
  });
});

describe('REPL: /memory', () => {
  it('picks a file, hands it to the editor, and the next request carries the edit', async () => {
    const opened: string[] = [];
    repl = await startReplFixture({
      script: [endTurn('done')],
      openEditor: (file) => {
        opened.push(file);
        appendFileSync(file, 'The build command is make all.\n');
        return { ok: true, editor: 'test-editor' };
      },
    });
    await repl.submit('/memory');
    const dialog = await repl.terminal.waitFor('Which memory file do you want to edit?');
    expect(dialog).toMatch(/❯ 1\. Project memory: \.\/CLAUDE\.md · new file/);
    await repl.terminal.press('1');
    const project = path.join(repl.cwd, 'CLAUDE.md');
    await repl.terminal.waitFor(`Edited ${project} with test-editor`);
    expect(opened).toEqual([project]);
    await repl.submit('build it');
    await repl.terminal.waitFor('done');
    expect(systemText(repl, 0)).toContain('The build command is make all.');
  });
});

describe('REPL: /init', () => {
  it('the CLAUDE.md the model writes (with the user\'s approval) is in force from the next request, without a restart', async () => {
    repl = await startReplFixture({
      tools: [WriteTool],
      script: (request) =>
        request.index === 0
          ? turn(toolUse('Write', { file_path: path.join(repl!.cwd, 'CLAUDE.md'), content: '# Project\nRun make check before committing.\n' }))
          : request.index === 1
            ? endTurn('Wrote CLAUDE.md.')
            : endTurn('Understood, make check it is.'),
    });
    await repl.submit('/init');
    await repl.terminal.waitFor('Do you want to');
    await repl.terminal.press('1');
    await repl.terminal.waitFor('Wrote CLAUDE.md.');
    expect(systemText(repl, 0)).not.toContain('Run make check before committing.');
    await repl.submit('hello');
    await repl.terminal.waitFor('Understood, make check it is.');
    expect(systemText(repl, 2)).toContain('Run make check before committing.');
  });
});

describe('REPL: /model', () => {
  it('/model alone shows the table with the current model marked; a choice switches the next request\'s model', async () => {
    repl = await startReplFixture({ script: [endTurn('hi')] });
    const current = repl.controller.getStatus().model;
    await repl.submit('/model');
    const picker = await repl.terminal.waitFor('Which model should answer the next prompts?');
    expect(picker).toMatch(/❯ \d\. .*✔ · /);
    expect(picker).toContain('Opus 4.8 (opus)');
    expect(picker).toContain('Haiku 4.5 (haiku) · claude-haiku-4-5-20251001 · 200k context');
    expect(picker.split('\n').find((line) => line.includes('❯'))).toContain(current);
    const haikuLine = picker.split('\n').find((line) => line.includes('Haiku 4.5'))!;
    await repl.terminal.press(/(\d)\./.exec(haikuLine)![1]!);
    await repl.terminal.waitFor('Model set to claude-haiku-4-5-20251001');
    await repl.submit('hello');
    await repl.terminal.waitFor('hi');
    expect(repl.server.requests[0]!.body.model).toBe('claude-haiku-4-5-20251001');
  });

  it('Esc keeps the model and closes the picker', async () => {
    repl = await startReplFixture({ script: [] });
    const current = repl.controller.getStatus().model;
    await repl.submit('/model');
    await repl.terminal.waitFor('Which model should answer');
    await repl.terminal.press(DOWN);
    await repl.terminal.press(ESC);
    const frame = await repl.terminal.waitFor(`Model unchanged: ${current}.`);
    expect(frame).not.toContain('Which model should answer');
    expect(repl.controller.getStatus().model).toBe(current);
  });
});
