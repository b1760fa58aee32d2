/**
 * One snapshot of one working directory's files as a git tree in the
 * shadow store. The persistent index per (session, directory) carries the
 * stat data of the last snapshot, so the next one hashes only what changed:
 *
 *   ls-files -m -d -o     what differs from the last snapshot, and what is new
 *                         (git's own ignore rules: .gitignore files, the user's
 *                         .git/info/exclude), by stat first, content if racy
 *   lstat (here)          sizes: a file over the limit is listed, not stored
 *   update-index --stdin  hash the changed files, drop the vanished ones
 *   write-tree            the snapshot's tree id
 *
 * Ignored files are not snapshotted unless asked for by name (a call that
 * declared it writes one); once asked for they stay in that index.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { nulSeparated, ShadowGit } from './shadowGit.js';

/** Where one working directory's files live for git: the repository's top (or the folder), and the folder below it. */
export type SnapshotScope = {
  readonly workTree: string;
  /** The working directory relative to workTree ('' when they are the same). */
  readonly prefix: string;
};

export type SkippedFile = { readonly path: string; readonly reason: string };

export type SnapshotResult = { readonly tree: string; readonly skipped: readonly SkippedFile[] };

export type SnapshotOptions = {
  readonly maxFileBytes: number;
  /** Absolute paths a call declared it writes: snapshotted even when git ignores them. */
  readonly ignoredPaths?: readonly string[];
  /** The tree this index wrote last: reused when nothing changed (no write-tree). */
  readonly previousTree?: string;
};

/**
 * A snapshot that would take in more files than this at once (agentcli
 * started in a home directory, say) is not taken: the prompt runs without
 * a checkpoint and the user is told, rather than hashing for minutes.
 */
export const MAX_FILES_PER_SNAPSHOT = 100_000;

/** From this many files to hash at once, objects go to a pack rather than one file each. */
const PACK_FROM_FILES = 256;

/** At most this many ignored files are taken in from one declared directory (a `rm -rf node_modules`). */
const MAX_IGNORED_FILES_PER_DIRECTORY = 2_000;

/** The repository a folder belongs to (the nearest parent with `.git`), or the folder itself. */
export function scopeOf(directory: string): SnapshotScope {
  const dir = path.resolve(directory);
  for (let current = dir; ; ) {
    if (existsSync(path.join(current, '.git'))) return { workTree: current, prefix: path.relative(current, dir).split(path.sep).join('/') };
    const parent = path.dirname(current);
    if (parent === current) return { workTree: dir, prefix: '' };
    current = parent;
  }
}

/** The pathspec for a scope: its folder, minus the store when the store lies inside it. */
export function scopePathspec(scope: SnapshotScope, gitDir: string): string[] {
  const specs = [scope.prefix === '' ? '.' : scope.prefix];
  const store = path.relative(scope.workTree, gitDir);
  if (!store.startsWith('..') && !path.isAbsolute(store)) specs.push(`:(exclude)${store.split(path.sep).join('/')}`);
  return specs;
}

/** git config for one scope: the user's own exclude file is read (never written) so their private ignores hold. */
export function userExcludeConfig(scope: SnapshotScope): string[] {
  const exclude = path.join(scope.workTree, '.git', 'info', 'exclude');
  return existsSync(exclude) ? ['-c', `core.excludesFile=${exclude}`] : [];
}

