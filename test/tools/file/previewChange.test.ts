// Edit and Write preview the change a call would make (for a permission request's diff) without making it.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../../src/contract/tool.js';
import { EditTool } from '../../../src/tools/EditTool/EditTool.js';
import { WriteTool } from '../../../src/tools/WriteTool/WriteTool.js';
import { bareToolContext, preparedCall } from '../../support/preparedCalls.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-preview-'));
});

async function preview<Input>(tool: Tool<Input>, input: Input) {
  return tool.previewChange!(await preparedCall(tool, input, { cwd: dir }), bareToolContext([], dir));
}

describe('previewChange', () => {
  it('Edit: the whole file before and after, and the file is left as it was', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'one\ntwo\n');
    expect(await preview(EditTool, { file_path: file, old_string: 'two', new_string: '2' })).toEqual({ path: file, oldText: 'one\ntwo\n', newText: 'one\n2\n' });
    expect(await readFile(file, 'utf8')).toBe('one\ntwo\n');
  });

  it('Edit: a CRLF file is previewed with plain line breaks, as the model sees it', async () => {
    const file = path.join(dir, 'crlf.txt');
    await writeFile(file, 'one\r\ntwo\r\n');
    expect(await preview(EditTool, { file_path: file, old_string: 'one\ntwo', new_string: 'one\nthree' })).toEqual({ path: file, oldText: 'one\ntwo\n', newText: 'one\nthree\n' });
  });

  it('Edit: no preview for an edit that would fail (old_string not found) or a missing file', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'one\n');
    expect(await preview(EditTool, { file_path: file, old_string: 'absent', new_string: 'x' })).toBeUndefined();
    expect(await preview(EditTool, { file_path: path.join(dir, 'none.txt'), old_string: 'a', new_string: 'b' })).toBeUndefined();
  });

  it('Write: a new file has no old text; an existing one shows both; identical content is no change', async () => {
    const file = path.join(dir, 'w.txt');
    expect(await preview(WriteTool, { file_path: file, content: 'new\n' })).toEqual({ path: file, oldText: undefined, newText: 'new\n' });
    await writeFile(file, 'old\n');
    expect(await preview(WriteTool, { file_path: file, content: 'new\n' })).toEqual({ path: file, oldText: 'old\n', newText: 'new\n' });
    expect(await preview(WriteTool, { file_path: file, content: 'old\n' })).toBeUndefined();
  });
});
