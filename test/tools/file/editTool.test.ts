// Edit on real files: the read-first and stale-file guards, match rules and their errors,
// quote tolerance, file creation, and preservation of line endings, BOM, encoding and mode.
import { execFileSync } from 'node:child_process';
import { chmod, link, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditTool, type EditSuccess } from '../../../src/tools/EditTool/EditTool.js';
import { createSandbox, outputOfType, type FileToolSandbox } from './fileToolHarness.js';
import { preparedCall } from '../../support/preparedCalls.js';

let box: FileToolSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.cleanup();
});

async function readAndEdit(name: string, content: string | Buffer, edit: { old_string: string; new_string: string; replace_all?: boolean }) {
  await writeFile(box.path(name), content);
  const read = await box.call('Read', { file_path: box.path(name) });
  expect(read.isError).toBe(false);
  return box.call('Edit', { file_path: box.path(name), ...edit });
}

/** Appends to a file from another process, as an editor or a formatter would. */
function appendFromAnotherProcess(filePath: string, text: string): void {
  execFileSync('sh', ['-c', 'printf "%s" "$1" >> "$2"', 'sh', text, filePath]);
}

describe('Edit: guards', () => {
  it('refuses a file that was not read in this session, telling the model to Read it first', async () => {
    await writeFile(box.path('a.ts'), 'let x = 1;\n');
    const { text, isError } = await box.call('Edit', { file_path: box.path('a.ts'), old_string: 'x = 1', new_string: 'x = 2' });
    expect(isError).toBe(true);
    expect(text).toContain('a.ts has not been read in this session');
    expect(text).toContain('Read it first');
    expect(await readFile(box.path('a.ts'), 'utf8')).toBe('let x = 1;\n');
  });

  it('refuses a file changed by another process between Read and Edit', async () => {
    await writeFile(box.path('a.ts'), 'let x = 1;\n');
    await box.call('Read', { file_path: box.path('a.ts') });
    appendFromAnotherProcess(box.path('a.ts'), 'let y = 2;\n');
    const { text, isError } = await box.call('Edit', { file_path: box.path('a.ts'), old_string: 'x = 1', new_string: 'x = 3' });
    expect(isError).toBe(true);
    expect(text).toContain('a.ts has changed on disk since you last read it');
    expect(text).toContain('Read it again');
    expect(await readFile(box.path('a.ts'), 'utf8')).toBe('let x = 1;\nlet y = 2;\n');
  });

  it('tolerates a touch that changed the mtime but not the content', async () => {
    await writeFile(box.path('a.ts'), 'let x = 1;\n');
    await box.call('Read', { file_path: box.path('a.ts') });
    const before = (await stat(box.path('a.ts'))).mtimeMs;
    execFileSync('touch', ['-d', '2031-05-06 07:08:09', box.path('a.ts')]);
    expect((await stat(box.path('a.ts'))).mtimeMs).not.toBe(before);
    const { isError } = await box.call('Edit', { file_path: box.path('a.ts'), old_string: 'x = 1', new_string: 'x = 2' });
    expect(isError).toBe(false);
    expect(await readFile(box.path('a.ts'), 'utf8')).toBe('let x = 2;\n');
  });

  it('allows a second edit without a re-read (the write updates what the model knows)', async () => {
    const first = await readAndEdit('a.ts', 'one\ntwo\n', { old_string: 'one', new_string: 'ONE' });
    expect(first.isError).toBe(false);
    const second = await box.call('Edit', { file_path: box.path('a.ts'), old_string: 'two', new_string: 'TWO' });
    expect(second.isError).toBe(false);
    expect(await readFile(box.path('a.ts'), 'utf8')).toBe('ONE\nTWO\n');
  });

  it('refuses a read-only file (mode 0444) — for root too, whom the OS would let through', async () => {
    await writeFile(box.path('locked.txt'), 'keep\n');
    await box.call('Read', { file_path: box.path('locked.txt') });
    await chmod(box.path('locked.txt'), 0o444);
    const { text, isError } = await box.call('Edit', { file_path: box.path('locked.txt'), old_string: 'keep', new_string: 'changed' });
    expect(isError).toBe(true);
    expect(text).toContain('locked.txt is read-only (mode 0444)');
    expect(await readFile(box.path('locked.txt'), 'utf8')).toBe('keep\n');
  });

  it('refuses a binary file and a directory with a clear reason', async () => {
    await writeFile(box.path('blob.bin'), Buffer.from([1, 0, 2, 0]));
    const binary = await box.call('Edit', { file_path: box.path('blob.bin'), old_string: 'a', new_string: 'b' });
    expect(binary.text).toContain('blob.bin is a binary file');
    await mkdir(box.path('dir'));
    const directory = await box.call('Edit', { file_path: box.path('dir'), old_string: 'a', new_string: 'b' });
    expect(directory.text).toContain('dir is a directory');
  });
});

