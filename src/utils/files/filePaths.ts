/**
 * How the file tools turn the path the model wrote into the file they touch.
 * The model may send an absolute path, a path relative to the session's
 * current directory, or a `~` path; all three must land on the same file
 * that the permission system checked, so every file tool resolves through
 * here.
 */
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Expands a leading `~` or `~/`; other paths are returned unchanged (still possibly relative). */
export function expandHome(filePath: string, home: string = os.homedir()): string {
  if (filePath === '~') return home;
  if (filePath.startsWith('~/') || filePath.startsWith(`~${path.sep}`)) return path.join(home, filePath.slice(2));
  return filePath;
}

/** The absolute, normalised path a file tool acts on (relative paths are taken from `cwd`). */
export function resolveToolPath(filePath: string, cwd: string): string {
  return path.resolve(cwd, expandHome(filePath.trim()));
}

/** A short path for messages: relative to `cwd` when inside it, absolute otherwise. */
export function displayPath(absolutePath: string, cwd: string): string {
  const relative = path.relative(cwd, absolutePath);
  if (relative === '') return '.';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return absolutePath;
  return relative;
}

/**
 * The key under which a file's read snapshot is stored: its real path, so a
 * file read through a symlink and edited through its target (or the other
 * way round) is recognised as the same file. For a path that does not exist
 * yet, the nearest existing ancestor is resolved and the rest appended.
 */
export async function fileStateKey(absolutePath: string): Promise<string> {
  try {
    return await realpath(absolutePath);
  } catch {
    const parent = path.dirname(absolutePath);
    if (parent === absolutePath) return absolutePath;
    return path.join(await fileStateKey(parent), path.basename(absolutePath));
  }
}

/** A path as the user thinks of it in the REPL: relative to where agentcli was started. */
export function shortDisplayPath(filePath: string): string {
  return displayPath(expandHome(filePath), process.cwd());
}
