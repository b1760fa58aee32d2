// Write on real files: creation, the read-first and stale-file guards for overwrites,
// atomic replacement, and what it keeps of an existing file (mode, line endings, BOM,
// encoding, symlinks).
import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteTool, type WriteSuccess } from '../../../src/tools/WriteTool/WriteTool.js';
import { createSandbox, outputOfType, type FileToolSandbox } from './fileToolHarness.js';
import { preparedCall } from '../../support/preparedCalls.js';

let box: FileToolSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.cleanup();
});

describe('Write: creating', () => {
  it('creates a new file without a prior Read, and says how many lines', async () => {
    const { text, isError, outcome } = await box.call('Write', { file_path: box.path('hello.py'), content: 'print("hi")\nprint("bye")\n' });
    expect(isError).toBe(false);
    expect(text).toBe('Created hello.py (2 lines).');
    expect(await readFile(box.path('hello.py'), 'utf8')).toBe('print("hi")\nprint("bye")\n');
    expect(outputOfType<WriteSuccess>(outcome, 'create').patch.hunks[0]!.lines).toEqual(['+print("hi")', '+print("bye")']);
  });

  it('creates missing parent directories and mentions them', async () => {
    const { text } = await box.call('Write', { file_path: 'deep/er/f.txt', content: 'x' });
    expect(text).toBe('Created deep/er/f.txt (1 line). Also created the directory deep.');
    expect(await readFile(box.path('deep', 'er', 'f.txt'), 'utf8')).toBe('x');
  });

  it('lets an Edit follow a Write without a Read', async () => {
    await box.call('Write', { file_path: box.path('a.txt'), content: 'alpha\n' });
    const edit = await box.call('Edit', { file_path: box.path('a.txt'), old_string: 'alpha', new_string: 'beta' });
    expect(edit.isError).toBe(false);
  });

  it('a parent path that is a file: a clear error (fails for every user, root included)', async () => {
    await writeFile(box.path('plain'), 'not a directory');
    const { text, isError } = await box.call('Write', { file_path: box.path('plain', 'child.txt'), content: 'x' });
    expect(isError).toBe(true);
    expect(text).toContain('Cannot write plain/child.txt: a part of the path that should be a directory is a file');
  });
});

