// The shared file helpers on their own: encodings, file kinds, atomic writes, errors,
// similar names, patches, the bounded line collector, and Edit's matching rules.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyEdit } from '../../../src/tools/EditTool/applyEdit.js';
import { findOccurrences, lineNumbersAt, matchQuoteStyle } from '../../../src/tools/EditTool/findOccurrences.js';
import { writeFileAtomically } from '../../../src/utils/files/atomicWrite.js';
import { displayPath, expandHome, fileStateKey, resolveToolPath } from '../../../src/utils/files/filePaths.js';
import { looksBinary, sniffImageType } from '../../../src/utils/files/fileKinds.js';
import { describeFsError } from '../../../src/utils/files/fsErrors.js';
import { LineCollector, splitDisplayLines } from '../../../src/utils/files/numberedLines.js';
import { checkReadBeforeWrite, recordWrite, snapshotOfWindow } from '../../../src/utils/files/readFileGuard.js';
import { similarFileNames } from '../../../src/utils/files/similarFiles.js';
import { buildFilePatch, creationPatch } from '../../../src/utils/files/structuredPatch.js';
import { decodeText, encodeText, toFileLineEndings } from '../../../src/utils/files/textEncoding.js';
import { createReadFileState } from '../../../src/state/readFileState.js';
import { createSandbox, type FileToolSandbox } from './fileToolHarness.js';
import { PNG_1X1 } from './fixtures.js';

let box: FileToolSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.cleanup();
});

describe('textEncoding', () => {
  it.each([
    ['UTF-8', Buffer.from('naïve\nline\n'), { encoding: 'utf8', hasBom: false, lineEnding: 'LF' }],
    ['UTF-8 with BOM and CRLF', Buffer.from('\ufeffa\r\nb\r\n'), { encoding: 'utf8', hasBom: true, lineEnding: 'CRLF' }],
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\n', 'utf16le')]), { encoding: 'utf16le', hasBom: true, lineEnding: 'LF' }],
    ['Latin-1', Buffer.from('gr\xfc\xdfe\n', 'latin1'), { encoding: 'latin1', hasBom: false, lineEnding: 'LF' }],
    ['mixed endings', Buffer.from('a\r\nb\n'), { encoding: 'utf8', hasBom: false, lineEnding: 'LF' }],
  ])('%s round-trips byte for byte', (_name, bytes, format) => {
    const decoded = decodeText(bytes);
    expect(decoded.format).toEqual(format);
    const encoded = encodeText(decoded.text, decoded.format);
    expect(encoded.ok && encoded.bytes).toEqual(bytes);
  });

  it('converts the model\'s line breaks to CRLF without doubling existing CRLFs', () => {
    expect(toFileLineEndings('a\nb\r\nc', 'CRLF')).toBe('a\r\nb\r\nc');
  });
});

describe('fileKinds', () => {
  it('sniffs images from their bytes and treats NUL-bearing files as binary, but not UTF-16 text', () => {
    expect(sniffImageType(PNG_1X1)).toBe('image/png');
    expect(sniffImageType(Buffer.from('hello'))).toBeUndefined();
    expect(looksBinary('x.dat2', Buffer.from([0x41, 0x00, 0x42]))).toBe(true);
    expect(looksBinary('x.txt', Buffer.from('plain text\twith tab\n'))).toBe(false);
    expect(looksBinary('x.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le')]))).toBe(false);
    expect(looksBinary('doc.pdf', Buffer.from('%PDF-1.7 looks like text'))).toBe(true);
    expect(looksBinary('log.txt', Buffer.from('\u001b[31mred\u001b[0m\n'))).toBe(false);
  });
});

describe('filePaths', () => {
  it('expands ~, resolves relative paths from the cwd, and shortens paths inside it', async () => {
    expect(expandHome('~/a', '/home/u')).toBe('/home/u/a');
    expect(expandHome('~', '/home/u')).toBe('/home/u');
    expect(expandHome('a/~/b', '/home/u')).toBe('a/~/b');
    expect(resolveToolPath('src/../lib/x.ts', '/w')).toBe('/w/lib/x.ts');
    expect(resolveToolPath('/abs/x', '/w')).toBe('/abs/x');
    expect(displayPath('/w/src/x.ts', '/w')).toBe('src/x.ts');
    expect(displayPath('/elsewhere/x.ts', '/w')).toBe('/elsewhere/x.ts');
    expect(await fileStateKey(box.path('not', 'yet', 'there.txt'))).toBe(box.path('not', 'yet', 'there.txt'));
  });
});

describe('writeFileAtomically', () => {
  it('creates parent directories and reports the first one created', async () => {
    const result = await writeFileAtomically(box.path('a', 'b', 'c.txt'), Buffer.from('x'));
    expect(result.createdDirectory).toBe(box.path('a'));
    expect(await readFile(box.path('a', 'b', 'c.txt'), 'utf8')).toBe('x');
  });

  it('replaces the file by rename (a new inode), keeping its mode, and cleans up on failure', async () => {
    await writeFile(box.path('f'), 'old', { mode: 0o640 });
    const before = await stat(box.path('f'));
    await writeFileAtomically(box.path('f'), Buffer.from('new'));
    const after = await stat(box.path('f'));
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o640);
    await mkdir(box.path('d'));
    await expect(writeFileAtomically(box.path('d'), Buffer.from('x'))).rejects.toThrow();
    expect((await readdir(box.dir)).sort()).toEqual(['d', 'f']);
  });
});

