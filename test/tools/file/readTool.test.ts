// Read on real files: numbering, limits, paging, errors that help, images, notebooks, and
// what it records for the stale-file guard.
import { execFileSync } from 'node:child_process';
import { mkdir, open, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadTool } from '../../../src/tools/ReadTool/ReadTool.js';
import type { ReadTextOutput } from '../../../src/tools/ReadTool/readResult.js';
import { createSandbox, outputOfType, type FileToolSandbox } from './fileToolHarness.js';
import { GIF_1X1, JPEG_1X1, PNG_1X1, WEBP_1X1, notebookJson } from './fixtures.js';
import { preparedCall } from '../../support/preparedCalls.js';

let box: FileToolSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.cleanup();
});

function numbered(lines: string[], first = 1): string {
  return lines.map((line, index) => `${String(first + index).padStart(6)}\t${line}`).join('\n');
}

/** Writes `lines` lines of `line<N>` padded to about `width` characters, in bounded chunks. */
async function writeLargeFile(filePath: string, lines: number, width = 40): Promise<void> {
  const handle = await open(filePath, 'w');
  const chunk: string[] = [];
  for (let n = 1; n <= lines; n++) {
    chunk.push(`line${n}`.padEnd(width, '.'));
    if (chunk.length === 10_000 || n === lines) {
      await handle.write(chunk.join('\n') + '\n');
      chunk.length = 0;
    }
  }
  await handle.close();
}