describe('Write: overwriting', () => {
  it('refuses to overwrite a file that was not read', async () => {
    await writeFile(box.path('keep.txt'), 'precious\n');
    const { text, isError } = await box.call('Write', { file_path: box.path('keep.txt'), content: 'gone\n' });
    expect(isError).toBe(true);
    expect(text).toContain('keep.txt has not been read in this session');
    expect(await readFile(box.path('keep.txt'), 'utf8')).toBe('precious\n');
  });

  it('refuses to overwrite a file read only in part', async () => {
    await writeFile(box.path('keep.txt'), 'a\nb\nc\n');
    await box.call('Read', { file_path: box.path('keep.txt'), limit: 1 });
    const { text, isError } = await box.call('Write', { file_path: box.path('keep.txt'), content: 'x\n' });
    expect(isError).toBe(true);
    expect(text).toContain('You have read only part of keep.txt (lines 1-1)');
  });

  it('refuses to overwrite a file changed by another process since the Read', async () => {
    await writeFile(box.path('keep.txt'), 'v1\n');
    await box.call('Read', { file_path: box.path('keep.txt') });
    execFileSync('sh', ['-c', 'echo v2 > "$1"', 'sh', box.path('keep.txt')]);
    const { text, isError } = await box.call('Write', { file_path: box.path('keep.txt'), content: 'mine\n' });
    expect(isError).toBe(true);
    expect(text).toContain('has changed on disk since you last read it');
    expect(await readFile(box.path('keep.txt'), 'utf8')).toBe('v2\n');
  });

  it('overwrites a file that was read, reporting the change, atomically (no temp file left)', async () => {
    await writeFile(box.path('f.txt'), 'one\ntwo\nthree\n');
    await box.call('Read', { file_path: box.path('f.txt') });
    const { text, outcome } = await box.call('Write', { file_path: box.path('f.txt'), content: 'one\n2\nthree\nfour\n' });
    expect(text).toBe('Overwrote f.txt (4 lines; 2 lines added, 1 line removed).');
    expect(await readdir(box.dir)).toEqual(['f.txt']);
    expect(outputOfType<WriteSuccess>(outcome, 'overwrite').patch.hunks[0]!.lines).toEqual([' one', '-two', '+2', ' three', '+four']);
  });

  it('reports identical content as unchanged without rewriting', async () => {
    await writeFile(box.path('f.txt'), 'same\n');
    await box.call('Read', { file_path: box.path('f.txt') });
    const before = (await stat(box.path('f.txt'))).ino;
    const { text } = await box.call('Write', { file_path: box.path('f.txt'), content: 'same\n' });
    expect(text).toBe('f.txt already had exactly this content (1 line); nothing was changed.');
    expect((await stat(box.path('f.txt'))).ino).toBe(before);
  });

  it('keeps mode, CRLF line endings and the BOM of the file it replaces', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    await writeFile(box.path('tool.cmd'), Buffer.concat([bom, Buffer.from('@echo off\r\necho 1\r\n')]));
    await chmod(box.path('tool.cmd'), 0o750);
    await box.call('Read', { file_path: box.path('tool.cmd') });
    await box.call('Write', { file_path: box.path('tool.cmd'), content: '@echo off\necho 2\n' });
    const bytes = await readFile(box.path('tool.cmd'));
    expect(bytes).toEqual(Buffer.concat([bom, Buffer.from('@echo off\r\necho 2\r\n')]));
    expect((await stat(box.path('tool.cmd'))).mode & 0o777).toBe(0o750);
  });

  it('keeps a Latin-1 file in Latin-1', async () => {
    await writeFile(box.path('l1.txt'), Buffer.from('\xe9t\xe9\n', 'latin1'));
    await box.call('Read', { file_path: box.path('l1.txt') });
    await box.call('Write', { file_path: box.path('l1.txt'), content: 'hiver \xe0 No\xebl\n' });
    expect(await readFile(box.path('l1.txt'))).toEqual(Buffer.from('hiver \xe0 No\xebl\n', 'latin1'));
  });

  it('writes through a symlink, leaving the link in place', async () => {
    await mkdir(box.path('store'));
    await writeFile(box.path('store', 'data.txt'), 'old\n');
    await symlink('store/data.txt', box.path('data.txt'));
    await box.call('Read', { file_path: box.path('data.txt') });
    const { isError } = await box.call('Write', { file_path: box.path('data.txt'), content: 'new\n' });
    expect(isError).toBe(false);
    expect((await lstat(box.path('data.txt'))).isSymbolicLink()).toBe(true);
    expect(await readFile(box.path('store', 'data.txt'), 'utf8')).toBe('new\n');
  });

  it('refuses a read-only file (mode 0444), for root too', async () => {
    await writeFile(box.path('ro.txt'), 'fixed\n');
    await chmod(box.path('ro.txt'), 0o444);
    await box.call('Read', { file_path: box.path('ro.txt') });
    const { text, isError } = await box.call('Write', { file_path: box.path('ro.txt'), content: 'changed\n' });
    expect(isError).toBe(true);
    expect(text).toContain('ro.txt is read-only (mode 0444), so it was not changed');
    expect(await readFile(box.path('ro.txt'), 'utf8')).toBe('fixed\n');
  });

  it('refuses to write over a directory', async () => {
    await mkdir(box.path('dir'));
    const { text, isError } = await box.call('Write', { file_path: box.path('dir'), content: 'x' });
    expect(isError).toBe(true);
    expect(text).toContain('dir is a directory');
  });
});

describe('Write: contract', () => {
  it('is named Write, not read-only, not concurrency-safe, and destructive only when overwriting', async () => {
    await writeFile(box.path('exists.txt'), '');
    expect(WriteTool.name).toBe('Write');
    expect(WriteTool.isReadOnly(await preparedCall(WriteTool, { file_path: box.path('x'), content: '' }))).toBe(false);
    expect(WriteTool.isConcurrencySafe(await preparedCall(WriteTool, { file_path: box.path('x'), content: '' }))).toBe(false);
    expect(WriteTool.isDestructive({ file_path: box.path('exists.txt'), content: '' })).toBe(true);
    expect(WriteTool.isDestructive({ file_path: box.path('new.txt'), content: '' })).toBe(false);
    expect((await preparedCall(WriteTool, { file_path: box.path('new.txt'), content: '' })).facts.paths?.[0]?.path).toBe(box.path('new.txt'));
  });
});
