/**
 * One change to a notebook's cells, on the parsed notebook (no file system).
 * Unknown fields are left as they are; a replaced code cell loses its
 * outputs, which described the old source and would now mislead.
 */
import {
  cellIdOf,
  findCellIndex,
  notebookUsesCellIds,
  sourceText,
  toJupyterLines,
  type Notebook,
  type NotebookCell,
} from '../../utils/files/notebook.js';
import { randomHex } from '../../utils/ids.js';

export type NotebookEditMode = 'replace' | 'insert' | 'delete';
export type NotebookCellType = 'code' | 'markdown';

export type NotebookEditRequest = {
  readonly cellId?: string | undefined;
  readonly newSource: string;
  readonly cellType?: NotebookCellType | undefined;
  readonly editMode: NotebookEditMode;
  readonly shownPath: string;
};

export type NotebookEditOutcome =
  | {
      readonly ok: true;
      /** The id of the cell replaced, inserted or deleted. */
      readonly cellId: string;
      readonly cellType: string;
      readonly oldSource: string;
      readonly newSource: string;
      /** For inserts: the cell the new one follows (undefined: at the top). */
      readonly afterCellId?: string;
      readonly clearedOutputs: boolean;
    }
  | { readonly ok: false; readonly message: string };

const MAX_IDS_LISTED = 10;

function unknownCell(notebook: Notebook, cellId: string, shownPath: string): NotebookEditOutcome {
  const ids = notebook.cells.map(cellIdOf);
  const listed = ids.slice(0, MAX_IDS_LISTED).join(', ') + (ids.length > MAX_IDS_LISTED ? ', …' : '');
  const known = ids.length === 0 ? 'It has no cells.' : `Its cell ids are: ${listed}.`;
  return { ok: false, message: `${shownPath} has no cell with id "${cellId}". ${known} Read the notebook to see them.` };
}

function newCellId(notebook: Notebook): string {
  const taken = new Set(notebook.cells.map((cell) => cell.id));
  let id: string;
  do id = randomHex(4);
  while (taken.has(id));
  return id;
}

/** Keys in Jupyter's own (alphabetical) order, so the file looks as if Jupyter wrote it. */
function createCell(cellType: NotebookCellType, source: string, id: string | undefined): NotebookCell {
  const lines = toJupyterLines(source);
  if (cellType === 'code') {
    return { cell_type: 'code', execution_count: null, ...(id ? { id } : {}), metadata: {}, outputs: [], source: lines };
  }
  return { cell_type: 'markdown', ...(id ? { id } : {}), metadata: {}, source: lines };
}

export function applyNotebookEdit(notebook: Notebook, request: NotebookEditRequest): NotebookEditOutcome {
  const { cells } = notebook;
  const found = request.cellId !== undefined ? findCellIndex(notebook, request.cellId) : undefined;
  if (request.cellId !== undefined && found === undefined) return unknownCell(notebook, request.cellId, request.shownPath);

  if (request.editMode === 'insert') {
    const cellType = request.cellType ?? 'code';
    const id = notebookUsesCellIds(notebook) ? newCellId(notebook) : undefined;
    const at = found === undefined ? 0 : found + 1;
    cells.splice(at, 0, createCell(cellType, request.newSource, id));
    return {
      ok: true,
      cellId: id ?? `cell-${at}`,
      cellType,
      oldSource: '',
      newSource: request.newSource,
      ...(found !== undefined ? { afterCellId: cellIdOf(cells[found]!, found) } : {}),
      clearedOutputs: false,
    };
  }

  if (found === undefined) {
    return { ok: false, message: `edit_mode "${request.editMode}" needs cell_id: the id of the cell to ${request.editMode === 'delete' ? 'delete' : 'change'}.` };
  }
  const cell = cells[found]!;
  const cellId = cellIdOf(cell, found);
  const oldSource = sourceText(cell.source);

  if (request.editMode === 'delete') {
    cells.splice(found, 1);
    return { ok: true, cellId, cellType: cell.cell_type, oldSource, newSource: '', clearedOutputs: false };
  }

  const cellType = request.cellType ?? cell.cell_type;
  const hadOutputs = (cell.outputs?.length ?? 0) > 0;
  cell.source = toJupyterLines(request.newSource);
  cell.cell_type = cellType;
  if (cellType === 'code') {
    cell.outputs = [];
    cell.execution_count = null;
  } else {
    delete cell.outputs;
    delete cell.execution_count;
  }
  return { ok: true, cellId, cellType, oldSource, newSource: request.newSource, clearedOutputs: hadOutputs };
}
