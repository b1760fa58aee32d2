/**
 * A short picture of the repository at session start for the system prompt:
 * the main branch, what is uncommitted, and the last few commits — what a
 * model needs to commit in the repository's style or to see work in
 * progress without spending a turn on `git status` and `git log`.
 *
 * The two git processes run while the rest of start-up loads, with a short
 * timeout and no optional locks (a huge repository or a held index lock
 * leaves the snapshot out instead of delaying the first request), and their
 * output is bounded so a thousand changed files cost a few lines.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type GitSnapshot = {
  readonly mainBranch: string | undefined;
  /** `git status --short` lines, at most MAX_STATUS_LINES. */
  readonly status: readonly string[];
  /** How many changed paths there are in all (status may list fewer). */
  readonly changedCount: number;
  /** `<short hash> <subject>`, newest first. */
  readonly recentCommits: readonly string[];
};

export const MAX_STATUS_LINES = 20;
const RECENT_COMMITS = 5;
const GIT_TIMEOUT_MS = 1_000;
const MAX_OUTPUT_BYTES = 256 * 1024;

export async function readGitSnapshot(root: string, gitDir: string | undefined): Promise<GitSnapshot | undefined> {
  const [status, log, mainBranch] = await Promise.all([
    runGit(root, ['status', '--short', '--untracked-files=normal']),
    runGit(root, ['log', `-n${RECENT_COMMITS}`, '--format=%h %s']),
    gitDir ? readMainBranch(gitDir) : undefined,
  ]);
  if (status === undefined && log === undefined) return undefined;
  const statusLines = (status ?? '').split('\n').filter((line) => line.trim() !== '');
  return {
    mainBranch,
    status: statusLines.slice(0, MAX_STATUS_LINES),
    changedCount: statusLines.length,
    recentCommits: (log ?? '').split('\n').filter((line) => line.trim() !== ''),
  };
}

function runGit(cwd: string, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['--no-optional-locks', '-c', 'core.quotePath=false', ...args],
      { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' } },
      // Output cut at maxBuffer still holds the first lines, which is all the snapshot shows.
      (error, stdout) => resolve(error && !stdout ? undefined : stdout),
    );
  });
}

/** origin's default branch if recorded, else `main` or `master` when such a branch exists. */
async function readMainBranch(gitDir: string): Promise<string | undefined> {
  const remoteHead = await readFile(path.join(gitDir, 'refs', 'remotes', 'origin', 'HEAD'), 'utf8').catch(() => '');
  const fromRemote = /^ref:\s*refs\/remotes\/origin\/(.+)$/m.exec(remoteHead)?.[1]?.trim();
  if (fromRemote) return fromRemote;
  const packed = await readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  for (const name of ['main', 'master']) {
    const loose = await readFile(path.join(gitDir, 'refs', 'heads', name), 'utf8').catch(() => undefined);
    if (loose !== undefined || packed.includes(` refs/heads/${name}\n`)) return name;
  }
  return undefined;
}

export function describeGitSnapshot(snapshot: GitSnapshot): string[] {
  const lines: string[] = [];
  if (snapshot.mainBranch) lines.push(`Main branch (usually the target of pull requests): ${snapshot.mainBranch}`);
  if (snapshot.changedCount === 0) {
    lines.push('Uncommitted changes: none');
  } else {
    lines.push(`Uncommitted changes (git status --short, ${snapshot.changedCount} ${snapshot.changedCount === 1 ? 'path' : 'paths'}):`);
    lines.push(...snapshot.status.map((line) => `  ${line}`));
    if (snapshot.changedCount > snapshot.status.length) lines.push(`  … and ${snapshot.changedCount - snapshot.status.length} more`);
  }
  if (snapshot.recentCommits.length > 0) {
    lines.push('Recent commits:');
    lines.push(...snapshot.recentCommits.map((line) => `  ${line}`));
  }
  return lines;
}
