/**
 * Candidate paths for an `@` mention. A bare word (`@form`) matches fuzzily
 * across the whole project (src/utils/format.js), after the project folder's
 * subfolders that start with it, files the session touched or that changed
 * recently first (projectFileIndex.ts); a path with a folder (`@src/ut`)
 * lists that folder's entries that start with the typed name.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from '../../utils/format.js';
import { findProjectFiles, type RankingHints } from './projectFileIndex.js';

const MAX_SUGGESTIONS = 12;
/** Entries never worth suggesting unless typed explicitly. */
const NOISY = new Set(['node_modules', '.git']);

/** `hints`: what makes a file likely wanted now (the session's touched files) for the project-wide ranking. */
export async function completeFilePath(cwd: string, partial: string, hints: RankingHints = {}): Promise<string[]> {
  const inFolder = await completeInFolder(cwd, partial);
  if (partial === '' || partial.includes('/') || partial.startsWith('.')) return inFolder;
  const fuzzy = await findProjectFiles(cwd, partial, MAX_SUGGESTIONS, hints).catch(() => []);
  // Folders first (to walk into); the project's files in their ranked order (recent, shallow); then
  // this folder's files the listing leaves out (ignored by git, say), which the user may still mean.
  const folders = inFolder.filter((entry) => entry.endsWith('/'));
  const files = inFolder.filter((entry) => !entry.endsWith('/'));
  return [...new Set([...folders, ...fuzzy, ...files])].slice(0, MAX_SUGGESTIONS);
}

async function completeInFolder(cwd: string, partial: string): Promise<string[]> {
  const slash = partial.lastIndexOf('/');
  const folderTyped = slash >= 0 ? partial.slice(0, slash + 1) : '';
  const namePrefix = slash >= 0 ? partial.slice(slash + 1) : partial;
  const folder = path.resolve(cwd, folderTyped === '' ? '.' : folderTyped);
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const needle = namePrefix.toLowerCase();
  return entries
    .filter((entry) => entry.name.toLowerCase().startsWith(needle))
    .filter((entry) => namePrefix.startsWith('.') || !entry.name.startsWith('.'))
    .filter((entry) => !NOISY.has(entry.name) || entry.name === namePrefix)
    .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || compareStrings(a.name, b.name))
    .slice(0, MAX_SUGGESTIONS)
    .map((entry) => `${folderTyped}${entry.name}${entry.isDirectory() ? '/' : ''}`);
}