describe('Edit: matching', () => {
  it('replaces one occurrence and reports where, with the lines around it', async () => {
    const content = 'line 1\nline 2\nfunction old() {\n  return 1;\n}\nline 6\nline 7\nline 8\n';
    const { text, isError, outcome } = await readAndEdit('x.ts', content, {
      old_string: 'function old() {\n  return 1;\n}',
      new_string: 'function renamed() {\n  // comment\n  return 2;\n}',
    });
    expect(isError).toBe(false);
    expect(text.split('\n')[0]).toBe('Edited x.ts: replaced 1 occurrence (lines 3-6).');
    expect(text).toContain('     3\tfunction renamed() {\n     4\t  // comment\n     5\t  return 2;\n     6\t}\n     7\tline 6');
    const data = outputOfType<EditSuccess>(outcome, 'edit');
    // The closing brace is common to both versions, so the diff keeps it as context.
    expect(data.patch.additions).toBe(3);
    expect(data.patch.removals).toBe(2);
    expect(data.patch.hunks[0]!.lines).toContain('-function old() {');
  });

  it('refuses several matches without replace_all, giving the count and line numbers', async () => {
    const { text, isError } = await readAndEdit('x.ts', 'foo()\nbar\nfoo()\nbaz\nfoo()\n', { old_string: 'foo()', new_string: 'qux()' });
    expect(isError).toBe(true);
    expect(text).toContain('Found 3 matches of old_string in x.ts (at lines 1, 3, 5), and replace_all is not set');
    expect(text).toContain('set replace_all to true');
    expect(await readFile(box.path('x.ts'), 'utf8')).toBe('foo()\nbar\nfoo()\nbaz\nfoo()\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    const { text } = await readAndEdit('x.ts', 'foo()\nbar\nfoo()\n', { old_string: 'foo', new_string: 'qux', replace_all: true });
    expect(text).toContain('Edited x.ts: replaced 2 occurrences (lines 1, 3).');
    expect(await readFile(box.path('x.ts'), 'utf8')).toBe('qux()\nbar\nqux()\n');
  });

  it('refuses old_string === new_string before touching the file', async () => {
    await writeFile(box.path('x.ts'), 'same\n');
    const { text, isError } = await box.call('Edit', { file_path: box.path('x.ts'), old_string: 'same', new_string: 'same' });
    expect(isError).toBe(true);
    expect(text).toContain('old_string and new_string are identical');
  });

  it('not found: explains pasted line-number prefixes', async () => {
    const { text } = await readAndEdit('x.ts', 'alpha\nbeta\n', { old_string: '     1\talpha\n     2\tbeta', new_string: 'x' });
    expect(text).toContain('old_string was not found in x.ts');
    expect(text).toContain('line-number prefixes');
  });

  it('not found: points at a match that differs only in whitespace', async () => {
    const { text } = await readAndEdit('x.py', 'def f():\n\tif x:\n\t\treturn 1\n', { old_string: '    if x:\n        return 1', new_string: 'pass' });
    expect(text).toContain('except for whitespace');
    expect(text).toContain('starts at line 2');
  });

  it('not found: says where the first line occurs when the rest has drifted', async () => {
    const { text } = await readAndEdit('x.ts', 'start()\nmiddle()\nend()\n', { old_string: 'start()\nsomething else()', new_string: 'x' });
    expect(text).toContain('Its first line does occur (line 1)');
  });

  it('matches curly quotes in the file from straight quotes, keeps the file\'s style, and says so', async () => {
    const { text, isError } = await readAndEdit('doc.md', 'She said \u201Chello\u201D and it\u2019s fine.\n', {
      old_string: 'She said "hello" and it\'s fine.',
      new_string: 'She said "goodbye" and it\'s over.',
    });
    expect(isError).toBe(false);
    expect(text).toContain('curly and straight quotes were treated as equal');
    expect(await readFile(box.path('doc.md'), 'utf8')).toBe('She said \u201Cgoodbye\u201D and it\u2019s over.\n');
  });

  it('matches straight quotes in the file from curly quotes in old_string, writing straight quotes', async () => {
    const { text } = await readAndEdit('a.py', "print('hi')\n", { old_string: 'print(\u2018hi\u2019)', new_string: 'print(\u2018bye\u2019)' });
    expect(text).toContain('curly and straight quotes were treated as equal');
    expect(await readFile(box.path('a.py'), 'utf8')).toBe("print('bye')\n");
  });
});

describe('Edit: line endings and no-op edits', () => {
  it('accepts old_string with CRLF breaks for a CRLF file', async () => {
    const { isError } = await readAndEdit('win.txt', 'a\r\nb\r\n', { old_string: 'a\r\nb', new_string: 'A\r\nB' });
    expect(isError).toBe(false);
    expect(await readFile(box.path('win.txt'), 'utf8')).toBe('A\r\nB\r\n');
  });

  it('refuses an edit that, once quotes are matched to the file, changes nothing', async () => {
    const { text, isError } = await readAndEdit('q.md', 'say \u201Chi\u201D\n', { old_string: 'say "hi"', new_string: 'say \u201Chi\u201D' });
    expect(isError).toBe(true);
    expect(text).toContain('would leave q.md unchanged');
  });
});

describe('Edit: creating files', () => {
  it('creates a missing file (and its parent directories) from an empty old_string', async () => {
    const { text, isError } = await box.call('Edit', { file_path: box.path('new', 'dir', 'f.ts'), old_string: '', new_string: 'export {};\n' });
    expect(isError).toBe(false);
    expect(text).toBe('Created new/dir/f.ts (1 line).');
    expect(await readFile(box.path('new', 'dir', 'f.ts'), 'utf8')).toBe('export {};\n');
  });

  it('refuses an empty old_string on a file that has content', async () => {
    const { text, isError } = await readAndEdit('x.ts', 'content\n', { old_string: '', new_string: 'more' });
    expect(isError).toBe(true);
    expect(text).toContain('old_string is empty');
    expect(text).toContain('Write');
  });

  it('fills an existing empty file from an empty old_string once it was read', async () => {
    const { isError } = await readAndEdit('empty.ts', '', { old_string: '', new_string: 'filled\n' });
    expect(isError).toBe(false);
    expect(await readFile(box.path('empty.ts'), 'utf8')).toBe('filled\n');
  });

  it('a missing file with a non-empty old_string: suggests similar names and how to create one', async () => {
    await writeFile(box.path('index.ts'), '');
    const { text, isError } = await box.call('Edit', { file_path: box.path('index.tsx'), old_string: 'a', new_string: 'b' });
    expect(isError).toBe(true);
    expect(text).toContain('Did you mean index.ts?');
    expect(text).toContain('To create a new file, use Write');
  });
});

describe('Edit: keeps the file\'s shape', () => {
  it('keeps CRLF line endings, even for multi-line replacements', async () => {
    await readAndEdit('win.txt', 'one\r\ntwo\r\nthree\r\n', { old_string: 'one\ntwo', new_string: 'uno\ndos\ndos-bis' });
    expect(await readFile(box.path('win.txt'), 'utf8')).toBe('uno\r\ndos\r\ndos-bis\r\nthree\r\n');
  });

  it('edits a file with mixed line endings byte-for-byte, matching across a CRLF break', async () => {
    await readAndEdit('mixed.txt', 'a\r\nb\nc\r\n', { old_string: 'a\nb', new_string: 'A\nB' });
    expect(await readFile(box.path('mixed.txt'), 'latin1')).toBe('A\r\nB\nc\r\n');
  });

  it('keeps a UTF-8 byte-order mark', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    await readAndEdit('bom.cs', Buffer.concat([bom, Buffer.from('class A {}\n')]), { old_string: 'A', new_string: 'B' });
    const bytes = await readFile(box.path('bom.cs'));
    expect([...bytes.subarray(0, 3)]).toEqual([...bom]);
    expect(bytes.subarray(3).toString('utf8')).toBe('class B {}\n');
  });

  it('keeps a Latin-1 file in Latin-1, byte for byte outside the change', async () => {
    await readAndEdit('old.txt', Buffer.from('caf\xe9 = 1\nna\xefve = 2\n', 'latin1'), { old_string: 'café = 1', new_string: 'crème = 3' });
    expect(await readFile(box.path('old.txt'))).toEqual(Buffer.from('cr\xe8me = 3\nna\xefve = 2\n', 'latin1'));
  });

  it('refuses characters Latin-1 cannot store instead of corrupting them', async () => {
    const { text, isError } = await readAndEdit('old.txt', Buffer.from('price: 5\n', 'latin1'), { old_string: '5', new_string: '5 \u20AC' });
    // Pure ASCII is valid UTF-8, so this file decodes as UTF-8 and the euro sign is fine.
    expect(isError).toBe(false);
    expect(text).toContain('Edited old.txt');
    const latin = await readAndEdit('latin.txt', Buffer.from('prix: 5 \xa3\n', 'latin1'), { old_string: '5 £', new_string: '5 \u20AC' });
    expect(latin.isError).toBe(true);
    expect(latin.text).toContain('latin.txt is stored as Latin-1, which cannot hold \u20AC');
    expect(await readFile(box.path('latin.txt'))).toEqual(Buffer.from('prix: 5 \xa3\n', 'latin1'));
  });

  it('keeps the file mode, leaves no temp file behind, and keeps hard links linked', async () => {
    await writeFile(box.path('run.sh'), '#!/bin/sh\necho hi\n');
    await chmod(box.path('run.sh'), 0o754);
    await box.call('Read', { file_path: box.path('run.sh') });
    await box.call('Edit', { file_path: box.path('run.sh'), old_string: 'hi', new_string: 'bye' });
    expect((await stat(box.path('run.sh'))).mode & 0o777).toBe(0o754);
    expect(await readdir(box.dir)).toEqual(['run.sh']);

    await link(box.path('run.sh'), box.path('alias.sh'));
    await box.call('Edit', { file_path: box.path('run.sh'), old_string: 'bye', new_string: 'again' });
    expect(await readFile(box.path('alias.sh'), 'utf8')).toBe('#!/bin/sh\necho again\n');
  });

  it('edits through a symlink: the link stays a link and its target changes', async () => {
    await mkdir(box.path('real'));
    await writeFile(box.path('real', 'conf.ini'), 'a=1\n');
    await symlink(box.path('real', 'conf.ini'), box.path('conf.ini'));
    await box.call('Read', { file_path: box.path('conf.ini') });
    // Read through the link, edited through the target: the same file for the guard.
    const { isError } = await box.call('Edit', { file_path: box.path('real', 'conf.ini'), old_string: 'a=1', new_string: 'a=2' });
    expect(isError).toBe(false);
    await box.call('Edit', { file_path: box.path('conf.ini'), old_string: 'a=2', new_string: 'a=3' });
    expect((await lstat(box.path('conf.ini'))).isSymbolicLink()).toBe(true);
    expect(await readFile(box.path('real', 'conf.ini'), 'utf8')).toBe('a=3\n');
  });
});

