/**
 * A Jupyter notebook shown as the model needs it: each cell's id (what
 * NotebookEdit takes), type and source, followed by its outputs — text
 * trimmed, tracebacks without colour codes, plots attached as images. For
 * notebooks, offset/limit count cells rather than lines.
 */
import { readFile } from 'node:fs/promises';
import { sniffImageType } from '../../utils/files/fileKinds.js';
import { fileToolFailure, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import { formatBytes } from '../../utils/files/formatBytes.js';
import {
  cellIdOf,
  notebookLanguage,
  parseNotebook,
  sourceText,
  type NotebookCell,
  type NotebookOutput,
} from '../../utils/files/notebook.js';
import { decodeText } from '../../utils/files/textEncoding.js';
import { MAX_IMAGE_BYTES } from './readImage.js';
import { MAX_READ_OUTPUT_CHARS, type FileReadRequest, type NotebookImage, type ReadNotebookOutput } from './readResult.js';
import { formatCount } from '../../utils/format.js';

export const MAX_NOTEBOOK_BYTES = 16 * 1024 * 1024;
const MAX_CHARS_PER_OUTPUT = 5_000;
const MAX_IMAGES = 5;

export async function readNotebookFile(request: FileReadRequest): Promise<{ data: ReadNotebookOutput | FileToolFailure }> {
  const { shownPath } = request;
  if (request.size > MAX_NOTEBOOK_BYTES) {
    return fileToolFailure(
      `${shownPath} is ${formatBytes(request.size)}, too large to show as a notebook (limit ${formatBytes(MAX_NOTEBOOK_BYTES)}; usually embedded outputs). Look at its cells' sources with Bash, e.g. \`jq -r '.cells[].source | join("")' ${shownPath}\`.`,
    );
  }
  const { text } = decodeText(await readFile(request.filePath, { signal: request.signal }));
  const parsed = parseNotebook(text, shownPath);
  if (!parsed.ok) return fileToolFailure(parsed.message);
  const { cells } = parsed.notebook;

  const firstCell = Math.max(1, request.offset ?? 1);
  const maxCells = request.limit ?? Number.POSITIVE_INFINITY;
  const images: NotebookImage[] = [];
  const parts: string[] = [];
  let chars = 0;
  let shown = 0;
  for (let index = firstCell - 1; index < cells.length && shown < maxCells && chars < MAX_READ_OUTPUT_CHARS; index++) {
    const rendered = renderCell(cells[index]!, index, images);
    parts.push(rendered);
    chars += rendered.length;
    shown++;
  }
  const lastShown = firstCell + shown - 1;
  const header = `Notebook ${shownPath}: ${cells.length} cells, language ${notebookLanguage(parsed.notebook)}.`;
  const footer =
    lastShown < cells.length && shown > 0
      ? `\n(Showing cells ${firstCell}-${lastShown} of ${cells.length}. To read on, use offset=${lastShown + 1}; for notebooks offset and limit count cells.)`
      : firstCell > cells.length && cells.length > 0
        ? `\n(offset ${firstCell} is past the last cell, ${cells.length}.)`
        : '';

  const sawEverything = firstCell === 1 && lastShown >= cells.length;
  request.readFileState.set(request.key, {
    content: text,
    mtimeMs: request.mtimeMs,
    ...(sawEverything ? {} : { partial: { offset: firstCell, limit: shown } }),
  });
  return {
    data: {
      type: 'notebook',
      filePath: request.filePath,
      shownPath,
      text: [header, ...parts].join('\n\n') + footer,
      totalCells: cells.length,
      firstCell,
      shownCells: shown,
      images,
    },
  };
}

function renderCell(cell: NotebookCell, index: number, images: NotebookImage[]): string {
  const count = cell.execution_count != null ? ` execution_count="${cell.execution_count}"` : '';
  const lines = [`<cell index="${index + 1}" id="${cellIdOf(cell, index)}" type="${cell.cell_type}"${count}>`];
  const source = sourceText(cell.source);
  if (source !== '') lines.push(source);
  for (const output of cell.outputs ?? []) lines.push(renderOutput(output, images));
  lines.push('</cell>');
  return lines.join('\n');
}

function renderOutput(output: NotebookOutput, images: NotebookImage[]): string {
  const body = outputBody(output, images);
  return `<output type="${output.output_type}">\n${trimOutput(body)}\n</output>`;
}

function outputBody(output: NotebookOutput, images: NotebookImage[]): string {
  if (output.output_type === 'stream') return sourceText(output.text);
  if (output.output_type === 'error') {
    const traceback = (output.traceback ?? []).map(stripAnsi).join('\n');
    return `${output.ename ?? 'Error'}: ${output.evalue ?? ''}${traceback ? `\n${traceback}` : ''}`;
  }
  const data = output.data ?? {};
  const parts: string[] = [];
  for (const mimeType of ['image/png', 'image/jpeg'] as const) {
    const encoded = data[mimeType];
    if (typeof encoded === 'string') parts.push(attachImage(encoded, images));
  }
  const plain = data['text/plain'];
  if (typeof plain === 'string' || (Array.isArray(plain) && plain.every((line) => typeof line === 'string'))) {
    parts.push(sourceText(plain));
  }
  return parts.join('\n');
}

function attachImage(encoded: string, images: NotebookImage[]): string {
  if (images.length >= MAX_IMAGES) return '[image output not attached: at most 5 images per Read]';
  const base64 = encoded.replace(/\s+/g, '');
  const bytes = Buffer.from(base64, 'base64');
  const mediaType = sniffImageType(bytes);
  if (!mediaType) return '[image output that is not a valid PNG or JPEG]';
  if (bytes.length > MAX_IMAGE_BYTES) return `[image output too large to attach: ${formatBytes(bytes.length)}]`;
  images.push({ mediaType, base64 });
  return `[image #${images.length}, attached below]`;
}

function trimOutput(text: string): string {
  if (text.length <= MAX_CHARS_PER_OUTPUT) return text.replace(/\n$/, '');
  return `${text.slice(0, MAX_CHARS_PER_OUTPUT)}… [output cut: ${formatCount(text.length)} characters in all]`;
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex -- ANSI escape sequences are exactly what is being removed.
  return text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
}
