/**
 * Git facts for the system prompt and the status line, read from the .git
 * folder directly: spawning `git` costs tens of milliseconds at start-up.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type GitInfo = { readonly root: string; readonly branch: string | undefined };

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

export async function readGitInfo(start: string): Promise<GitInfo | undefined> {
  const root = await findGitRoot(start);
  if (!root) return undefined;
  return { root, branch: await readBranch(root) };
}

async function readBranch(root: string): Promise<string | undefined> {
  try {
    let gitDir = path.join(root, '.git');
    if ((await stat(gitDir)).isFile()) {
      // A worktree or submodule: .git is a file pointing at the real folder.
      const pointer = (await readFile(gitDir, 'utf8')).match(/^gitdir:\s*(.+)$/m)?.[1]?.trim();
      if (!pointer) return undefined;
      gitDir = path.resolve(root, pointer);
    }
    const head = (await readFile(path.join(gitDir, 'HEAD'), 'utf8')).trim();
    const ref = head.match(/^ref:\s*refs\/heads\/(.+)$/)?.[1];
    return ref ?? (head ? `detached at ${head.slice(0, 7)}` : undefined);
  } catch {
    return undefined;
  }
}
