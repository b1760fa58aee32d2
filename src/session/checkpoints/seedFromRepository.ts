/**
 * A first snapshot of a git repository without hashing every file: the
 * user's index already holds each tracked file's blob id and stat data, and
 * the user's object store already holds the blobs. So the session's shadow
 * index starts as a copy of the user's index, the shadow store borrows the
 * user's objects (info/alternates — read, never written), and the snapshot
 * only hashes what differs from it. The user's files are only ever read.
 *
 * Borrowed objects could vanish if the user's git later prunes them, so once
 * a snapshot is taken its objects are copied into the shadow store's own
 * pack in the background (`localizeTree`), off the agent's path.
 *
 * Seeding is skipped (the snapshot hashes everything itself) whenever the
 * copy could mislead: a split or sparse index, entries marked
 * assume-unchanged or skip-worktree (git would not look at them), unmerged
 * entries, or a working directory below the repository's top.
 */
import { existsSync } from 'node:fs';
import { appendFile, copyFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { nulSeparated, type ShadowGit } from './shadowGit.js';
import type { SnapshotScope } from './snapshot.js';

/** Copies the user's index as the starting point; true when the copy is usable. */
export async function seedIndexFromRepository(git: ShadowGit, scope: SnapshotScope): Promise<boolean> {
  const userGit = path.join(scope.workTree, '.git');
  const userIndex = path.join(userGit, 'index');
  const userObjects = path.join(userGit, 'objects');
  if (scope.prefix !== '' || !existsSync(userIndex) || !existsSync(userObjects)) return false;
  const ownIndex = git.options.indexFile;
  try {
    await borrowObjects(git.options.gitDir, userObjects);
    await copyFile(userIndex, ownIndex);
    const tags = nulSeparated(await git.output(['ls-files', '-v', '-z', '--stage']));
    // "H <mode> <sha> <stage>\t<path>": every entry cached normally, at stage 0.
    if (tags.every((entry) => /^H \d+ [0-9a-f]+ 0\t/.test(entry))) return true;
  } catch {
    // A split or sparse index, or one git here cannot read: hash everything instead.
  }
  await rm(ownIndex, { force: true });
  return false;
}

async function borrowObjects(gitDir: string, userObjects: string): Promise<void> {
  const alternates = path.join(gitDir, 'objects', 'info', 'alternates');
  const listed = await readFile(alternates, 'utf8').catch(() => '');
  if (listed.split('\n').includes(userObjects)) return;
  await appendFile(alternates, `${userObjects}\n`);
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
