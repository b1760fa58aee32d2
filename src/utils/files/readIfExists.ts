/**
 * A configuration file's text, or that it is missing, or why it could not be
 * read: the loaders of settings, rules and hooks tell a missing file (fine)
 * from an unreadable one (an error naming the file).
 */
import { readFile } from 'node:fs/promises';

export type ReadAttempt = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'error'; message: string };

export async function readIfExists(file: string): Promise<ReadAttempt> {
  try {
    return { kind: 'text', text: await readFile(file, 'utf8') };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
