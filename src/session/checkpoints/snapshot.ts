/**
 * One snapshot of one working directory's files as a git tree in the
 * shadow store. The session's state for the directory (scopeState.ts)
 * knows every file as last snapshotted, so a snapshot only looks at what
 * changed since:
 *
 *   git diff-files        known files whose stat data differs (git's lstat
 *                         loop in C; a first look in a new process also runs
 *                         find beside it to learn permission bits)
 *   git ls-files -o       new files git does not ignore (.gitignore files,
 *                         the user's .git/info/exclude), in parallel
 *   lstat, read, hash     the changed files, here: blobs and the trees above
 *                         them are written as git objects (gitObjects.ts),
 *                         the index by us (gitIndexFile.ts)
 *
 * Two git processes when little changed, where `update-index` and
 * `write-tree` used to add two more that each read and wrote the whole
 * index. Many new files at once (a first snapshot of a folder git does not
 * know) still go through `git update-index`, which streams them into one
 * pack instead of a file per object.
 *
 * Ignored files are not snapshotted unless asked for by name (a call that
 * declared it writes one); once asked for they stay in the state.
 */
import { existsSync, lstatSync, type BigIntStats } from 'node:fs';
import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { readIndexFile } from './gitIndexFile.js';
import { isRegular, isSymlinkMode, type ScopeState } from './scopeState.js';
import { nulSeparated, ShadowGit } from './shadowGit.js';
import type { ScopeTree } from './checkpointRecord.js';
import { writeObject } from './gitObjects.js';
import { encodePermissionTable, PERMISSION_BITS } from './permissionTable.js';
import { readPermissionTable } from './restoreTree.js';

/** Where one working directory's files live for git: the repository's top (or the folder), and the folder below it. */
export type SnapshotScope = {
  readonly workTree: string;
  /** The working directory relative to workTree ('' when they are the same). */
  readonly prefix: string;
};

export type SkippedFile = { readonly path: string; readonly reason: string };

export type SnapshotResult = {
  readonly tree: string;
  /** The blob of the permission table (permissionTable.ts) that goes with the tree. */
  readonly permissions: string;
  readonly skipped: readonly SkippedFile[];
};

export type SnapshotOptions = {
  readonly maxFileBytes: number;
  /** Absolute paths a call declared it writes: snapshotted even when git ignores them. */
  readonly ignoredPaths?: readonly string[];
  /** Only the paths the state was told about (a restore wrote them): git is not asked what else changed. */
  readonly onlyForced?: boolean;
  /** A scratch index for handing many new files to git at once. */
  readonly scratchIndex: string;
};

/**
 * A snapshot that would take in more files than this at once (agentcli
 * started in a home directory, say) is not taken: the prompt runs without
 * a checkpoint and the user is told, rather than hashing for minutes.
 */
export const MAX_FILES_PER_SNAPSHOT = 100_000;

/** From this many files to hash at once, git writes them into a pack rather than this process one object file each. */
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

export async function takeSnapshot(git: ShadowGit, scope: SnapshotScope, state: ScopeState, options: SnapshotOptions): Promise<SnapshotResult> {
  const gitDir = git.options.gitDir;
  const candidates = new Set([...state.forced, ...state.unwritten]);
  state.forced.clear();
  if (!options.onlyForced) {
    const pathspec = scopePathspec(scope, gitDir);
    const exclude = userExcludeConfig(scope);
    // Run together: on two cores the wall time is about the slower of them.
    const diffFiles = (): Promise<string[]> => git.output(['diff-files', '-z', '--name-only', '--', ...pathspec]).then(nulSeparated);
    const [changed, untracked, ignored] = await Promise.all([
      state.needsFullLook ? firstLook(state, scope, diffFiles) : diffFiles(),
      git.output([...exclude, 'ls-files', '-z', '-o', '--exclude-standard', '--', ...pathspec]),
      ignoredCandidates(git, scope, options.ignoredPaths ?? [], exclude),
    ]);
    for (const file of [...changed, ...nulSeparated(untracked), ...ignored]) candidates.add(file);
  }
  if (candidates.size > MAX_FILES_PER_SNAPSHOT) throw new Error(`${scope.workTree} has more than ${MAX_FILES_PER_SNAPSHOT} files to checkpoint`);

  const skipped: SkippedFile[] = [];
  const toHash: { file: string; info: BigIntStats }[] = [];
  for (const relative of candidates) {
    if (relative.endsWith('/')) {
      skipped.push({ path: relative.slice(0, -1), reason: 'a nested git repository (its files are its own repository\'s)' });
      continue;
    }
    const info = lstatSync(path.join(scope.workTree, relative), { bigint: true, throwIfNoEntry: false });
    const mode = info ? Number(info.mode) : 0;
    if (!info) state.remove(relative); // gone
    else if ((isSymlinkMode(mode) || info.isFile()) && state.unchanged(relative, info)) continue; // reported by a stale index only
    else if (isSymlinkMode(mode)) toHash.push({ file: relative, info });
    else if (info.isFile()) {
      if (info.size > BigInt(options.maxFileBytes)) {
        skipped.push({ path: relative, reason: `larger than the checkpoint limit (${info.size} bytes)` });
        state.remove(relative);
      } else toHash.push({ file: relative, info });
    } else if (info.isDirectory()) {
      // A nested repository the user's index names stays as it was; a file that became a folder is gone as a file.
      if (state.files.get(relative)?.mode !== 0o160000) state.remove(relative);
    } else state.remove(relative); // a socket or fifo: nothing to keep
  }
  // Files the state knows are hashed here (most often their content is what it was: only the stat data moved,
  // and nothing is written); many new ones go to git in one go.
  const fresh = toHash.filter(({ file }) => !state.files.has(file));
  const bulk = fresh.length >= PACK_FROM_FILES ? new Set(fresh) : new Set();
  for (const entry of toHash) {
    if (bulk.has(entry)) continue;
    if (!state.hashFromDisk(gitDir, scope.workTree, entry.file, entry.info)) {
      skipped.push({ path: entry.file, reason: 'unreadable' });
      state.remove(entry.file);
    }
  }
  if (bulk.size > 0) await hashWithGit(git, state, fresh, options.scratchIndex);
  const tree = state.tree.write(gitDir);
  const permissions = state.permissions(gitDir);
  return { tree, permissions, skipped: skipped.sort((a, b) => a.path.localeCompare(b.path)) };
}

