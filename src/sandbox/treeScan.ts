/**
 * Finds, at call time, the paths the sandbox must protect: files and
 * folders matching deny-rule patterns (`Read(.env)` names a `.env` at any
 * depth), and the protected names anywhere in the working directories
 * (`CLAUDE.md`, `.claude/`, `.git/hooks`…).
 *
 * Walking a tree before every command would cost more than the command, so
 * directory listings are cached and revalidated by the directory's own
 * mtime/ctime: a new, removed or renamed entry changes them, so a refresh
 * costs one lstat per directory and a readdir only where something moved.
 *
 * Two kinds of folders are not descended into when searching by name:
 * `node_modules` (dependencies, often 100k files) and `.git` (its
 * code-running parts are protected by name below). Patterns that name a
 * path inside them explicitly are still found.
 */
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { compilePathPattern, type PathPattern } from '../permissions/rules/pathPattern.js';

type Entry = { readonly name: string; readonly isDirectory: boolean };
type Listing = { readonly stamp: Stamp; readonly entries: readonly Entry[] };
/**
 * A folder's mtime, ctime and inode (undefined: missing): any entry added, removed or renamed in it
 * changes one of them. Numbers, not a string: checking every folder's stamp is the cost of a call.
 */
type Stamp = { readonly mtimeMs: number; readonly ctimeMs: number; readonly ino: number } | undefined;

const SKIPPED_WHEN_SEARCHING = new Set(['node_modules', '.git']);
/** Past this many cached folders the cache starts over (bounded memory). */
const MAX_CACHED_DIRECTORIES = 50_000;
/** A pattern outside the working directories with `**` could mean walking the disk: bounded. */
export const MAX_OUTSIDE_WALK_DIRECTORIES = 2_000;

const listings = new Map<string, Listing>();

/**
 * The last result per request, with the stamp of every folder it looked
 * into: when none of them changed, neither did the result (the common case
 * between two commands), and the scan costs one lstat per folder.
 */
type Memo = { readonly result: TreeScanResult; readonly stamps: ReadonlyMap<string, Stamp> };
const memos = new Map<string, Memo>();
const MAX_MEMOS = 20;

export type NameSearch = {
  /** Names that are protected wherever they appear in the working directories (files or folders). */
  readonly names: ReadonlySet<string>;
  /** Called for each `.git` found (folder or file); returns what to protect in it. */
  readonly gitEntry: (gitPath: string, isDirectory: boolean) => readonly string[];
};

export type TreeScanRequest = {
  readonly roots: readonly string[];
  readonly nameSearch: NameSearch;
  readonly patterns: readonly { readonly pattern: PathPattern; readonly purpose: 'mask' | 'read-only' }[];
};

export type FoundPath = { readonly path: string; readonly isDirectory: boolean };

export type TreeScanResult = {
  readonly protectedPaths: readonly string[];
  readonly masked: readonly FoundPath[];
  readonly readOnly: readonly string[];
};

export function scanTree(request: TreeScanRequest): TreeScanResult {
  if (listings.size > MAX_CACHED_DIRECTORIES) listings.clear();
  const key = JSON.stringify([request.roots, request.patterns.map(({ pattern, purpose }) => [pattern.anchored, purpose])]);
  const memo = memos.get(key);
  if (memo && stampsUnchanged(memo.stamps)) return memo.result;
  const stamps = new Map<string, Stamp>();
  const result = walkTree(request, stamps);
  if (memos.size >= MAX_MEMOS) memos.clear();
  memos.set(key, { result, stamps });
  return result;
}

