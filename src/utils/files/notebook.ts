/**
 * Jupyter notebooks (nbformat 4) as Read shows them and NotebookEdit changes
 * them. Parsing is loose on purpose: notebooks carry many fields we do not
 * know, and every one of them must survive an edit untouched.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy.js';

// Built on first use: start-up should construct no schema it does not need.
const notebookSchema = lazySchema(() => {
  const sourceSchema = z.union([z.string(), z.array(z.string())]);
  const outputSchema = z.looseObject({
    output_type: z.string(),
    text: sourceSchema.optional(),
    name: z.string().optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    ename: z.string().optional(),
    evalue: z.string().optional(),
    traceback: z.array(z.string()).optional(),
  });
  const cellSchema = z.looseObject({
    cell_type: z.string(),
    id: z.string().optional(),
    source: sourceSchema,
    outputs: z.array(outputSchema).optional(),
    execution_count: z.number().nullable().optional(),
  });
  return z.looseObject({
    cells: z.array(cellSchema),
    nbformat: z.number().optional(),
    nbformat_minor: z.number().optional(),
    metadata: z
      .looseObject({
        language_info: z.looseObject({ name: z.string().optional() }).optional(),
        kernelspec: z.looseObject({ language: z.string().optional() }).optional(),
      })
      .optional(),
  });
});

export type Notebook = z.infer<ReturnType<typeof notebookSchema>>;
export type NotebookCell = Notebook['cells'][number];
export type NotebookOutput = NonNullable<NotebookCell['outputs']>[number];

export type ParsedNotebook = { readonly ok: true; readonly notebook: Notebook } | { readonly ok: false; readonly message: string };

export function parseNotebook(text: string, shownPath: string): ParsedNotebook {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${shownPath} is not valid JSON (${reason}), so it cannot be handled as a notebook. Read it as text with offset/limit to see what is wrong.` };
  }
  if (!isNotebook(json)) {
    return { ok: false, message: `${shownPath} is JSON but not a Jupyter notebook in nbformat 4 (it needs a "cells" array whose cells have "cell_type" and "source").` };
  }
  return { ok: true, notebook: json };
}

/**
 * Validates without replacing: zod's parsed copy puts known keys first, and
 * a notebook rewritten in another key order shows up as a whole-file diff in
 * git. Edits therefore work on the original object, checked here.
 */
function isNotebook(value: unknown): value is Notebook {
  return notebookSchema().safeParse(value).success;
}

export function sourceText(source: string | readonly string[] | undefined): string {
  if (source === undefined) return '';
  return typeof source === 'string' ? source : source.join('');
}

/** Jupyter stores text as a list of lines, each but the last ending in "\n". */
export function toJupyterLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/(?<=\n)/);
  return lines;
}

/** The id Read shows for a cell: its own id, or `cell-N` for notebooks older than nbformat 4.5. */
export function cellIdOf(cell: NotebookCell, index: number): string {
  return cell.id ?? `cell-${index}`;
}

export function findCellIndex(notebook: Notebook, cellId: string): number | undefined {
  const byId = notebook.cells.findIndex((cell) => cell.id === cellId);
  if (byId !== -1) return byId;
  const positional = /^(?:cell-)?(\d+)$/.exec(cellId.trim());
  if (positional) {
    const index = Number(positional[1]);
    if (index < notebook.cells.length) return index;
  }
  return undefined;
}

export function notebookLanguage(notebook: Notebook): string {
  return notebook.metadata?.language_info?.name ?? notebook.metadata?.kernelspec?.language ?? 'python';
}

/** Whether new cells need an `id` (required from nbformat 4.5 on). */
export function notebookUsesCellIds(notebook: Notebook): boolean {
  const major = notebook.nbformat ?? 4;
  const minor = notebook.nbformat_minor ?? 0;
  return major > 4 || (major === 4 && minor >= 5) || notebook.cells.some((cell) => cell.id !== undefined);
}

/** The indentation the notebook file uses, so a rewrite keeps its formatting (Jupyter writes one space). */
export function detectJsonIndent(text: string): string | number {
  const match = /^\{\r?\n([ \t]+)"/.exec(text);
  return match ? match[1]! : 1;
}
