/**
 * Loads the current version of a file that Write, Edit or NotebookEdit is
 * about to change, and says plainly why it cannot be changed when it
 * cannot: a directory, a device, a binary file, a file too large to rewrite
 * in memory, a read-only file.
 */
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { looksBinary, SNIFF_BYTES } from './fileKinds.js';
import { describeFsError, errnoCode } from './fsErrors.js';
import { formatBytes } from './formatBytes.js';
import { checkReadBeforeWrite, type GuardOptions } from './readFileGuard.js';
import { decodeText, type TextFormat } from './textEncoding.js';
import type { TextFileAccess } from '../../contract/textFileAccess.js';
import { errorMessageOf } from '../errors.js';

/** An editor that does not answer in this time is treated like an unreadable file. */
const EDITOR_READ_TIMEOUT_MS = 30_000;

/** Edits rewrite the whole file in memory; past this a text editor or sed is the better tool. */
export const MAX_CHANGEABLE_FILE_BYTES = 64 * 1024 * 1024;

export type FileForChange =
  | { readonly kind: 'missing' }
  | {
      readonly kind: 'text';
      /** Decoded, BOM removed, line endings as stored. */
      readonly text: string;
      readonly format: TextFormat;
      readonly mtimeMs: number;
      readonly mode: number;
    }
  | { readonly kind: 'unchangeable'; readonly message: string };

/** `textFiles`: an editor's view of the text (unsaved buffers); the disk still says what kind of file it is. */
export async function loadFileForChange(absolutePath: string, shownPath: string, textFiles?: TextFileAccess): Promise<FileForChange> {
  let stats;
  try {
    stats = await stat(absolutePath);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { kind: 'missing' };
    // The path cannot even be looked up (a file where a directory should be, no search permission): no write can succeed.
    return { kind: 'unchangeable', message: describeFsError(error, 'write', shownPath) };
  }
  if (stats.isDirectory()) {
    return { kind: 'unchangeable', message: `${shownPath} is a directory, not a file. Give the path of a file inside it.` };
  }
  if (!stats.isFile()) {
    return { kind: 'unchangeable', message: `${shownPath} is not a regular file (it is a device, pipe or socket); the file tools only change regular files.` };
  }
  if (stats.size > MAX_CHANGEABLE_FILE_BYTES) {
    return {
      kind: 'unchangeable',
      message: `${shownPath} is ${formatBytes(stats.size)}, over the ${formatBytes(MAX_CHANGEABLE_FILE_BYTES)} that the file tools rewrite in memory. Change it with a streaming tool through Bash (e.g. sed -i) instead.`,
    };
  }
  let bytes;
  try {
    bytes = await readFile(absolutePath);
  } catch (error) {
    return { kind: 'unchangeable', message: describeFsError(error, 'read', shownPath) };
  }
  if (looksBinary(absolutePath, bytes.subarray(0, SNIFF_BYTES))) {
    return { kind: 'unchangeable', message: `${shownPath} is a binary file; the file tools change text files only.` };
  }
  const { text, format } = decodeText(bytes);
  if (!textFiles) return { kind: 'text', text, format, mtimeMs: stats.mtimeMs, mode: stats.mode };
  let current: string;
  try {
    current = await textFiles.readText(absolutePath, AbortSignal.timeout(EDITOR_READ_TIMEOUT_MS));
  } catch (error) {
    return { kind: 'unchangeable', message: `${shownPath} could not be read from the editor: ${errorMessageOf(error)}` };
  }
  return { kind: 'text', text: current, format, mtimeMs: stats.mtimeMs, mode: stats.mode };
}

/**
 * Why the file may not be written, or undefined. Permission bits without any
 * write bit are honoured as the owner's "do not change this" even when the
 * OS would let us (root ignores them; and a rename over the file would
 * succeed for anyone who may write the directory).
 */
export async function writeBlocker(absolutePath: string, mode: number, shownPath: string): Promise<string | undefined> {
  if ((mode & 0o222) === 0) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    return `${shownPath} is read-only (mode ${octal}), so it was not changed. If it really should be edited, ask the user to make it writable (e.g. chmod u+w) — do not work around it.`;
  }
  try {
    await access(absolutePath, constants.W_OK);
    return undefined;
  } catch (error) {
    return describeFsError(error, 'write', shownPath);
  }
}

/**
 * Why an existing file may not be changed now, or undefined: the read-first
 * and stale-file guard first (the model must see the file as it is), then
 * the file's own write protection.
 */
export async function changeRefusal(
  absolutePath: string,
  file: Extract<FileForChange, { kind: 'text' }>,
  guard: Omit<GuardOptions, 'current'>,
): Promise<string | undefined> {
  return checkReadBeforeWrite({ ...guard, current: file }) ?? (await writeBlocker(absolutePath, file.mode, guard.shownPath));
}
