/**
 * The last step every file-changing tool shares: put the text back in the
 * file's own shape (line endings, encoding, BOM), write it atomically, and
 * remember it as the version the model now knows.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReadFileState } from '../../contract/readFileState.js';
import { errorMessageOf } from '../errors.js';
import type { TextFileAccess } from '../../contract/textFileAccess.js';
import { writeFileAtomically } from './atomicWrite.js';
import { describeFsError } from './fsErrors.js';
import { recordWrite } from './readFileGuard.js';
import { encodeText, toFileLineEndings, type TextFormat } from './textEncoding.js';

export type TextWriteRequest = {
  readonly filePath: string;
  readonly key: string;
  readonly shownPath: string;
  /** The new text with `\n` line endings (the model's view). */
  readonly text: string;
  readonly format: TextFormat;
  readonly readFileState: ReadFileState;
  /** False for an Edit of a file the model read only in part. */
  readonly wholeFileKnown: boolean;
  /** An editor that holds the file (its buffer gets the text); absent: the disk. */
  readonly textFiles?: TextFileAccess;
};

export type TextWriteResult =
  | { readonly ok: true; readonly createdDirectory?: string }
  | { readonly ok: false; readonly message: string };

export async function writeTextFile(request: TextWriteRequest): Promise<TextWriteResult> {
  const { format, shownPath } = request;
  const stored = toFileLineEndings(request.text, format.lineEnding);
  const encoded = encodeText(stored, format);
  if (!encoded.ok) {
    return {
      ok: false,
      message: `${shownPath} is stored as Latin-1, which cannot hold ${encoded.unencodable.join(' ')}, so nothing was written. Use characters Latin-1 has (or an escape the file format allows), or convert the file to UTF-8 first (e.g. \`iconv -f latin1 -t utf-8\` through Bash) and Read it again.`,
    };
  }
  if (request.textFiles) return writeThroughEditor(request, request.textFiles, stored);
  try {
    const written = await writeFileAtomically(request.filePath, encoded.bytes);
    recordWrite(request.readFileState, request.key, { text: stored, mtimeMs: written.mtimeMs, wholeFileKnown: request.wholeFileKnown });
    return { ok: true, ...(written.createdDirectory ? { createdDirectory: written.createdDirectory } : {}) };
  } catch (error) {
    return { ok: false, message: describeFsError(error, 'write', shownPath) };
  }
}

/**
 * The editor writes the file (and updates its buffer). Missing folders are
 * made here first, as the disk path does; the mtime recorded is the disk's
 * after the write when the editor saved it, else now (the guard compares
 * text first, so it is only a fallback).
 */
async function writeThroughEditor(request: TextWriteRequest, textFiles: TextFileAccess, stored: string): Promise<TextWriteResult> {
  const folder = path.dirname(request.filePath);
  let createdDirectory: string | undefined;
  try {
    createdDirectory = await mkdir(folder, { recursive: true });
    await textFiles.writeText(request.filePath, stored);
  } catch (error) {
    return { ok: false, message: `${request.shownPath} could not be written through the editor: ${errorMessageOf(error)}` };
  }
  const mtimeMs = await stat(request.filePath).then((stats) => stats.mtimeMs, () => Date.now());
  recordWrite(request.readFileState, request.key, { text: stored, mtimeMs, wholeFileKnown: request.wholeFileKnown });
  return { ok: true, ...(createdDirectory ? { createdDirectory } : {}) };
}
