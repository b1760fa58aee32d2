// NotebookEdit on real .ipynb files: replace, insert, delete; the notebook stays valid JSON
// in Jupyter's own formatting; the read-first guard; errors that name the cell ids.
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotebookEditTool } from '../../../src/tools/NotebookEditTool/NotebookEditTool.js';
import { createSandbox, type FileToolSandbox } from './fileToolHarness.js';
import { notebookJson, notebookObject } from './fixtures.js';
import { preparedCall } from '../../support/preparedCalls.js';

let box: FileToolSandbox;
beforeEach(async () => {
  box = await createSandbox();
});
afterEach(async () => {
  await box.cleanup();
});

type Cell = { cell_type: string; id?: string; source: string[]; outputs?: unknown[]; execution_count?: number | null; metadata?: unknown };

async function readNotebook(name = 'nb.ipynb'): Promise<{ text: string; cells: Cell[] }> {
  const text = await readFile(box.path(name), 'utf8');
  const json: { cells: Cell[] } = JSON.parse(text);
  return { text, cells: json.cells };
}

async function preparedNotebook(options: { withIds?: boolean } = {}): Promise<void> {
  await writeFile(box.path('nb.ipynb'), notebookJson(options));
  const read = await box.call('Read', { file_path: box.path('nb.ipynb') });
  expect(read.isError).toBe(false);
}

describe('NotebookEdit', () => {
  it('replaces a code cell\'s source, clears its stale outputs, and keeps everything else as Jupyter wrote it', async () => {
    await preparedNotebook();
    const { text, isError } = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'calc', new_source: 'x = 2\nprint(x * 2)' });
    expect(isError).toBe(false);
    expect(text).toBe('Replaced the source of cell calc (code) in nb.ipynb. Its old outputs were cleared; run the cell again to get new ones.');
    const after = await readNotebook();
    expect(after.cells[1]).toEqual({ cell_type: 'code', execution_count: null, id: 'calc', metadata: { tags: ['keep-me'] }, outputs: [], source: ['x = 2\n', 'print(x * 2)'] });
    // Same file apart from that cell: indentation, key order, other cells and the trailing newline.
    const expected: { cells: Record<string, unknown>[] } = notebookObject();
    expected.cells[1] = { ...expected.cells[1]!, execution_count: null, outputs: [], source: ['x = 2\n', 'print(x * 2)'] };
    expect(after.text).toBe(`${JSON.stringify(expected, null, 1)}\n`);
  });

  it('changes a cell\'s type on replace', async () => {
    await preparedNotebook();
    await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'calc', new_source: 'Now prose', cell_type: 'markdown' });
    const { cells } = await readNotebook();
    expect(cells[1]).toEqual({ cell_type: 'markdown', id: 'calc', metadata: { tags: ['keep-me'] }, source: ['Now prose'] });
  });

  it('inserts a cell after a given cell, with a fresh id', async () => {
    await preparedNotebook();
    const { text } = await box.call('NotebookEdit', {
      notebook_path: box.path('nb.ipynb'), cell_id: 'intro', new_source: 'import os', cell_type: 'code', edit_mode: 'insert',
    });
    expect(text).toMatch(/^Inserted a new code cell \(id [0-9a-f]{8}\) after cell intro in nb\.ipynb; it now has 4 cells\.$/);
    const { cells } = await readNotebook();
    expect(cells.map((cell) => cell.id).slice(0, 1)).toEqual(['intro']);
    expect(cells[1]).toMatchObject({ cell_type: 'code', execution_count: null, outputs: [], source: ['import os'] });
    expect(cells[2]!.id).toBe('calc');
  });

  it('inserts at the top when no cell_id is given', async () => {
    await preparedNotebook();
    await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), new_source: '# Top', cell_type: 'markdown', edit_mode: 'insert' });
    const { cells } = await readNotebook();
    expect(cells[0]).toMatchObject({ cell_type: 'markdown', source: ['# Top'] });
    expect(cells).toHaveLength(4);
  });

  it('deletes a cell', async () => {
    await preparedNotebook();
    const { text } = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'plot', new_source: '', edit_mode: 'delete' });
    expect(text).toBe('Deleted cell plot from nb.ipynb; 2 cells are left.');
    expect((await readNotebook()).cells.map((cell) => cell.id)).toEqual(['intro', 'calc']);
  });

  it('addresses cells of notebooks without ids as cell-N, as Read shows them', async () => {
    await preparedNotebook({ withIds: false });
    const read = await box.call('Read', { file_path: box.path('nb.ipynb') });
    expect(read.text).toContain('id="cell-1"');
    const { isError } = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'cell-1', new_source: 'y = 3' });
    expect(isError).toBe(false);
    const { cells } = await readNotebook();
    expect(cells[1]!.source).toEqual(['y = 3']);
    expect(cells[1]!.id).toBeUndefined();
  });

  it('an unknown cell id: lists the ids that exist', async () => {
    await preparedNotebook();
    const { text, isError } = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'nope', new_source: 'x' });
    expect(isError).toBe(true);
    expect(text).toContain('nb.ipynb has no cell with id "nope". Its cell ids are: intro, calc, plot.');
  });

  it('refuses a notebook that was not read, and one changed since', async () => {
    await writeFile(box.path('nb.ipynb'), notebookJson());
    const unread = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'calc', new_source: 'x' });
    expect(unread.text).toContain('nb.ipynb has not been read in this session');
    await box.call('Read', { file_path: box.path('nb.ipynb') });
    await writeFile(box.path('nb.ipynb'), notebookJson().replace('Some text', 'Edited elsewhere'));
    const stale = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), cell_id: 'calc', new_source: 'x' });
    expect(stale.text).toContain('has changed on disk since you last read it');
  });

  it('validates its input: .ipynb only, insert needs cell_type, replace needs cell_id', async () => {
    const notIpynb = await box.call('NotebookEdit', { notebook_path: box.path('a.py'), cell_id: 'x', new_source: '' });
    expect(notIpynb.text).toContain('only changes Jupyter notebooks');
    const noType = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), new_source: 'x', edit_mode: 'insert' });
    expect(noType.text).toContain('edit_mode "insert" needs cell_type');
    const noId = await box.call('NotebookEdit', { notebook_path: box.path('nb.ipynb'), new_source: 'x' });
    expect(noId.text).toContain('edit_mode "replace" needs cell_id');
  });

  it('refuses a file that is not valid notebook JSON, leaving it alone', async () => {
    await writeFile(box.path('broken.ipynb'), '{"cells": [');
    const read = await box.call('Read', { file_path: box.path('broken.ipynb') });
    expect(read.isError).toBe(true);
    expect(read.text).toContain('broken.ipynb is not valid JSON');
  });

  it('is named NotebookEdit, not read-only, not concurrency-safe, and exposes its path', async () => {
    const input = { notebook_path: '/w/nb.ipynb', cell_id: 'a', new_source: '' };
    expect(NotebookEditTool.name).toBe('NotebookEdit');
    expect(NotebookEditTool.isReadOnly(await preparedCall(NotebookEditTool, input))).toBe(false);
    expect(NotebookEditTool.isConcurrencySafe(await preparedCall(NotebookEditTool, input))).toBe(false);
    expect(NotebookEditTool.isDestructive(input)).toBe(false);
    expect((await preparedCall(NotebookEditTool, input)).facts.paths?.[0]?.path).toBe('/w/nb.ipynb');
  });
});