describe('describeFsError', () => {
  it('turns errno codes into advice', () => {
    const error = (code: string) => Object.assign(new Error(`${code}: failed`), { code });
    expect(describeFsError(error('EACCES'), 'write', 'a.txt')).toContain('permission denied by the operating system');
    expect(describeFsError(error('EACCES'), 'write', 'a.txt')).toContain('Do not retry the same write');
    expect(describeFsError(error('ENOSPC'), 'write', 'a.txt')).toContain('disk is full');
    expect(describeFsError(error('EROFS'), 'write', 'a.txt')).toContain('read-only file system');
    expect(describeFsError(error('EWHATEVER'), 'read', 'a.txt')).toBe('Cannot read a.txt: EWHATEVER: failed');
  });
});

describe('similarFileNames', () => {
  it('finds other cases, other extensions and typos', async () => {
    for (const name of ['Makefile', 'index.ts', 'server.js', 'unrelated.md']) await writeFile(box.path(name), '');
    expect(await similarFileNames(box.dir, 'makefile')).toContain('Makefile');
    expect(await similarFileNames(box.dir, 'index.js')).toContain('index.ts');
    expect(await similarFileNames(box.dir, 'sever.js')).toContain('server.js');
  });
});

describe('structured patches', () => {
  it('diffs with three lines of context and counts changes', async () => {
    const old = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const patch = await buildFilePatch('f', old, old.replace('e\n', 'E\n'));
    expect(patch.hunks).toEqual([{ oldStart: 2, oldLines: 7, newStart: 2, newLines: 7, lines: [' b', ' c', ' d', '-e', '+E', ' f', ' g', ' h'] }]);
    expect([patch.additions, patch.removals]).toEqual([1, 1]);
  });

  it('keeps at most 2000 lines of a huge new file, counting the rest', () => {
    const patch = creationPatch('x\n'.repeat(5_000));
    expect(patch.additions).toBe(5_000);
    expect(patch.hunks[0]!.lines).toHaveLength(2_000);
    expect(patch.omittedLines).toBe(3_000);
  });
});

describe('LineCollector', () => {
  it('keeps a bounded prefix of a huge single line fed in small chunks', () => {
    const collector = new LineCollector({ firstLine: 1, maxLines: 10, maxTotalChars: 100_000 });
    for (let index = 0; index < 1_000; index++) collector.feed('y'.repeat(10_000));
    collector.end();
    expect(collector.lines).toHaveLength(1);
    expect(collector.lines[0]!.length).toBeLessThan(2_100);
    expect(collector.lines[0]).toContain('[line cut at 2,000 of 10,000,000 characters]');
  });

  it('handles lines split across chunks, CRLF, and a missing final newline', () => {
    const collector = new LineCollector({ firstLine: 2, maxLines: 2, maxTotalChars: 1_000 });
    for (const chunk of ['on', 'e\r\ntw', 'o\r', '\nthr', 'ee\nfour']) collector.feed(chunk);
    expect(collector.lines).toEqual(['two', 'three']);
    expect(collector.moreAfter).toBe(true);
    expect(splitDisplayLines('a\nb')).toEqual(['a', 'b']);
    expect(splitDisplayLines('a\n\n')).toEqual(['a', '']);
  });
});

describe('read-before-write guard', () => {
  it('compares text when it has it, the mtime when it does not', () => {
    const state = createReadFileState();
    const check = (current: { text: string; mtimeMs: number }, needsWholeFileRead = false) =>
      checkReadBeforeWrite({ state, key: '/f', shownPath: 'f', current, needsWholeFileRead, toolName: 'Edit' });
    expect(check({ text: 'a', mtimeMs: 1 })).toContain('has not been read');
    recordWrite(state, '/f', { text: 'a', mtimeMs: 1, wholeFileKnown: true });
    expect(check({ text: 'a', mtimeMs: 2 })).toBeUndefined();
    expect(check({ text: 'b', mtimeMs: 1 })).toContain('has changed on disk');
    state.set('/f', snapshotOfWindow(5, { offset: 10, limit: 5 }));
    expect(check({ text: 'anything', mtimeMs: 5 })).toBeUndefined();
    expect(check({ text: 'anything', mtimeMs: 6 })).toContain('has changed on disk');
    expect(check({ text: 'anything', mtimeMs: 5 }, true)).toContain('read only part of f (lines 10-14)');
    recordWrite(state, '/f', { text: 'x', mtimeMs: 7, wholeFileKnown: false });
    expect(state.get('/f')).toEqual({ content: 'x', mtimeMs: 7, partial: { offset: 10, limit: 5 } });
  });
});

describe('Edit matching', () => {
  it('finds non-overlapping matches and their line numbers', () => {
    const content = 'aa\naaa\nb\naa';
    const found = findOccurrences(content, 'aa');
    expect(found.positions).toEqual([0, 3, 9]);
    expect(lineNumbersAt(content, found.positions)).toEqual([1, 2, 4]);
  });

  it('gives replacements the quote style of the text they replace', () => {
    expect(matchQuoteStyle('say "hi" it\'s \'x\'', 'he said \u201Cyo\u201D')).toBe('say \u201Chi\u201D it\u2019s \u2018x\u2019');
    expect(matchQuoteStyle('\u201Chi\u201D', '"yo"')).toBe('"hi"');
  });

  it('reports where each replacement landed in the new text', () => {
    const outcome = applyEdit({ content: 'x\ny\nx\n', oldString: 'x', newString: 'one\ntwo', replaceAll: true, shownPath: 'f' });
    expect(outcome.ok && outcome.lineRanges).toEqual([
      { start: 1, end: 2 },
      { start: 4, end: 5 },
    ]);
  });
});