/**
 * The first look of a state whose permission bits are unknown: find learns the bits while git's diff-files
 * says what changed, both in C on their own processes (on two cores, about the slower of them).
 */
async function firstLook(state: ScopeState, scope: SnapshotScope, diffFiles: () => Promise<string[]>): Promise<string[]> {
  const [learned, changed] = await Promise.all([state.learnBits(scope.workTree), diffFiles()]);
  return learned.gitSaysTheRest ? [...learned.lookAt, ...changed] : learned.lookAt;
}

/**
 * Many files at once: `git update-index` on a scratch index hashes them into one pack (a file per object
 * would cost seconds on a busy disk for 10,000 files); the scratch index then gives each file's blob id
 * with the stat data git saw when it read the file.
 */
async function hashWithGit(git: ShadowGit, state: ScopeState, files: readonly { file: string; info: BigIntStats }[], scratchIndex: string): Promise<void> {
  await rm(scratchIndex, { force: true });
  try {
    const scratch = git.withIndex(scratchIndex);
    await scratch.output(['-c', 'core.bigFileThreshold=1', 'update-index', '-z', '--add', '--remove', '--stdin'], nulJoined(files.map(({ file }) => file)));
    const hashed = new Map((readIndexFile(scratchIndex, Date.now())?.entries ?? []).map((entry) => [entry.path, entry]));
    for (const { file, info } of files) {
      const entry = hashed.get(file);
      if (!entry) {
        state.remove(file); // gone while git looked
        continue;
      }
      const racy = (entry.stat.mtimeS + 2) * 1000 >= Date.now() || entry.stat.size === 0;
      state.set(file, { mode: entry.mode, id: entry.id, stat: entry.stat, bits: isRegular(entry.mode) ? Number(info.mode) & PERMISSION_BITS : undefined, racy });
    }
  } finally {
    await rm(scratchIndex, { force: true });
  }
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

/** Which of these paths (relative to the work tree) git's ignore rules cover. */
export async function ignoredAmong(git: ShadowGit, scope: SnapshotScope, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const result = await git.run([...userExcludeConfig(scope), 'check-ignore', '--no-index', '-z', '--stdin'], nulJoined(paths));
  // Exit 1: none ignored; anything else than 0/1 is an error, and then nothing counts as ignored.
  return result.code === 0 ? new Set(nulSeparated(result.stdout)) : new Set();
}

/**
 * A scope's tree with these files added as they are on disk now (files that
 * do not exist are left out), and their permission bits added to its
 * table: a prompt's `before` taking in an ignored file that a later call of
 * the same prompt declared it writes.
 */
export async function extendTree(git: ShadowGit, scope: ScopeTree, relativePaths: readonly string[], scratchIndex: string): Promise<ScopeTree> {
  const present: { file: string; bits: number | undefined }[] = [];
  for (const relative of relativePaths) {
    try {
      const info = await lstat(path.join(scope.workTree, relative));
      if (info.isFile() || info.isSymbolicLink()) present.push({ file: relative, bits: info.isFile() ? info.mode & PERMISSION_BITS : undefined });
    } catch {
      // Not there: it did not exist before this call either (as far as anyone can know).
    }
  }
  if (present.length === 0) return scope;
  const scratch = git.withIndex(scratchIndex);
  await rm(scratchIndex, { force: true });
  try {
    await scratch.output(['read-tree', scope.tree]);
    await scratch.output(['update-index', '-z', '--add', '--stdin'], nulJoined(present.map(({ file }) => file)));
    const tree = (await scratch.output(['write-tree'])).toString('utf8').trim();
    const table = await readPermissionTable(git, scope.permissions);
    if (!table) return { ...scope, tree };
    const exceptions = new Map(table.exceptions);
    for (const { file, bits } of present) {
      const executable = bits !== undefined && (bits & 0o100) !== 0;
      if (bits === undefined || bits === (executable ? table.base.executable : table.base.file)) exceptions.delete(file);
      else exceptions.set(file, bits);
    }
    const permissions = writeObject(git.options.gitDir, 'blob', encodePermissionTable({ base: table.base, exceptions }));
    return { ...scope, tree, permissions };
  } finally {
    await rm(scratchIndex, { force: true });
  }
}
