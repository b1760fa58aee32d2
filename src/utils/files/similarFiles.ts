/**
 * "File not found" that helps: the model usually got the name nearly right
 * (wrong extension, wrong case, a typo, an absolute path that should have
 * been relative), so the error names the files it probably meant.
 */
import { access, opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import { closestNames } from '../closestNames.js';
import { displayPath } from './filePaths.js';

/** Directory listings are read up to this many entries: a huge folder must not stall the error path. */
const MAX_ENTRIES_SCANNED = 5_000;
const MAX_SUGGESTIONS = 3;

async function exists(candidate: string): Promise<boolean> {
  return access(candidate).then(
    () => true,
    () => false,
  );
}

async function isDirectory(candidate: string): Promise<boolean> {
  return stat(candidate).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

async function listNames(directory: string): Promise<string[]> {
  const names: string[] = [];
  try {
    const dir = await opendir(directory);
    for await (const entry of dir) {
      names.push(entry.name);
      if (names.length >= MAX_ENTRIES_SCANNED) break;
    }
  } catch {
    // Unreadable directory: no suggestions, the error still stands.
  }
  return names;
}

function stemOf(name: string): string {
  const extension = path.extname(name);
  return extension ? name.slice(0, -extension.length) : name;
}

/** Names in `directory` that look like `wanted`: same name in another case, another extension, or a typo away. */
export async function similarFileNames(directory: string, wanted: string): Promise<string[]> {
  const names = await listNames(directory);
  const lowered = wanted.toLowerCase();
  const stem = stemOf(wanted).toLowerCase();
  const sameIgnoringCase = names.filter((name) => name.toLowerCase() === lowered && name !== wanted);
  const sameStem = names.filter((name) => stem !== '' && stemOf(name).toLowerCase() === stem && name !== wanted);
  const close = closestNames(wanted, names, MAX_SUGGESTIONS);
  return [...new Set([...sameIgnoringCase, ...sameStem, ...close])].slice(0, MAX_SUGGESTIONS);
}

/** The message for a path that does not exist, with the likeliest intended paths. */
export async function describeMissingFile(absolutePath: string, cwd: string): Promise<string> {
  const shown = displayPath(absolutePath, cwd);
  const lines = [`File does not exist: ${shown}.`];
  const parent = path.dirname(absolutePath);

  const suggestions: string[] = [];
  // "/src/app.ts" where "./src/app.ts" was meant.
  const underCwd = path.join(cwd, absolutePath);
  if (path.isAbsolute(absolutePath) && !absolutePath.startsWith(cwd + path.sep) && (await exists(underCwd))) {
    suggestions.push(displayPath(underCwd, cwd));
  }
  if (await isDirectory(parent)) {
    for (const name of await similarFileNames(parent, path.basename(absolutePath))) {
      suggestions.push(displayPath(path.join(parent, name), cwd));
    }
  } else {
    let ancestor = parent;
    while (path.dirname(ancestor) !== ancestor && !(await isDirectory(ancestor))) ancestor = path.dirname(ancestor);
    lines.push(`Its directory ${displayPath(parent, cwd)} does not exist either; the nearest existing directory is ${displayPath(ancestor, cwd)}.`);
  }
  if (suggestions.length > 0) lines.push(`Did you mean ${[...new Set(suggestions)].slice(0, MAX_SUGGESTIONS).join(', ')}?`);
  else lines.push('Use Glob to find the file by name.');
  lines.push(`(Relative paths are taken from the working directory ${cwd}.)`);
  return lines.join(' ');
}
