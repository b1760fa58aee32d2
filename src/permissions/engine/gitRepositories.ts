/**
 * Which repository git uses when it starts in a directory, and whether that
 * repository is the working directories' own.
 *
 * git finds its repository by walking up from where it starts (after every
 * `-C`): the first folder holding `.git` (a folder, or a file naming one —
 * worktrees, submodules), or the first folder that is a repository itself
 * (a bare one: `HEAD`, `objects/`, `refs/`, which ordinary committed files
 * can spell). That repository's config is git's input, and config runs
 * programs: core.fsmonitor on `git status`, diff.external on `git diff`,
 * textconv and filter drivers, aliases, core.hooksPath.
 *
 * The working directories' own repository is the user's, and its config is
 * protected from edits (protectedPaths.ts; the sandbox keeps it read-only).
 * Any other repository — one embedded in the tree, a committed bare one, one
 * an archive unpacked — may carry anyone's config, so a git command that
 * would run in it is not auto-allowed. Submodules and linked worktrees keep
 * their git directories inside the own repository's, so they count as its.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isWithin } from './resolvePaths.js';

/** The git directory git would use starting in `dir` (as if GIT_DIR were unset); undefined outside any repository. */
export function gitDirectoryFor(dir: string): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    const dotGit = path.join(current, '.git');
    const stats = statQuietly(dotGit);
    if (stats?.isDirectory()) return realPath(dotGit);
    // A `.git` file names the git directory (`gitdir: …`); one we cannot read stands for an unknown repository.
    if (stats?.isFile()) return gitFileTarget(dotGit) ?? dotGit;
    if (isGitDirectory(current)) return realPath(current);
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The repositories whose config is the user's: those of the working directories (and the project root). */
export function ownGitDirectories(roots: readonly string[]): string[] {
  const found = roots.map(gitDirectoryFor).filter((dir): dir is string => dir !== undefined);
  return [...new Set(found.map(commonDirectory))];
}

/**
 * Whether git starting in `dir` uses one of `own` (from ownGitDirectories): its common directory (where
 * the shared config lives) is one of them or inside one (a submodule's, under modules/). No repository at
 * all counts as own: git then reads no repository config.
 */
export function usesOwnRepository(dir: string, own: readonly string[]): { readonly own: true } | { readonly own: false; readonly gitDirectory: string } {
  const gitDirectory = gitDirectoryFor(dir);
  if (gitDirectory === undefined) return { own: true };
  const common = commonDirectory(gitDirectory);
  return own.some((trusted) => isWithin(common, trusted)) ? { own: true } : { own: false, gitDirectory };
}

/** git's is_git_directory, leniently: a HEAD file and an objects or refs folder (a false "yes" only costs a question). */
function isGitDirectory(dir: string): boolean {
  if (!statQuietly(path.join(dir, 'HEAD'))?.isFile()) return false;
  return statQuietly(path.join(dir, 'objects'))?.isDirectory() === true || statQuietly(path.join(dir, 'refs'))?.isDirectory() === true;
}

/** A linked worktree's git directory shares its config with the main one, named by its `commondir` file. */
function commonDirectory(gitDirectory: string): string {
  try {
    const named = fs.readFileSync(path.join(gitDirectory, 'commondir'), 'utf8').trim();
    return named ? realPath(path.resolve(gitDirectory, named)) : gitDirectory;
  } catch {
    return gitDirectory;
  }
}

function gitFileTarget(dotGitFile: string): string | undefined {
  try {
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(fs.readFileSync(dotGitFile, 'utf8'));
    return match?.[1] ? realPath(path.resolve(path.dirname(dotGitFile), match[1])) : undefined;
  } catch {
    return undefined;
  }
}

function statQuietly(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function realPath(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}
