/**
 * A first snapshot of a git repository without hashing every file: the
 * user's index already holds each tracked file's blob id and stat data, and
 * the user's object store already holds the blobs. So the session's state
 * starts from a copy of the user's index (scopeState.ts), the shadow store
 * borrows the user's objects (info/alternates — read, never written), and
 * the snapshot only hashes what differs from it. The user's files are only
 * ever read.
 *
 * Borrowed objects could vanish if the user's git later prunes them, so once
 * a snapshot is taken its objects are copied into the shadow store's own
 * pack in the background (`localizeTree`), off the agent's path.
 *
 * Seeding is skipped (the snapshot hashes everything itself) whenever the
 * copy could mislead: a split or sparse index, entries marked
 * assume-unchanged or skip-worktree (git would not look at them), unmerged
 * entries (gitIndexFile.ts reads those as unusable), a repository whose
 * objects are not SHA-1, or a working directory below the repository's top.
 */
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShadowGit } from './shadowGit.js';

/** Whether the repository at `workTree` has an index and objects this store can borrow. */
export function userIndexUsable(workTree: string): boolean {
  const userGit = path.join(workTree, '.git');
  if (!existsSync(path.join(userGit, 'index')) || !existsSync(path.join(userGit, 'objects'))) return false;
  try {
    // The store is SHA-1: a SHA-256 repository's ids mean nothing to it.
    return !/^\s*objectformat\s*=\s*sha256\s*$/im.test(readFileSync(path.join(userGit, 'config'), 'utf8'));
  } catch {
    return false;
  }
}

/** Adds the user's object folder to the store's alternates (once); false if that failed. */
export async function borrowObjects(gitDir: string, userObjects: string): Promise<boolean> {
  const alternates = path.join(gitDir, 'objects', 'info', 'alternates');
  const listed = await readFile(alternates, 'utf8').catch(() => '');
  if (listed.split('\n').includes(userObjects)) return true;
  return appendFile(alternates, `${userObjects}\n`).then(
    () => true,
    () => false,
  );
}

/**
 * Copies every object of `tree` that the store only borrows into a pack of
 * its own, in the background. Trees localized before are excluded, so each
 * run packs only what is new. Failures are silent: borrowing still works.
 */
export function localizeTree(git: ShadowGit, tree: string): void {
  const done = path.join(git.options.gitDir, 'localized-trees');
  void readFile(done, 'utf8')
    .catch(() => '')
    .then(async (text) => {
      const earlier = text.split('\n').filter((line) => /^[0-9a-f]{40,64}$/.test(line));
      if (earlier.includes(tree)) return;
      const revisions = `${[tree, ...earlier.slice(-8).map((sha) => `^${sha}`)].join('\n')}\n`;
      const packed = await git.run(['pack-objects', '--revs', '--window=0', '--depth=0', '-q', path.join(git.options.gitDir, 'objects', 'pack', 'pack')], revisions);
      if (packed.code === 0) await appendFile(done, `${tree}\n`);
    })
    .catch(() => undefined);
}
