// The file tools' text seam: when an editor supplies the files' text (ACP's client file system),
// Read, Edit and Write use it — unsaved buffers are what the model sees and changes — while the
// disk still says what kind of file it is, and the stale-file guard compares against the editor's text.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextFileAccess } from '../../../src/contract/textFileAccess.js';
import { createSandbox, type FileToolSandbox } from './fileToolHarness.js';

let sandbox: FileToolSandbox | undefined;
afterEach(async () => {
  await sandbox?.cleanup();
  sandbox = undefined;
});

/** An editor holding buffers; files it has no buffer for are read from the disk, as an editor opens them. */
function editor(buffers: Map<string, string>): TextFileAccess & { writes: Array<[string, string]> } {
  const writes: Array<[string, string]> = [];
  return {
    writes,
    async readText(file) {
      return buffers.get(file) ?? (await readFile(file, 'utf8'));
    },
    async writeText(file, text) {
      writes.push([file, text]);
      buffers.set(file, text);
    },
  };
}

describe('file tools through an editor', () => {
  it("Read shows the buffer's unsaved text, not the disk's", async () => {
    const buffers = new Map<string, string>();
    sandbox = await createSandbox({ textFiles: editor(buffers) });
    const file = sandbox.path('a.ts');
    await writeFile(file, 'on disk\n');
    buffers.set(file, 'in the buffer\n');
    const read = await sandbox.call('Read', { file_path: file });
    expect(read.text).toContain('in the buffer');
    expect(read.text).not.toContain('on disk');
  });

  it('Edit changes the buffer through the editor and leaves the disk to the editor', async () => {
    const buffers = new Map<string, string>();
    const access = editor(buffers);
    sandbox = await createSandbox({ textFiles: access });
    const file = sandbox.path('a.ts');
    await writeFile(file, 'const a = 1;\n');
    buffers.set(file, 'const a = 2;\n');
    await sandbox.call('Read', { file_path: file });
    const edit = await sandbox.call('Edit', { file_path: file, old_string: 'a = 2', new_string: 'a = 3' });
    expect(edit.isError).toBe(false);
    expect(access.writes).toEqual([[file, 'const a = 3;\n']]);
    expect(await readFile(file, 'utf8')).toBe('const a = 1;\n');
  });

  it('an Edit after the buffer changed behind the model is refused (the stale guard reads the editor)', async () => {
    const buffers = new Map<string, string>();
    sandbox = await createSandbox({ textFiles: editor(buffers) });
    const file = sandbox.path('a.ts');
    await writeFile(file, 'x\n');
    buffers.set(file, 'first\n');
    await sandbox.call('Read', { file_path: file });
    buffers.set(file, 'the user typed more\n');
    const edit = await sandbox.call('Edit', { file_path: file, old_string: 'first', new_string: 'second' });
    expect(edit.isError).toBe(true);
    expect(edit.text).toContain('changed');
  });

  it('Write creates a new file through the editor, making its folder first', async () => {
    const buffers = new Map<string, string>();
    const access = editor(buffers);
    sandbox = await createSandbox({ textFiles: access });
    const file = sandbox.path('deep', 'er', 'new.ts');
    const write = await sandbox.call('Write', { file_path: file, content: 'hello\n' });
    expect(write.isError).toBe(false);
    expect(access.writes).toEqual([[file, 'hello\n']]);
    expect((await import('node:fs')).existsSync(path.dirname(file))).toBe(true);
  });

  it('a directory or a binary file is still judged on the disk, whatever the editor holds', async () => {
    const buffers = new Map<string, string>();
    sandbox = await createSandbox({ textFiles: editor(buffers) });
    const folder = sandbox.path('folder');
    await mkdir(folder);
    buffers.set(folder, 'not really a file');
    expect((await sandbox.call('Read', { file_path: folder })).text).toContain('is a directory');
    const binary = sandbox.path('blob.bin');
    await writeFile(binary, Buffer.from([0, 1, 2, 0, 255, 0]));
    buffers.set(binary, 'text?');
    expect((await sandbox.call('Read', { file_path: binary })).text).toContain('binary');
  });

  it('an editor that cannot answer makes a failed call, not a crash', async () => {
    sandbox = await createSandbox({
      textFiles: {
        readText: async () => {
          throw new Error('the editor went away');
        },
        writeText: async () => undefined,
      },
    });
    const file = sandbox.path('a.ts');
    await writeFile(file, 'x\n');
    const read = await sandbox.call('Read', { file_path: file });
    expect(read.isError).toBe(true);
    expect(read.text).toContain('the editor went away');
    const edit = await sandbox.call('Edit', { file_path: file, old_string: 'x', new_string: 'y' });
    expect(edit.text).toContain('could not be read from the editor');
  });
});
