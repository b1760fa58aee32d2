/**
 * Git facts for the system prompt and the status line. Root and branch are
 * read from the .git folder directly (instant); the snapshot of changes and
 * commits needs git itself and is read alongside (gitSnapshot.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { readGitSnapshot, type GitSnapshot } from './gitSnapshot.js';

export type GitInfo = {
  readonly root: string;
  readonly branch: string | undefined;
  /** Changes and recent commits at session start; undefined if git could not tell in time. */
  readonly snapshot?: GitSnapshot;
};

export async function findGitRoot(start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    try {
      await stat(path.join(dir, '.git'));
      return dir;
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }
}

export async function readGitInfo(start: string, options: { readonly snapshot?: boolean } = {}): Promise<GitInfo | undefined> {
  const root = await findGitRoot(start);
  if (!root) return undefined;
  const gitDir = await resolveGitDir(root);
  const [branch, snapshot] = await Promise.all([
    gitDir ? readBranch(gitDir) : undefined,
    options.snapshot ? readGitSnapshot(root, gitDir ? commonGitDir(gitDir) : undefined) : undefined,
  ]);
  return { root, branch, ...(snapshot ? { snapshot } : {}) };
}

/** The repository's git folder; in a worktree or submodule `.git` is a file pointing at it. */
async function resolveGitDir(root: string): Promise<string | undefined> {
  try {
    const gitDir = path.join(root, '.git');
    if (!(await stat(gitDir)).isFile()) return gitDir;
    const pointer = (await readFile(gitDir, 'utf8')).match(/^gitdir:\s*(.+)$/m)?.[1]?.trim();
    return pointer ? path.resolve(root, pointer) : undefined;
  } catch {
    return undefined;
  }
}

/** A linked worktree's folder sits at <common>/worktrees/<name>; branches and remotes live in <common>. */
function commonGitDir(gitDir: string): string {
  const parent = path.dirname(gitDir);
  return path.basename(parent) === 'worktrees' ? path.dirname(parent) : gitDir;
}

async function readBranch(gitDir: string): Promise<string | undefined> {
  try {
    const head = (await readFile(path.join(gitDir, 'HEAD'), 'utf8')).trim();
    const ref = head.match(/^ref:\s*refs\/heads\/(.+)$/)?.[1];
    return ref ?? (head ? `detached at ${head.slice(0, 7)}` : undefined);
  } catch {
    return undefined;
  }
}
