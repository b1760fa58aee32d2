// The pieces behind /memory and # notes: where memory can go, how a note is appended, reloading memory
// (prompt and rule lines; a malformed rule line keeps the old rules), the editor command and the
// terminal handoff around it.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryGateFor } from '../support/memoryGate.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryNoteOf } from '../../src/commands/memoryNote.js';
import { appendMemoryNote, editableMemoryTargets, ensureMemoryFile, standardMemoryTargets } from '../../src/context/memoryTargets.js';
import { loadMemoryFiles } from '../../src/context/memoryFiles.js';
import { ruleSetOf } from '../../src/permissions/canUseTool.js';
import { createSession } from '../../src/app/createSession.js';
import { createTerminalHandoff } from '../../src/ui/repl/terminalHandoff.js';
import { resolveEditor, runEditorInForeground } from '../../src/utils/process/externalEditor.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-memedit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('memory targets and notes', () => {
  it('offers project, local and user memory; /memory adds the files in force (imports too) first, without duplicates', async () => {
    const cwd = path.join(dir, 'repo');
    const configDir = path.join(dir, 'config');
    await mkdir(path.join(cwd, 'docs'), { recursive: true });
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'See @docs/style.md\n');
    await writeFile(path.join(cwd, 'docs', 'style.md'), 'Tabs.\n');
    await writeFile(path.join(cwd, 'AGENTS.md'), 'Run make.\n');
    const inForce = await loadMemoryFiles({ cwd, projectRoot: cwd, configDir, gate: memoryGateFor({ cwd, configDir }) });
    expect(standardMemoryTargets({ cwd, configDir }).map((target) => [target.label, target.path])).toEqual([
      ['Project memory', path.join(cwd, 'CLAUDE.md')],
      ['Local project memory', path.join(cwd, 'CLAUDE.local.md')],
      ['User memory', path.join(configDir, 'CLAUDE.md')],
    ]);
    expect(editableMemoryTargets({ cwd, configDir, inForce }).map((target) => [target.label, path.relative(dir, target.path), target.inForce])).toEqual([
      ['Project memory', 'repo/CLAUDE.md', true],
      ['Imported by CLAUDE.md', 'repo/docs/style.md', true],
      ['Project memory (AGENTS.md)', 'repo/AGENTS.md', true],
      ['Local project memory', 'repo/CLAUDE.local.md', false],
      ['User memory', 'config/CLAUDE.md', false],
    ]);
  });

  it('a note becomes a list item on its own line; the folder and file are created; list items are kept as typed', async () => {
    const file = path.join(dir, 'deep', 'CLAUDE.md');
    await appendMemoryNote(file, 'use pnpm');
    await appendMemoryNote(file, '- deny: Bash(rm:*)');
    expect(await readFile(file, 'utf8')).toBe('- use pnpm\n- deny: Bash(rm:*)\n');
    const noNewline = path.join(dir, 'CLAUDE.local.md');
    await writeFile(noNewline, 'Existing text');
    await appendMemoryNote(noNewline, 'more');
    expect(await readFile(noNewline, 'utf8')).toBe('Existing text\n- more\n');
  });

  it('ensureMemoryFile never truncates a file that exists', async () => {
    const file = path.join(dir, 'CLAUDE.md');
    await writeFile(file, 'keep me\n');
    await ensureMemoryFile(file);
    expect(await readFile(file, 'utf8')).toBe('keep me\n');
  });

  it('only "#" followed by text is a note', () => {
    expect(memoryNoteOf('# use pnpm')).toBe('use pnpm');
    expect(memoryNoteOf('#use pnpm')).toBe('use pnpm');
    expect(memoryNoteOf('#')).toBeUndefined();
    expect(memoryNoteOf('#   ')).toBeUndefined();
    expect(memoryNoteOf('what does # mean')).toBeUndefined();
  });
});