describe('Read: text', () => {
  it('numbers lines like cat -n: number right-aligned in six columns, a tab, the line', async () => {
    await writeFile(box.path('app.ts'), 'const a = 1;\n\tindented\n\nlast');
    const { text, isError } = await box.call('Read', { file_path: box.path('app.ts') });
    expect(isError).toBe(false);
    expect(text).toBe(numbered(['const a = 1;', '\tindented', '', 'last']));
  });

  it('takes paths relative to the cwd and ~ paths from the home directory', async () => {
    await mkdir(box.path('src'));
    await writeFile(box.path('src', 'x.ts'), 'relative\n');
    expect((await box.call('Read', { file_path: 'src/x.ts' })).text).toBe(numbered(['relative']));
    expect((await box.call('Read', { file_path: 'x.ts' }, { cwd: box.path('src') })).text).toBe(numbered(['relative']));

    const previousHome = process.env.HOME;
    process.env.HOME = box.dir;
    try {
      expect(os.homedir()).toBe(box.dir);
      expect((await box.call('Read', { file_path: '~/src/x.ts' })).text).toBe(numbered(['relative']));
    } finally {
      process.env.HOME = previousHome;
    }
  });

  it('returns 2000 lines by default and says how to continue', async () => {
    await writeLargeFile(box.path('long.txt'), 2_500, 10);
    const { text, outcome } = await box.call('Read', { file_path: box.path('long.txt') });
    const body = text.split('\n\n(')[0]!;
    expect(body.split('\n')).toHaveLength(2_000);
    expect(body.split('\n').at(-1)).toMatch(/^  2000\tline2000/);
    expect(text).toContain('(Showing lines 1-2000 of 2500. To read on, use offset=2001.)');
    expect(outputOfType<ReadTextOutput>(outcome, 'text').numLines).toBe(2_000);
  });

  it('honours offset and limit, and numbers lines from the offset', async () => {
    await writeFile(box.path('f.txt'), 'a\nb\nc\nd\ne\n');
    const { text } = await box.call('Read', { file_path: box.path('f.txt'), offset: 2, limit: 2 });
    expect(text).toBe(`${numbered(['b', 'c'], 2)}\n\n(Showing lines 2-3 of 5. To read on, use offset=4.)`);
    const tail = await box.call('Read', { file_path: box.path('f.txt'), offset: 4 });
    expect(tail.text).toBe(numbered(['d', 'e'], 4));
  });

  it('cuts lines over 2000 characters with a visible marker', async () => {
    await writeFile(box.path('min.js'), `${'x'.repeat(5_000)}\nshort\n`);
    const { text } = await box.call('Read', { file_path: box.path('min.js') });
    const [first, second] = text.split('\n');
    expect(first).toBe(`     1\t${'x'.repeat(2_000)}… [line cut at 2,000 of 5,000 characters]`);
    expect(second).toBe('     2\tshort');
  });

  it('stops at 100,000 characters of output even when more lines were asked for', async () => {
    await writeLargeFile(box.path('wide.txt'), 120, 1_900); // 228 KB: under the whole-read limit
    const { text } = await box.call('Read', { file_path: box.path('wide.txt') });
    expect(text.length).toBeLessThan(105_000);
    expect(text).toMatch(/Stopped there to keep this result under 100,000 characters\. To read on, use offset=\d+\./);
  });

  it('says when a file is empty, and when the offset is past the end', async () => {
    await writeFile(box.path('empty.txt'), '');
    const empty = await box.call('Read', { file_path: box.path('empty.txt') });
    expect(empty.isError).toBe(false);
    expect(empty.text).toBe('(empty.txt exists but is empty.)');

    await writeFile(box.path('three.txt'), '1\n2\n3\n');
    const past = await box.call('Read', { file_path: box.path('three.txt'), offset: 10 });
    expect(past.text).toContain('has 3 lines, so offset 10 is past its end');
  });

  it('shows CRLF files without the carriage returns, BOM files without the BOM, Latin-1 files decoded', async () => {
    await writeFile(box.path('crlf.txt'), 'one\r\ntwo\r\n');
    expect((await box.call('Read', { file_path: box.path('crlf.txt') })).text).toBe(numbered(['one', 'two']));
    await writeFile(box.path('bom.txt'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\n')]));
    expect((await box.call('Read', { file_path: box.path('bom.txt') })).text).toBe(numbered(['héllo']));
    await writeFile(box.path('latin1.txt'), Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'));
    expect((await box.call('Read', { file_path: box.path('latin1.txt') })).text).toBe(numbered(['café crème']));
  });

  it('records the content and mtime of a whole read, keyed by the real path', async () => {
    await writeFile(box.path('real.txt'), 'content\n');
    await symlink(box.path('real.txt'), box.path('link.txt'));
    await box.call('Read', { file_path: box.path('link.txt') });
    const snapshot = box.readFileState.get(await realpath(box.path('real.txt')));
    expect(snapshot).toEqual({ content: 'content\n', mtimeMs: (await stat(box.path('real.txt'))).mtimeMs });
    expect(box.readFileState.has(box.path('link.txt'))).toBe(false);
  });

  it('records a partial read with the window seen', async () => {
    await writeFile(box.path('f.txt'), 'a\nb\nc\nd\n');
    await box.call('Read', { file_path: box.path('f.txt'), offset: 2, limit: 2 });
    expect(box.readFileState.get(box.path('f.txt'))).toMatchObject({ content: 'a\nb\nc\nd\n', partial: { offset: 2, limit: 2 } });
  });
});

describe('Read: large files', () => {
  it('refuses a file over 256 KB without offset/limit, explaining how to page', async () => {
    await writeLargeFile(box.path('big.log'), 10_000, 40);
    const { text, isError } = await box.call('Read', { file_path: box.path('big.log') });
    expect(isError).toBe(true);
    expect(text).toContain('big.log is 400.4 KB, more than the 256.0 KB Read returns without offset/limit');
    expect(text).toContain('offset=1 with limit=2000, then offset=2001');
    expect(text).toContain('Grep');
  });

  it('reads a window deep inside a 20 MB file by streaming, and records the window without the text', async () => {
    await writeLargeFile(box.path('huge.log'), 500_000, 40); // 41 bytes a line: 20.5 MB
    expect((await stat(box.path('huge.log'))).size).toBeGreaterThan(20_000_000);
    const { text, isError } = await box.call('Read', { file_path: box.path('huge.log'), offset: 400_000, limit: 3 });
    expect(isError).toBe(false);
    expect(text.split('\n').slice(0, 3)).toEqual([
      `400000\t${'line400000'.padEnd(40, '.')}`,
      `400001\t${'line400001'.padEnd(40, '.')}`,
      `400002\t${'line400002'.padEnd(40, '.')}`,
    ]);
    expect(text).toContain('To read on, use offset=400003.');
    const snapshot = box.readFileState.get(box.path('huge.log'));
    expect(snapshot).toMatchObject({ content: '', partial: { offset: 400_000, limit: 3 } });
  });

  it('reads the last lines of a large file and knows the total once it reached the end', async () => {
    await writeLargeFile(box.path('tail.log'), 10_000, 40);
    const { text } = await box.call('Read', { file_path: box.path('tail.log'), offset: 9_999, limit: 100 });
    expect(text).toBe(numbered(['line9999'.padEnd(40, '.'), 'line10000'.padEnd(40, '.')], 9_999));
  });
});

describe('Read: windows of large files in other shapes', () => {
  it('an offset past the end of a large file: the model learns how many lines there are', async () => {
    await writeLargeFile(box.path('big.log'), 10_000, 40);
    const past = await box.call('Read', { file_path: box.path('big.log'), offset: 20_000, limit: 10 });
    expect(past.isError).toBe(false);
    expect(past.text).toContain('big.log has 10000 lines, so offset 20000 is past its end');
    await writeFile(box.path('noeol.log'), `${'row\n'.repeat(100_000)}last`);
    expect((await box.call('Read', { file_path: box.path('noeol.log'), offset: 200_000, limit: 1 })).text).toContain('has 100001 lines');
    expect((await box.call('Read', { file_path: box.path('noeol.log'), offset: 100_001, limit: 5 })).text).toBe(numbered(['last'], 100_001));
  });

  it('decodes multi-byte UTF-8 correctly across chunk boundaries', async () => {
    const lines = Array.from({ length: 30_000 }, (_, index) => `${index + 1} héllo wörld ✓ 日本語`);
    await writeFile(box.path('utf8.txt'), `${lines.join('\n')}\n`);
    const { text } = await box.call('Read', { file_path: box.path('utf8.txt'), offset: 1, limit: 30_000 });
    expect(text).not.toContain('\ufffd');
    const middle = await box.call('Read', { file_path: box.path('utf8.txt'), offset: 17_000, limit: 2 });
    expect(middle.text).toContain(numbered([lines[16_999]!, lines[17_000]!], 17_000));
  });

  it('reads windows of large Latin-1 and UTF-16 files', async () => {
    const latin = Array.from({ length: 20_000 }, (_, index) => `${index + 1} caf\xe9 cr\xe8me`).join('\n');
    await writeFile(box.path('latin.txt'), Buffer.from(latin, 'latin1'));
    expect((await box.call('Read', { file_path: box.path('latin.txt'), offset: 15_000, limit: 1 })).text).toContain('15000 café crème');
    const utf16 = Array.from({ length: 20_000 }, (_, index) => `${index + 1} ünïcode`).join('\r\n');
    await writeFile(box.path('utf16.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf16, 'utf16le')]));
    const window = await box.call('Read', { file_path: box.path('utf16.txt'), offset: 12_345, limit: 1 });
    expect(window.text.split('\n')[0]).toBe(' 12345\t12345 ünïcode');
  });
});

describe('Read: errors that help', () => {
  it('a missing file: suggests files with a similar name', async () => {
    await writeFile(box.path('config.json'), '{}');
    await writeFile(box.path('README.md'), '#');
    const typo = await box.call('Read', { file_path: box.path('confg.json') });
    expect(typo.isError).toBe(true);
    expect(typo.text).toContain('File does not exist: confg.json.');
    expect(typo.text).toContain('Did you mean config.json?');
    expect((await box.call('Read', { file_path: box.path('config.yaml') })).text).toContain('Did you mean config.json');
    expect((await box.call('Read', { file_path: box.path('readme.md') })).text).toContain('Did you mean README.md');
  });

  it('a missing file whose absolute path was meant relative: suggests the file under the cwd', async () => {
    await mkdir(box.path('src'));
    await writeFile(box.path('src', 'app.ts'), '');
    const { text } = await box.call('Read', { file_path: '/src/app.ts' });
    expect(text).toContain('Did you mean src/app.ts?');
  });

  it('a missing directory: names the nearest directory that exists', async () => {
    const { text } = await box.call('Read', { file_path: box.path('no', 'such', 'dir', 'f.txt') });
    expect(text).toContain('Its directory no/such/dir does not exist either; the nearest existing directory is .');
  });

  it('a directory: suggests Glob or ls', async () => {
    await mkdir(box.path('src'));
    const { text, isError } = await box.call('Read', { file_path: box.path('src') });
    expect(isError).toBe(true);
    expect(text).toContain('src is a directory');
    expect(text).toContain('Glob');
    expect(text).toContain('ls src');
  });

  it('a binary file: says so and how to inspect it, instead of dumping bytes', async () => {
    await writeFile(box.path('data.bin2'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x00]));
    const { text, isError } = await box.call('Read', { file_path: box.path('data.bin2') });
    expect(isError).toBe(true);
    expect(text).toContain('data.bin2 is a binary file');
    expect(text).toContain('xxd');
  });

  it('a named pipe: refused without opening it (opening would block forever)', async () => {
    execFileSync('mkfifo', [box.path('pipe')]);
    const { text, isError } = await box.call('Read', { file_path: box.path('pipe') });
    expect(isError).toBe(true);
    expect(text).toContain('not a regular file');
  });

  it('an invalid input: the schema error comes back, not a crash', async () => {
    const { text, isError } = await box.call('Read', { file_path: box.path('x'), limit: 0 });
    expect(isError).toBe(true);
    expect(text).toContain('limit');
  });
});

describe('Read: images and notebooks', () => {
  it.each([
    ['shot.png', PNG_1X1, 'image/png'],
    ['photo.jpg', JPEG_1X1, 'image/jpeg'],
    ['anim.gif', GIF_1X1, 'image/gif'],
    ['pic.webp', WEBP_1X1, 'image/webp'],
  ])('returns %s as a base64 image block', async (name, bytes, mediaType) => {
    await writeFile(box.path(name), bytes);
    const { outcome, isError } = await box.call('Read', { file_path: box.path(name) });
    expect(isError).toBe(false);
    expect(outcome.result.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: mediaType, data: bytes.toString('base64') } },
    ]);
  });

  it('takes the media type from the bytes: a PNG saved as .jpg is sent as image/png', async () => {
    await writeFile(box.path('misnamed.jpg'), PNG_1X1);
    const { outcome } = await box.call('Read', { file_path: box.path('misnamed.jpg') });
    expect(outcome.result.content).toMatchObject([{ source: { media_type: 'image/png' } }]);
  });

  it('refuses an image-named file that is not an image', async () => {
    await writeFile(box.path('fake.png'), 'not really');
    const { text, isError } = await box.call('Read', { file_path: box.path('fake.png') });
    expect(isError).toBe(true);
    expect(text).toContain('is not a PNG, JPEG, GIF or WebP image');
  });

  it('shows a notebook as cells with ids, sources and outputs, with plots attached as images', async () => {
    await writeFile(box.path('nb.ipynb'), notebookJson());
    const { outcome, text, isError } = await box.call('Read', { file_path: box.path('nb.ipynb') });
    expect(isError).toBe(false);
    expect(text).toContain('Notebook nb.ipynb: 3 cells, language python.');
    expect(text).toContain('<cell index="1" id="intro" type="markdown">\n# Title\nSome text\n</cell>');
    expect(text).toContain('<cell index="2" id="calc" type="code" execution_count="1">\nx = 1\nprint(x)\n<output type="stream">\n1\n</output>');
    expect(text).toContain('<output type="error">\nZeroDivisionError: division by zero\nTraceback line');
    expect(text).not.toContain('\u001b[');
    expect(text).toContain('[image #1, attached below]');
    const content = outcome.result.content;
    expect(Array.isArray(content) && content.map((block) => block.type)).toEqual(['text', 'image']);
    expect(box.readFileState.get(box.path('nb.ipynb'))?.content).toBe(notebookJson());
  });

  it('pages notebooks by cell with offset/limit', async () => {
    await writeFile(box.path('nb.ipynb'), notebookJson());
    const { text } = await box.call('Read', { file_path: box.path('nb.ipynb'), offset: 2, limit: 1 });
    expect(text).toContain('id="calc"');
    expect(text).not.toContain('id="intro"');
    expect(text).toContain('Showing cells 2-2 of 3. To read on, use offset=3');
  });
});

describe('Read: contract', () => {
  it('is read-only, concurrency-safe, never persisted, and exposes its path', async () => {
    const input = { file_path: '~/notes.md' };
    expect(ReadTool.name).toBe('Read');
    expect(ReadTool.isReadOnly(await preparedCall(ReadTool, input))).toBe(true);
    expect(ReadTool.isConcurrencySafe(await preparedCall(ReadTool, input))).toBe(true);
    expect(ReadTool.maxResultSizeChars).toBe(Number.POSITIVE_INFINITY);
    expect((await preparedCall(ReadTool, input)).facts.paths?.[0]?.path).toBe(path.join(os.homedir(), 'notes.md'));
    expect((await preparedCall(ReadTool, { file_path: '/abs/file.ts' })).facts.paths?.[0]?.path).toBe('/abs/file.ts');
  });
});