function walkTree(request: TreeScanRequest, stamps: Map<string, Stamp>): TreeScanResult {
  const patterns = request.patterns.map(({ pattern, purpose }) => ({ pattern, purpose, gate: nameGate(pattern.anchored) }));
  const protectedPaths = new Set<string>();
  const masked = new Map<string, boolean>();
  const readOnly = new Set<string>();
  const insideRoot = (p: string): boolean => request.roots.some((root) => isWithin(p, root));
  const names = request.nameSearch.names;

  // Called for every entry of every folder walked (thousands per scan, and on the first call of a
  // session the code is still cold): no allocation, no path parsing beyond what a match needs.
  const record = (entryPath: string, name: string, isDirectory: boolean, inRoot: boolean): boolean => {
    let descend = isDirectory;
    for (let index = 0; index < patterns.length; index++) {
      const { pattern, purpose, gate } = patterns[index]!;
      if ((gate !== undefined && !gate(name)) || !pattern.matches(entryPath)) continue;
      if (purpose === 'mask') {
        masked.set(entryPath, isDirectory);
        descend = false; // nothing below a masked folder is visible
      } else readOnly.add(entryPath);
    }
    if (!inRoot) return descend;
    if (name === '.git') {
      // What gitEntry finds depends on what the git directory holds.
      if (isDirectory) stamps.set(entryPath, stampOf(entryPath));
      for (const p of request.nameSearch.gitEntry(entryPath, isDirectory)) protectedPaths.add(p);
    } else if (names.has(name)) protectedPaths.add(entryPath);
    return descend;
  };

  const walk = (start: string, budget: { directories: number } | undefined): void => {
    const stack = [start];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      if (budget && budget.directories-- <= 0) return;
      const inRoot = insideRoot(dir);
      const listing = listDirectory(dir);
      stamps.set(dir, listing.stamp);
      const prefix = dir.endsWith('/') ? dir : `${dir}/`;
      for (const entry of listing.entries) {
        const entryPath = prefix + entry.name;
        if (!record(entryPath, entry.name, entry.isDirectory, inRoot)) continue;
        // Inside the working directories every folder is searched (names are protected anywhere), but
        // node_modules and .git only through patterns that name a path in them (the prefix walk below).
        if (inRoot ? !SKIPPED_WHEN_SEARCHING.has(entry.name) : request.patterns.some(({ pattern }) => pattern.mayMatchBelow(entryPath))) stack.push(entryPath);
      }
    }
  };

  for (const root of request.roots) walk(root, undefined);
  // Patterns the walks above do not reach: anchored outside the working directories, or naming a
  // path inside a folder the name search skips (./node_modules/x/.env). Walked from their literal prefix.
  for (const { pattern } of request.patterns) {
    const prefix = literalPrefix(pattern.anchored);
    const isRoot = request.roots.includes(prefix);
    if (!isRoot && insideRoot(prefix) && !isUnderSkipped(prefix, request.roots)) continue;
    // The prefix appearing or going away changes its parent folder.
    stamps.set(path.dirname(prefix), stampOf(path.dirname(prefix)));
    const stats = statQuietly(prefix);
    if (!stats) continue;
    const descend = record(prefix, path.basename(prefix), stats.isDirectory(), insideRoot(prefix));
    if (isRoot || !descend || !hasGlob(pattern.anchored)) continue;
    walk(prefix, insideRoot(prefix) ? undefined : { directories: MAX_OUTSIDE_WALK_DIRECTORIES });
  }
  return {
    protectedPaths: [...protectedPaths],
    masked: [...masked].map(([p, isDirectory]) => ({ path: p, isDirectory })),
    readOnly: [...readOnly],
  };
}

/**
 * A cheap test on the entry's name before the full match: the last segment
 * that is not `**` must match it (a folder the pattern matches whole is
 * recorded at that folder, never below it).
 */
function nameGate(anchored: string): ((name: string) => boolean) | undefined {
  const last = anchored.split('/').filter((segment) => segment !== '' && segment !== '**').at(-1);
  if (last === undefined) return undefined;
  if (!hasGlob(last)) return (name) => name === last;
  const single = compilePathPattern(`//${last}`, { root: '/', home: '/' });
  return (name) => single.matches(`/${name}`);
}

function stampOf(dir: string): Stamp {
  const stats = lstatQuietly(dir);
  return stats ? stampOfStats(stats) : undefined;
}

/** Undefined for a path that is gone or unreadable; no exception built for the common "gone". */
function lstatQuietly(p: string): Stats | undefined {
  try {
    return lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function stampOfStats(stats: Stats): Stamp {
  return { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

function stampsUnchanged(stamps: ReadonlyMap<string, Stamp>): boolean {
  for (const [dir, stamp] of stamps) {
    const now = lstatQuietly(dir);
    if (now === undefined ? stamp !== undefined : stamp === undefined || now.mtimeMs !== stamp.mtimeMs || now.ctimeMs !== stamp.ctimeMs || now.ino !== stamp.ino) return false;
  }
  return true;
}

/** The leading segments of an anchored pattern that hold no glob character. */
export function literalPrefix(anchored: string): string {
  const segments = anchored.split('/').filter(Boolean);
  const literal: string[] = [];
  for (const segment of segments) {
    if (hasGlob(segment)) break;
    literal.push(segment);
  }
  return `/${literal.join('/')}`;
}

export function hasGlob(text: string): boolean {
  return /[*?[\\]/.test(text);
}

function isUnderSkipped(p: string, roots: readonly string[]): boolean {
  const root = roots.find((r) => isWithin(p, r));
  if (!root) return false;
  return path.relative(root, p).split(path.sep).some((segment) => SKIPPED_WHEN_SEARCHING.has(segment));
}

const EMPTY_LISTING: Listing = { stamp: undefined, entries: [] };

/** A folder's entries, from the cache while its stamp holds; its stamp comes along (the memo keeps it). */
function listDirectory(dir: string): Listing {
  const stats = lstatQuietly(dir);
  if (!stats) {
    listings.delete(dir);
    return EMPTY_LISTING;
  }
  const stamp = stampOfStats(stats);
  if (!stats.isDirectory()) return { stamp, entries: [] };
  const cached = listings.get(dir);
  if (cached && sameStamp(cached.stamp, stamp)) return cached;
  let entries: Entry[];
  try {
    // Symlinks are not followed: a link to `/` must not turn a scan into a walk of the disk.
    entries = readdirSync(dir, { withFileTypes: true }).map((dirent) => ({ name: dirent.name, isDirectory: dirent.isDirectory() }));
  } catch {
    entries = [];
  }
  const listing = { stamp, entries };
  listings.set(dir, listing);
  return listing;
}

export function statQuietly(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

export function isWithin(candidate: string, root: string): boolean {
  if (candidate === root) return true;
  return candidate.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** Forgets every cached listing and result (tests). */
export function clearTreeScanCache(): void {
  listings.clear();
  memos.clear();
}
