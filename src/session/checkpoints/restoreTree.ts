/**
 * Puts chosen paths of one working directory back to a snapshot's state,
 * byte for byte: content, the executable bit and symlinks as git recorded
 * them. Paths the snapshot did not have are removed, and folders that
 * removal emptied go too (they did not exist then either).
 *
 * Writing goes through git's checkout-index from a scratch index holding
 * only the entries to restore: git refuses to write through a symlinked
 * leading folder (a link the agent planted cannot redirect a restore
 * outside the work tree), and the shadow store's neutral attributes mean no
 * filter or line-ending conversion runs.
 */
import { lstat, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { nulSeparated, type ShadowGit } from './shadowGit.js';
import { isEmptyDirectory, type SnapshotScope } from './snapshot.js';

/** One path that differs between two trees; `to` undefined: the path is absent in the target. */
export type TreeChange = {
  readonly path: string;
  readonly status: 'added' | 'deleted' | 'modified';
  readonly to: { readonly mode: string; readonly sha: string } | undefined;
};

/** What must change to turn `fromTree` into `toTree` (no rename detection: each path on its own). */
export async function diffTrees(git: ShadowGit, fromTree: string, toTree: string): Promise<TreeChange[]> {
  if (fromTree === toTree) return [];
  const parts = nulSeparated(await git.output(['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', fromTree, toTree]));
  const changes: TreeChange[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const header = /^:\d+ (\d+) [0-9a-f]+ ([0-9a-f]+) ([A-Z])/.exec(parts[index]!);
    if (!header) continue;
    const [, toMode, toSha, status] = header;
    const file = parts[index + 1]!;
    if (status === 'D') changes.push({ path: file, status: 'deleted', to: undefined });
    else changes.push({ path: file, status: status === 'A' ? 'added' : 'modified', to: { mode: toMode!, sha: toSha! } });
  }
  return changes;
}

/** Lines added and removed per path between two trees (binary files count 0/0). */
export async function lineCounts(git: ShadowGit, fromTree: string, toTree: string): Promise<Map<string, { added: number; removed: number }>> {
  const counts = new Map<string, { added: number; removed: number }>();
  if (fromTree === toTree) return counts;
  const text = (await git.output(['diff-tree', '-r', '-z', '--numstat', '--no-renames', '--no-commit-id', fromTree, toTree])).toString('utf8');
  for (const record of text.split('\0')) {
    const match = /^(\d+|-)\t(\d+|-)\t(.+)$/s.exec(record.replace(/^\n/, ''));
    if (!match) continue;
    counts.set(match[3]!, { added: match[1] === '-' ? 0 : Number(match[1]), removed: match[2] === '-' ? 0 : Number(match[2]) });
  }
  return counts;
}

/**
 * Applies `changes` (from diffTrees(current, target)) to the work tree.
 * Returns the paths it touched, for the caller to refresh its index.
 */
export async function applyTreeChanges(git: ShadowGit, scope: SnapshotScope, changes: readonly TreeChange[], scratchIndex: string): Promise<string[]> {
  const removals = changes.filter((change) => change.to === undefined);
  const writes = changes.filter((change) => change.to !== undefined);
  for (const change of removals) await removePath(scope.workTree, change.path);
  // A file may have to replace a folder that is still there with other content (a path that was a file then).
  for (const change of writes) await clearWayFor(scope.workTree, change.path);
  if (writes.length > 0) {
    const scratch = git.withIndex(scratchIndex);
    await rm(scratchIndex, { force: true });
    await scratch.output(['update-index', '-z', '--index-info'], writes.map((change) => `${change.to!.mode} ${change.to!.sha}\t${change.path}\0`).join(''));
    await scratch.output(['checkout-index', '-f', '-z', '--stdin'], writes.map((change) => `${change.path}\0`).join(''));
    await rm(scratchIndex, { force: true });
  }
  for (const change of removals) await removeEmptiedFolders(scope, path.dirname(change.path));
  return changes.map((change) => change.path);
}

async function removePath(workTree: string, relative: string): Promise<void> {
  const absolute = path.join(workTree, relative);
  try {
    const info = await lstat(absolute);
    if (info.isDirectory()) await rm(absolute, { recursive: true, force: true });
    else await unlink(absolute);
  } catch {
    // Already gone.
  }
}

/** A folder now standing where the snapshot had a file is in the way; a file where a folder is needed too. */
async function clearWayFor(workTree: string, relative: string): Promise<void> {
  const absolute = path.join(workTree, relative);
  try {
    if ((await lstat(absolute)).isDirectory()) await rm(absolute, { recursive: true, force: true });
  } catch {
    // Nothing there.
  }
  const parts = relative.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const parent = path.join(workTree, ...parts.slice(0, depth));
    try {
      const info = await lstat(parent);
      if (!info.isDirectory()) await unlink(parent); // a file or symlink where the snapshot had a folder
    } catch {
      return; // missing: checkout-index creates it
    }
  }
}

/** Folders the removals emptied, up to (not including) the working directory itself. */
async function removeEmptiedFolders(scope: SnapshotScope, relativeDir: string): Promise<void> {
  for (let dir = relativeDir; dir !== '.' && dir !== '' && dir !== '/' && dir !== scope.prefix; dir = path.dirname(dir)) {
    const absolute = path.join(scope.workTree, dir);
    if (!(await isEmptyDirectory(absolute))) return;
    try {
      await rmdir(absolute);
    } catch {
      return;
    }
  }
}
