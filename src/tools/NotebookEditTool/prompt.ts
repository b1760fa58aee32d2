/** What the model is told about NotebookEdit. Our own words. */

export const NOTEBOOK_EDIT_TOOL_NAME = 'NotebookEdit';

export function notebookEditToolPrompt(): string {
  return `Changes one cell of a Jupyter notebook (.ipynb): replaces its source, inserts a new cell, or deletes one.

- Read the notebook in this session first; Read shows every cell with its id, which is what cell_id takes. Notebooks without cell ids show ids like "cell-3" (0-based position); those work too.
- edit_mode "replace" (the default) sets the source of the cell cell_id; give cell_type to change its type as well. A replaced code cell's old outputs are cleared, since they no longer match its source.
- edit_mode "insert" adds a new cell after cell_id (at the top when cell_id is omitted); cell_type is required.
- edit_mode "delete" removes the cell cell_id; new_source is ignored (pass an empty string).
- The notebook stays valid JSON and keeps all other cells, metadata and formatting. To change ordinary text or code files, use Edit instead.`;
}