describe('Edit: large files', () => {
  it('edits a 20 MB file after reading only the window it changes, and a later Write still needs a whole read', async () => {
    const lines = Array.from({ length: 500_000 }, (_, index) => `row ${index + 1}`.padEnd(40, '-'));
    await writeFile(box.path('big.csv'), `${lines.join('\n')}\n`);
    const read = await box.call('Read', { file_path: box.path('big.csv'), offset: 250_000, limit: 2 });
    expect(read.text).toContain('row 250000');
    const target = 'row 250001'.padEnd(40, '-');
    const edit = await box.call('Edit', { file_path: box.path('big.csv'), old_string: target, new_string: 'CHANGED' });
    expect(edit.isError).toBe(false);
    expect(edit.text).toContain('(line 250001)');
    const handle = await readFile(box.path('big.csv'), 'utf8');
    expect(handle.split('\n')[250_000]).toBe('CHANGED');

    const write = await box.call('Write', { file_path: box.path('big.csv'), content: 'tiny\n' });
    expect(write.isError).toBe(true);
    expect(write.text).toContain('You have read only part of big.csv');
  });
});

describe('Edit: contract', () => {
  it('is named Edit, not read-only, not concurrency-safe, not destructive, and exposes its path', async () => {
    const input = { file_path: '/tmp/x.ts', old_string: 'a', new_string: 'b' };
    expect(EditTool.name).toBe('Edit');
    expect(EditTool.isReadOnly(await preparedCall(EditTool, input))).toBe(false);
    expect(EditTool.isConcurrencySafe(await preparedCall(EditTool, input))).toBe(false);
    expect(EditTool.isDestructive(input)).toBe(false);
    expect((await preparedCall(EditTool, input)).facts.paths?.[0]?.path).toBe('/tmp/x.ts');
  });
});