export async function takeSnapshot(git: ShadowGit, scope: SnapshotScope, options: SnapshotOptions): Promise<SnapshotResult> {
  const pathspec = scopePathspec(scope, git.options.gitDir);
  const exclude = userExcludeConfig(scope);
  // Two passes in parallel: together in one ls-files they cost more than either alone (on two cores, about the slower one).
  const [changed, untracked, ignored] = await Promise.all([
    git.output(['ls-files', '-z', '-m', '-d', '--', ...pathspec]),
    git.output([...exclude, 'ls-files', '-z', '-o', '--exclude-standard', '--', ...pathspec]),
    ignoredCandidates(git, scope, options.ignoredPaths ?? [], exclude),
  ]);
  const candidates = new Set([...nulSeparated(changed), ...nulSeparated(untracked), ...ignored]);
  if (candidates.size > MAX_FILES_PER_SNAPSHOT) throw new Error(`${scope.workTree} has more than ${MAX_FILES_PER_SNAPSHOT} files to checkpoint`);
  if (candidates.size === 0 && options.previousTree !== undefined) return { tree: options.previousTree, skipped: [] };

  const update: string[] = [];
  const drop: string[] = [];
  const skipped: SkippedFile[] = [];
  await Promise.all(
    [...candidates].map(async (relative) => {
      if (relative.endsWith('/')) {
        skipped.push({ path: relative.slice(0, -1), reason: 'a nested git repository (its files are its own repository\'s)' });
        return;
      }
      let info;
      try {
        info = await lstat(path.join(scope.workTree, relative));
      } catch {
        update.push(relative); // gone: --remove drops it
        return;
      }
      if (info.isSymbolicLink()) update.push(relative);
      else if (info.isFile()) {
        if (info.size > options.maxFileBytes) {
          skipped.push({ path: relative, reason: `larger than the checkpoint limit (${info.size} bytes)` });
          drop.push(relative);
        } else update.push(relative);
      } else if (!info.isDirectory()) drop.push(relative); // a socket or fifo: nothing to keep
    }),
  );
  // Many new files (a first snapshot): git streams them into one pack instead of a file per object, which on
  // a busy disk is the difference between a fraction of a second and several seconds for 10,000 files.
  const packed = update.length >= PACK_FROM_FILES ? ['-c', 'core.bigFileThreshold=1'] : [];
  if (update.length > 0) await git.output([...packed, 'update-index', '-z', '--add', '--remove', '--stdin'], nulJoined(update));
  if (drop.length > 0) await git.output(['update-index', '-z', '--force-remove', '--stdin'], nulJoined(drop));
  const tree = (await git.output(['write-tree'])).toString('utf8').trim();
  return { tree, skipped: skipped.sort((a, b) => a.path.localeCompare(b.path)) };
}

/**
 * Declared paths git ignores, inside the scope: a file as itself, a
 * directory as the ignored files below it (bounded). Paths outside the
 * scope are not this snapshot's business.
 */
async function ignoredCandidates(git: ShadowGit, scope: SnapshotScope, declared: readonly string[], exclude: readonly string[]): Promise<string[]> {
  const inside = declared
    .map((absolute) => path.relative(scope.workTree, absolute))
    .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((relative) => scope.prefix === '' || relative === scope.prefix || relative.startsWith(`${scope.prefix}/`))
    .filter((relative) => !relative.split('/').includes('.git'));
  if (inside.length === 0) return [];
  const ignored = nulSeparated(await git.output([...exclude, 'ls-files', '-z', '-o', '-i', '--exclude-standard', '--', ...inside.map((relative) => `:(literal)${relative}`)]));
  const files: string[] = [];
  const perDirectory = new Map<string, number>();
  for (const file of ignored) {
    if (file.endsWith('/')) continue;
    const root = inside.find((relative) => file === relative || file.startsWith(`${relative}/`)) ?? file;
    const count = (perDirectory.get(root) ?? 0) + 1;
    perDirectory.set(root, count);
    if (count <= MAX_IGNORED_FILES_PER_DIRECTORY) files.push(file);
  }
  return files;
}

function nulJoined(paths: readonly string[]): string {
  return paths.map((entry) => `${entry}\0`).join('');
}

/** Whether a folder has any entries (restore removes folders it emptied). */
export async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return false;
  }
}

/** Which of these paths (relative to the work tree) git's ignore rules cover. */
export async function ignoredAmong(git: ShadowGit, scope: SnapshotScope, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const result = await git.run([...userExcludeConfig(scope), 'check-ignore', '--no-index', '-z', '--stdin'], nulJoined(paths));
  // Exit 1: none ignored; anything else than 0/1 is an error, and then nothing counts as ignored.
  return result.code === 0 ? new Set(nulSeparated(result.stdout)) : new Set();
}

/**
 * The tree `tree` with these files added as they are on disk now (files
 * that do not exist are left out): a prompt's `before` taking in an ignored
 * file that a later call of the same prompt declared it writes.
 */
export async function extendTree(git: ShadowGit, scope: SnapshotScope, tree: string, relativePaths: readonly string[], scratchIndex: string): Promise<string> {
  const present: string[] = [];
  for (const relative of relativePaths) {
    try {
      const info = await lstat(path.join(scope.workTree, relative));
      if (info.isFile() || info.isSymbolicLink()) present.push(relative);
    } catch {
      // Not there: it did not exist before this call either (as far as anyone can know).
    }
  }
  if (present.length === 0) return tree;
  const scratch = git.withIndex(scratchIndex);
  await scratch.output(['read-tree', tree]);
  await scratch.output(['update-index', '-z', '--add', '--stdin'], nulJoined(present));
  return (await scratch.output(['write-tree'])).toString('utf8').trim();
}
