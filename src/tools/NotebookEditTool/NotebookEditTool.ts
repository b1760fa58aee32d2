/**
 * NotebookEdit: replaces, inserts or deletes one cell of a Jupyter notebook
 * the model has read, and writes the notebook back as valid JSON in its own
 * indentation, atomically.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { displayPath, expandHome, fileStateKey, resolveToolPath } from '../../utils/files/filePaths.js';
import { isNotebookPath } from '../../utils/files/fileKinds.js';
import { failureBlock, fileToolFailure, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import { changeRefusal, loadFileForChange } from '../../utils/files/loadFileForChange.js';
import { detectJsonIndent, parseNotebook } from '../../utils/files/notebook.js';
import { describeMissingFile } from '../../utils/files/similarFiles.js';
import { buildFilePatch, type FilePatch } from '../../utils/files/structuredPatch.js';
import { toModelLineEndings } from '../../utils/files/textEncoding.js';
import { writeTextFile } from '../../utils/files/writeTextFile.js';
import type { ToolResultBlockParam } from '../../types/messages.js';
import { applyNotebookEdit, type NotebookCellType, type NotebookEditMode } from './applyNotebookEdit.js';
import { NOTEBOOK_EDIT_TOOL_NAME, notebookEditToolPrompt } from './prompt.js';

export type NotebookEditInput = {
  readonly notebook_path: string;
  readonly cell_id?: string | undefined;
  readonly new_source: string;
  readonly cell_type?: NotebookCellType | undefined;
  readonly edit_mode?: NotebookEditMode | undefined;
};

export type NotebookEditSuccess = {
  readonly type: 'notebook_edit';
  readonly filePath: string;
  readonly shownPath: string;
  readonly editMode: NotebookEditMode;
  readonly cellId: string;
  readonly cellType: string;
  readonly afterCellId?: string;
  readonly clearedOutputs: boolean;
  readonly cellCount: number;
  /** The change to the cell's source, for the UI. */
  readonly patch: FilePatch;
};

export type NotebookEditOutput = NotebookEditSuccess | FileToolFailure;

export const NotebookEditTool = buildTool<NotebookEditInput, NotebookEditOutput>({
  name: NOTEBOOK_EDIT_TOOL_NAME,
  searchHint: 'jupyter notebook cell ipynb edit insert delete',
  // Rarely needed: withheld behind ToolSearch when deferral is on (large MCP tool sets), always sent otherwise.
  shouldDefer: true,
  inputSchema: () =>
    z.strictObject({
      notebook_path: z.string().min(1).describe('Absolute path of the .ipynb file (relative paths are taken from the working directory)'),
      cell_id: z.string().optional().describe('Id of the cell to replace or delete, or to insert after (as shown by Read)'),
      new_source: z.string().describe('The new source of the cell (empty for delete)'),
      cell_type: z.enum(['code', 'markdown']).optional().describe('Type of the cell; required for insert'),
      edit_mode: z.enum(['replace', 'insert', 'delete']).optional().describe('replace (default), insert or delete'),
    }),
  description: (input) => `Edit notebook ${input?.notebook_path ?? ''}`.trimEnd(),
  prompt: notebookEditToolPrompt,
  family: 'edit',
  declareFacts: (input, scope) => ({ paths: [{ path: resolveToolPath(input.notebook_path, scope.cwd), access: 'write' }] }),
  mapToolResultToToolResultBlockParam: mapNotebookEditResult,
  ui: () => import('./UI.js'),

  async validateInput(input) {
    const mode = input.edit_mode ?? 'replace';
    if (!isNotebookPath(input.notebook_path)) {
      return { result: false, message: `NotebookEdit only changes Jupyter notebooks (.ipynb files); ${input.notebook_path} is not one. Use Edit for other files.` };
    }
    if (mode === 'insert' && input.cell_type === undefined) {
      return { result: false, message: 'edit_mode "insert" needs cell_type ("code" or "markdown") for the new cell.' };
    }
    if (mode !== 'insert' && input.cell_id === undefined) {
      return { result: false, message: `edit_mode "${mode}" needs cell_id: the id of the cell (Read the notebook to see the ids).` };
    }
    return { result: true };
  },

  async call(input, context) {
    const filePath = resolveToolPath(input.notebook_path, context.cwd);
    const shownPath = displayPath(filePath, context.cwd);
    const key = await fileStateKey(filePath);
    const file = await loadFileForChange(filePath, shownPath);
    if (file.kind === 'unchangeable') return fileToolFailure(file.message);
    if (file.kind === 'missing') {
      const missing = await describeMissingFile(filePath, context.cwd);
      return fileToolFailure(`${missing} To create a new notebook, Write it as JSON (nbformat 4).`);
    }
    const refusal = await changeRefusal(filePath, file, {
      state: context.readFileState, key, shownPath, needsWholeFileRead: false, toolName: NOTEBOOK_EDIT_TOOL_NAME,
    });
    if (refusal) return fileToolFailure(refusal);

    const json = toModelLineEndings(file.text, file.format.lineEnding);
    const parsed = parseNotebook(json, shownPath);
    if (!parsed.ok) return fileToolFailure(parsed.message);
    const editMode = input.edit_mode ?? 'replace';
    const outcome = applyNotebookEdit(parsed.notebook, {
      cellId: input.cell_id, newSource: input.new_source, cellType: input.cell_type, editMode, shownPath,
    });
    if (!outcome.ok) return fileToolFailure(outcome.message);

    const trailingNewline = json.endsWith('\n') ? '\n' : '';
    const text = JSON.stringify(parsed.notebook, null, detectJsonIndent(json)) + trailingNewline;
    const wholeFileKnown = context.readFileState.get(key)?.partial === undefined;
    const written = await writeTextFile({ filePath, key, shownPath, text, format: file.format, readFileState: context.readFileState, wholeFileKnown });
    if (!written.ok) return fileToolFailure(written.message);
    return {
      data: {
        type: 'notebook_edit',
        filePath,
        shownPath,
        editMode,
        cellId: outcome.cellId,
        cellType: outcome.cellType,
        ...(outcome.afterCellId !== undefined ? { afterCellId: outcome.afterCellId } : {}),
        clearedOutputs: outcome.clearedOutputs,
        cellCount: parsed.notebook.cells.length,
        patch: await buildFilePatch(outcome.cellId, outcome.oldSource, outcome.newSource),
      },
    };
  },
});

export function mapNotebookEditResult(output: NotebookEditOutput, toolUseId: string): ToolResultBlockParam {
  if (output.type === 'error') return failureBlock(output, toolUseId);
  const where = output.afterCellId !== undefined ? `after cell ${output.afterCellId}` : 'at the top';
  const text =
    output.editMode === 'insert'
      ? `Inserted a new ${output.cellType} cell (id ${output.cellId}) ${where} in ${output.shownPath}; it now has ${output.cellCount} cells.`
      : output.editMode === 'delete'
        ? `Deleted cell ${output.cellId} from ${output.shownPath}; ${output.cellCount} cells are left.`
        : `Replaced the source of cell ${output.cellId} (${output.cellType}) in ${output.shownPath}.${output.clearedOutputs ? ' Its old outputs were cleared; run the cell again to get new ones.' : ''}`;
  return { type: 'tool_result', tool_use_id: toolUseId, content: text };
}
