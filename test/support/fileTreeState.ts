// A folder's exact state for byte-for-byte comparisons: every entry's type, mode bits and content or link target.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type EntryState = { readonly kind: 'file' | 'link' | 'dir'; readonly mode: string; readonly content: string };

/** Every entry below `root`, keyed by its relative path; `skip` names top-level entries to leave out (`.git`). */
export function treeState(root: string, skip: readonly string[] = ['.git']): Record<string, EntryState> {
  const state: Record<string, EntryState> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const absolute = path.join(dir, name);
      const relative = path.relative(root, absolute);
      if (dir === root && skip.includes(name)) continue;
      const info = lstatSync(absolute);
      const mode = (info.mode & 0o7777).toString(8);
      if (info.isSymbolicLink()) state[relative] = { kind: 'link', mode: '', content: readlinkSync(absolute) };
      else if (info.isDirectory()) {
        state[relative] = { kind: 'dir', mode: '', content: '' };
        walk(absolute);
      } else state[relative] = { kind: 'file', mode, content: createHash('sha256').update(readFileSync(absolute)).digest('hex') };
    }
  };
  walk(root);
  return state;
}

/**
 * The user's repository as git sees it: every file under .git hashed (index,
 * refs, stash, config, hooks and their log), plus what `git stash list` and
 * `git status` say — identical before and after means nothing of theirs moved.
 */
export function userGitState(repo: string): { files: Record<string, EntryState>; stash: string; status: string } {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } });
  return { files: treeState(path.join(repo, '.git'), []), stash: git('stash', 'list'), status: git('status', '--porcelain=v2', '--branch') };
}

/**
 * A git repository in `dir` (not yet committed) with a source file, a binary file, a non-executable script and
 * a symlink. Returns a git runner for the test's further steps.
 */
export function makeUserRepo(dir: string): (...args: string[]) => string {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('config', 'user.email', 'u@example.com');
  git('config', 'user.name', 'User');
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'app.ts'), 'export const answer = 41;\n');
  writeFileSync(path.join(dir, 'logo.bin'), Buffer.from([0, 1, 2, 255, 254, 0, 10, 13, 10]));
  writeFileSync(path.join(dir, 'run.sh'), '#!/bin/sh\necho hi\n');
  chmodSync(path.join(dir, 'run.sh'), 0o644);
  symlinkSync('src/app.ts', path.join(dir, 'current'));
  return git;
}
