// The git snapshot in the environment block, from a real repository in a temp folder.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readGitInfo } from '../../src/context/gitInfo.js';
import { describeGitSnapshot, MAX_STATUS_LINES } from '../../src/context/gitSnapshot.js';

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe' });

beforeEach(async () => {
  repo = await mkdtemp(path.join(os.tmpdir(), 'agentcli-git-'));
  git('init', '-q', '-b', 'main');
  await writeFile(path.join(repo, 'a.txt'), 'one\n');
  git('add', 'a.txt');
  git('commit', '-q', '-m', 'Add a');
  await writeFile(path.join(repo, 'b.txt'), 'two\n');
  git('add', 'b.txt');
  git('commit', '-q', '-m', 'Add b');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('git snapshot', () => {
  it('names the main branch, the uncommitted changes and the recent commits', async () => {
    git('checkout', '-q', '-b', 'feature');
    await writeFile(path.join(repo, 'a.txt'), 'changed\n');
    await writeFile(path.join(repo, 'new.txt'), 'new\n');
    const info = await readGitInfo(repo, { snapshot: true });
    expect(info?.branch).toBe('feature');
    const lines = describeGitSnapshot(info!.snapshot!);
    expect(lines).toContain('Main branch (usually the target of pull requests): main');
    expect(lines).toContain('Uncommitted changes (git status --short, 2 paths):');
    expect(lines).toContain('   M a.txt');
    expect(lines).toContain('  ?? new.txt');
    expect(lines.slice(-3)).toEqual(['Recent commits:', expect.stringMatching(/^ {2}[0-9a-f]{7,} Add b$/), expect.stringMatching(/^ {2}[0-9a-f]{7,} Add a$/)]);
  });

  it('says "none" for a clean tree', async () => {
    const info = await readGitInfo(repo, { snapshot: true });
    expect(describeGitSnapshot(info!.snapshot!)).toContain('Uncommitted changes: none');
  });

  it('bounds a long status to a few lines and says how many more there are', async () => {
    for (let index = 0; index < MAX_STATUS_LINES + 15; index++) await writeFile(path.join(repo, `f${index}.txt`), 'x');
    const lines = describeGitSnapshot((await readGitInfo(repo, { snapshot: true }))!.snapshot!);
    expect(lines.filter((line) => line.startsWith('  ??'))).toHaveLength(MAX_STATUS_LINES);
    expect(lines).toContain('  … and 15 more');
  });

  it('is not read unless asked (the status line needs only the branch)', async () => {
    expect((await readGitInfo(repo))?.snapshot).toBeUndefined();
  });

  it('reads the main branch through a linked worktree', async () => {
    const worktree = path.join(repo, 'wt');
    git('worktree', 'add', '-q', '-b', 'side', worktree);
    const info = await readGitInfo(worktree, { snapshot: true });
    expect(info?.branch).toBe('side');
    expect(info?.snapshot?.mainBranch).toBe('main');
  });
});
