/**
 * What Read returns, and how each kind becomes the tool_result the model
 * gets: numbered text with a note on how to continue, image blocks, or a
 * notebook's cells with their outputs.
 */
import type { TextFileAccess } from '../../contract/textFileAccess.js';
import type { ImageMediaType } from '../../utils/files/fileKinds.js';
import { failureBlock, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import type { ToolResultBlockParam } from '../../types/messages.js';
import type { ReadFileState } from '../../contract/readFileState.js';
import { formatCount } from '../../utils/format.js';

export const MAX_READ_OUTPUT_CHARS = 100_000;

/** One Read of a text file or notebook, after the path is resolved and stat'ed. */
export type FileReadRequest = {
  readonly filePath: string;
  readonly shownPath: string;
  /** fileStateKey() of the file. */
  readonly key: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly offset?: number;
  readonly limit?: number;
  readonly readFileState: ReadFileState;
  readonly signal: AbortSignal;
  /** An editor's view of the text (unsaved buffers); absent: the disk. */
  readonly textFiles?: TextFileAccess;
};

export type ReadTextOutput = {
  readonly type: 'text';
  readonly filePath: string;
  readonly shownPath: string;
  /** The lines in `cat -n` form. */
  readonly content: string;
  readonly firstLine: number;
  readonly numLines: number;
  /** Known when the whole file was scanned. */
  readonly totalLines?: number;
  readonly moreAfter: boolean;
  readonly stoppedForSize: boolean;
};

export type ReadImageOutput = {
  readonly type: 'image';
  readonly filePath: string;
  readonly shownPath: string;
  readonly mediaType: ImageMediaType;
  readonly base64: string;
  readonly bytes: number;
};

export type NotebookImage = { readonly mediaType: ImageMediaType; readonly base64: string };

export type ReadNotebookOutput = {
  readonly type: 'notebook';
  readonly filePath: string;
  readonly shownPath: string;
  readonly text: string;
  readonly totalCells: number;
  readonly firstCell: number;
  readonly shownCells: number;
  readonly images: readonly NotebookImage[];
};

export type ReadOutput = ReadTextOutput | ReadImageOutput | ReadNotebookOutput | FileToolFailure;

export function mapReadResult(output: ReadOutput, toolUseId: string): ToolResultBlockParam {
  switch (output.type) {
    case 'error':
      return failureBlock(output, toolUseId);
    case 'text':
      return { type: 'tool_result', tool_use_id: toolUseId, content: textResult(output) };
    case 'image':
      return { type: 'tool_result', tool_use_id: toolUseId, content: [imageBlock(output.mediaType, output.base64)] };
    case 'notebook': {
      const images = output.images.map((image) => imageBlock(image.mediaType, image.base64));
      return { type: 'tool_result', tool_use_id: toolUseId, content: [{ type: 'text', text: output.text }, ...images] };
    }
  }
}

type ToolResultContent = Exclude<ToolResultBlockParam['content'], string | undefined>[number];

function imageBlock(mediaType: ImageMediaType, base64: string): ToolResultContent {
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: base64 } };
}

function textResult(output: ReadTextOutput): string {
  const { shownPath, firstLine, numLines, totalLines } = output;
  if (numLines === 0) {
    if (totalLines === 0) return `(${shownPath} exists but is empty.)`;
    return `(${shownPath} has ${totalLines ?? 'fewer'} lines, so offset ${firstLine} is past its end. Use an offset between 1 and ${totalLines ?? 'the last line'}.)`;
  }
  const lastLine = firstLine + numLines - 1;
  if (!output.moreAfter) return output.content;
  const of = totalLines !== undefined ? ` of ${totalLines}` : '';
  const why = output.stoppedForSize
    ? ` Stopped there to keep this result under ${formatCount(MAX_READ_OUTPUT_CHARS)} characters.`
    : '';
  return `${output.content}\n\n(Showing lines ${firstLine}-${lastLine}${of}.${why} To read on, use offset=${lastLine + 1}.)`;
}