describe('reloading memory', () => {
  async function session(cwd: string) {
    return createSession({ cwd, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: path.join(dir, 'config') }, isInteractive: true, isTrusted: true, baseTools: [] });
  }
  const denyRules = (s: Awaited<ReturnType<typeof session>>) =>
    ruleSetOf(s.appState.get().toolPermissionContext, s.cwd)
      .rules.filter((rule) => rule.behavior === 'deny')
      .map((rule) => rule.rule.text);

  it('the system prompt and the memory files\' rule lines follow the files; rules from elsewhere stay', async () => {
    const cwd = path.join(dir, 'p');
    await mkdir(path.join(cwd, '.claude'), { recursive: true });
    await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['WebFetch'] } }));
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'deny: Bash(rm:*)\n');
    const s = await session(cwd);
    expect(denyRules(s).sort()).toEqual(['Bash(rm:*)', 'WebFetch']);
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'deny: Bash(curl:*)\nPrefer small commits.\n');
    expect(await s.reloadMemory()).toBeUndefined();
    expect(denyRules(s).sort()).toEqual(['Bash(curl:*)', 'WebFetch']);
    expect(JSON.stringify(s.systemPrompt)).toContain('Prefer small commits.');
    expect(s.memoryFiles).toHaveLength(1);
  });

  it('a malformed rule line keeps the previous memory rules in force and says why (a half-read file must not drop a deny)', async () => {
    const cwd = path.join(dir, 'q');
    await mkdir(cwd, { recursive: true });
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'deny: Bash(rm:*)\n');
    const s = await session(cwd);
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'deny: Bash(rm:*\n');
    const problem = await s.reloadMemory();
    expect(problem).toMatch(/rule lines were not applied .*CLAUDE\.md:1/s);
    expect(denyRules(s)).toEqual(['Bash(rm:*)']);
  });
});

describe('the editor', () => {
  it('$VISUAL wins over $EDITOR; without either, a default editor found on PATH; none at all is undefined', async () => {
    expect(resolveEditor({ VISUAL: 'code --wait', EDITOR: 'nano', PATH: '' })).toBe('code --wait');
    expect(resolveEditor({ EDITOR: 'nano', PATH: '' })).toBe('nano');
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'nano'), '#!/bin/sh\n', { mode: 0o755 });
    expect(resolveEditor({ PATH: bin })).toBe('nano');
    expect(resolveEditor({ PATH: path.join(dir, 'empty') })).toBeUndefined();
    expect(runEditorInForeground(path.join(dir, 'x.md'), { PATH: path.join(dir, 'empty') })).toEqual({
      ok: false,
      reason: 'no editor found: set $EDITOR (or $VISUAL), e.g. export EDITOR=nano',
    });
  });

  it('file_name_with_shell_syntax_is_not_run: the path reaches the editor as one argument, never as shell text', async () => {
    const file = path.join(dir, 'odd $(touch pwned) `touch pwned2`; name.md');
    await writeFile(file, '');
    const editor = path.join(dir, 'editor.sh');
    await writeFile(editor, '#!/bin/sh\nprintf "%s|%s" "$1" "$#" > "$(dirname "$0")/args.txt"\n', { mode: 0o755 });
    const run = runEditorInForeground(file, { EDITOR: `${editor} --flag-ignored`, PATH: process.env.PATH });
    expect(run).toEqual({ ok: true, editor: `${editor} --flag-ignored` });
    expect(await readFile(path.join(dir, 'args.txt'), 'utf8')).toBe(`--flag-ignored|2`);
    await expect(readFile(path.join(process.cwd(), 'pwned'))).rejects.toThrow();
    await expect(readFile(path.join(dir, 'pwned'))).rejects.toThrow();
  });

  it('an editor that exits non-zero is reported with its status', () => {
    expect(runEditorInForeground(path.join(dir, 'x.md'), { EDITOR: 'false', PATH: process.env.PATH })).toEqual({ ok: false, reason: 'false exited with status 1' });
  });
});

describe('terminal handoff', () => {
  it('raw mode off and the terminal as a shell leaves it while the program runs; all restored afterwards, even when it throws', () => {
    const events: string[] = [];
    const stdin = { isTTY: true, setRawMode: (on: boolean) => events.push(`raw:${on}`) };
    const handoff = createTerminalHandoff({ stdin, write: (text) => events.push(JSON.stringify(text)), env: {} });
    expect(handoff(() => (events.push('run'), 7))).toBe(7);
    expect(events).toEqual([JSON.stringify('\u001B[?2004l\u001B[?25h'), 'raw:false', 'run', 'raw:true', JSON.stringify('\u001B[?2004h\u001B[?25l')]);
    events.length = 0;
    expect(() => handoff(() => { throw new Error('editor crashed'); })).toThrow('editor crashed');
    expect(events.at(-2)).toBe('raw:true');
  });

  it('in a kitty-protocol terminal the keyboard mode is popped for the program and pushed back after', () => {
    const written: string[] = [];
    const stdin = { isTTY: true, setRawMode: () => undefined };
    const handoff = createTerminalHandoff({ stdin, write: (text) => written.push(text), env: { TERM: 'xterm-kitty' } });
    handoff(() => undefined);
    expect(written[0]!.startsWith('\u001B[<u')).toBe(true);
    expect(written[1]!.startsWith('\u001B[>1u')).toBe(true);
  });
});
