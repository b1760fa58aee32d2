/**
 * Puts chosen paths of one working directory back to a snapshot's state,
 * byte for byte: content, permission bits (the snapshot's permission table,
 * permissionTable.ts; git's executable bit for checkpoints that predate it)
 * and symlinks. Paths the snapshot did not have are removed, and folders
 * that removal emptied go too (they did not exist then either).
 *
 * The content comes from one `git cat-file --batch` and is written here.
 * Nothing is written through a symlink: a file or link standing where the
 * snapshot had a folder is removed first (a link the agent planted cannot
 * redirect a restore outside the work tree), and files are created anew
 * (O_EXCL), never opened through whatever stands at their path.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, rmdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MODE_EXECUTABLE, MODE_GITLINK, MODE_SYMLINK } from './gitObjects.js';
import { decodePermissionTable, permissionsIn, type PermissionTable } from './permissionTable.js';
import { nulSeparated, type ShadowGit } from './shadowGit.js';
import type { SnapshotScope } from './snapshot.js';

/** One path that differs between two trees; `to` undefined: the path is absent in the target. */
export type TreeChange = {
  readonly path: string;
  readonly status: 'added' | 'deleted' | 'modified';
  readonly to: { readonly mode: string; readonly sha: string } | undefined;
};

export type TreeDiff = { readonly changes: TreeChange[]; readonly counts: Map<string, { added: number; removed: number }> };

/** What must change to turn `fromTree` into `toTree` (no rename detection: each path on its own). */
export async function diffTrees(git: ShadowGit, fromTree: string, toTree: string): Promise<TreeChange[]> {
  return (await diffTreesWithCounts(git, fromTree, toTree, { counts: false })).changes;
}

/** Lines added and removed per path between two trees (binary files count 0/0). */
export async function lineCounts(git: ShadowGit, fromTree: string, toTree: string): Promise<Map<string, { added: number; removed: number }>> {
  return (await diffTreesWithCounts(git, fromTree, toTree, { counts: true })).counts;
}

/** The changes and (optionally) the +/− line counts from one `git diff-tree`: raw records, then numstat records. */
export async function diffTreesWithCounts(git: ShadowGit, fromTree: string, toTree: string, options: { readonly counts: boolean }): Promise<TreeDiff> {
  const changes: TreeChange[] = [];
  const counts = new Map<string, { added: number; removed: number }>();
  if (fromTree === toTree) return { changes, counts };
  const parts = nulSeparated(await git.output(['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', '--raw', ...(options.counts ? ['--numstat'] : []), fromTree, toTree]));
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const header = /^:\d+ (\d+) [0-9a-f]+ ([0-9a-f]+) ([A-Z])/.exec(part);
    if (header) {
      const [, toMode, toSha, status] = header;
      const file = parts[++index]!;
      if (status === 'D') changes.push({ path: file, status: 'deleted', to: undefined });
      else changes.push({ path: file, status: status === 'A' ? 'added' : 'modified', to: { mode: toMode!, sha: toSha! } });
      continue;
    }
    const numstat = /^(\d+|-)\t(\d+|-)\t(.+)$/s.exec(part.replace(/^\n/, ''));
    if (numstat) counts.set(numstat[3]!, { added: numstat[1] === '-' ? 0 : Number(numstat[1]), removed: numstat[2] === '-' ? 0 : Number(numstat[2]) });
  }
  return { changes, counts };
}

/** The contents of these blobs, from one `git cat-file --batch`; a missing one is an error naming it. */
export async function readBlobs(git: ShadowGit, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return blobs;
  const output = await git.output(['cat-file', '--batch'], `${unique.join('\n')}\n`);
  let offset = 0;
  for (const id of unique) {
    const newline = output.indexOf(10, offset);
    const header = output.toString('latin1', offset, newline).split(' ');
    if (header[1] === 'missing' || header.length < 3) throw new Error(`the checkpoint store has lost object ${id}`);
    const size = Number(header[2]);
    blobs.set(id, output.subarray(newline + 1, newline + 1 + size));
    offset = newline + 1 + size + 1;
  }
  return blobs;
}

/** A snapshot's permission table, or undefined for a checkpoint that predates them (or a blob that is not one). */
export async function readPermissionTable(git: ShadowGit, id: string | undefined): Promise<PermissionTable | undefined> {
  if (id === undefined) return undefined;
  const blob = (await readBlobs(git, [id])).get(id);
  return blob ? decodePermissionTable(blob) : undefined;
}

export type AppliedChanges = {
  /** Files and links written, with what the state records of them. */
  readonly written: readonly { readonly path: string; readonly mode: string; readonly sha: string; readonly bits: number | undefined }[];
  readonly removed: readonly string[];
};

/**
 * Applies `changes` (from diffTrees(current, target), plus permission-only
 * changes) to the work tree, with the target's permission table when it has
 * one. Synchronous file operations: a restore is one blocking step the user
 * asked for, and a hundred files cost a fraction of their promise round trips.
 */
export async function applyTreeChanges(git: ShadowGit, scope: SnapshotScope, changes: readonly TreeChange[], permissions: PermissionTable | undefined): Promise<AppliedChanges> {
  const removals = changes.filter((change) => change.to === undefined);
  const writes = changes.filter((change): change is TreeChange & { to: NonNullable<TreeChange['to']> } => change.to !== undefined);
  const contents = await readBlobs(
    git,
    writes.filter((change) => change.to.mode !== MODE_GITLINK).map((change) => change.to.sha),
  );
  for (const change of removals) removePath(path.join(scope.workTree, change.path));
  const clearedFolders = new Set<string>();
  const written: AppliedChanges['written'][number][] = [];
  for (const change of writes) {
    const absolute = path.join(scope.workTree, change.path);
    clearWayFor(scope.workTree, change.path, clearedFolders);
    removePath(absolute); // whatever stands there now: a file, a link, a folder
    if (change.to.mode === MODE_GITLINK) {
      mkdirSync(absolute, { recursive: true }); // a nested repository's folder; its files are its own
      continue;
    }
    const content = contents.get(change.to.sha)!;
    if (change.to.mode === MODE_SYMLINK) {
      symlinkSync(content, absolute);
      written.push({ path: change.path, mode: change.to.mode, sha: change.to.sha, bits: undefined });
      continue;
    }
    const executable = change.to.mode === MODE_EXECUTABLE;
    // Created anew (O_EXCL: never through a link standing at the path); without a table the umask decides, as for git.
    writeFileSync(absolute, content, { flag: 'wx', mode: executable ? 0o777 : 0o666 });
    let bits: number;
    if (permissions) {
      bits = permissionsIn(permissions, change.path, executable);
      chmodSync(absolute, bits);
    } else bits = lstatSync(absolute).mode & 0o777;
    written.push({ path: change.path, mode: change.to.mode, sha: change.to.sha, bits });
  }
  for (const change of removals) removeEmptiedFolders(scope, path.dirname(change.path));
  return { written, removed: removals.map((change) => change.path) };
}

function removePath(absolute: string): void {
  const info = lstatSync(absolute, { throwIfNoEntry: false });
  if (!info) return;
  if (info.isDirectory()) rmSync(absolute, { recursive: true, force: true });
  else unlinkSync(absolute);
}

/**
 * Every folder on the way to a file must be a real folder: a file or a symlink standing where the snapshot
 * had a folder is removed (a link must not carry the write elsewhere); missing folders are made.
 */
function clearWayFor(workTree: string, relative: string, cleared: Set<string>): void {
  const parts = relative.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = parts.slice(0, depth).join('/');
    if (cleared.has(folder)) continue;
    const absolute = path.join(workTree, folder);
    const info = lstatSync(absolute, { throwIfNoEntry: false });
    if (info && !info.isDirectory()) unlinkSync(absolute);
    if (!info || !info.isDirectory()) mkdirSync(absolute);
    cleared.add(folder);
  }
}

/** Folders the removals emptied, up to (not including) the working directory itself. */
function removeEmptiedFolders(scope: SnapshotScope, relativeDir: string): void {
  for (let dir = relativeDir; dir !== '.' && dir !== '' && dir !== '/' && dir !== scope.prefix; dir = path.dirname(dir)) {
    const absolute = path.join(scope.workTree, dir);
    try {
      if (readdirSync(absolute).length > 0) return;
      rmdirSync(absolute);
    } catch {
      return;
    }
  }
}
