// Which repository a git command runs in (issue 24, cause 5): its config is git's input, and config runs
// programs. Only the working directories' own repository (with its submodules and linked worktrees) is
// auto-allowed; a repository embedded in the tree or a committed bare one asks. Judged on a real repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitDirectoryFor, ownGitDirectories, usesOwnRepository } from '../../src/permissions/engine/gitRepositories.js';
import { decideBash, type Fixture } from './support/permissionFixture.js';

let base: string;
let fixture: Fixture;
let worktree: string;

const git = (cwd: string, ...args: string[]): void => void execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: base, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x', GIT_ALLOW_PROTOCOL: 'file' } });

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agentcli-gitrepos-')));
  const home = path.join(base, 'home');
  const root = path.join(home, 'project');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/a.ts'), 'a\n');
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'one');
  // A submodule (its git directory under .git/modules), an embedded repository, a committed-looking bare one.
  const library = path.join(base, 'library');
  fs.mkdirSync(library);
  git(library, 'init', '-q');
  fs.writeFileSync(path.join(library, 'l.txt'), 'l\n');
  git(library, 'add', '-A');
  git(library, 'commit', '-qm', 'lib');
  git(root, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', library, 'sub');
  git(root, 'init', '-q', 'vendor/lib');
  git(root, 'clone', '-q', '--bare', '.', 'fixtures/tool.git');
  worktree = path.join(base, 'worktree');
  git(root, 'worktree', 'add', '-q', worktree);
  fixture = { root, home, outside: path.join(base, 'outside') };
}, 60_000);
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('finding the repository git would use', () => {
  it('walks up to the first .git, follows a .git file, and takes a bare repository as one', () => {
    expect(gitDirectoryFor(path.join(fixture.root, 'src'))).toBe(path.join(fixture.root, '.git'));
    expect(gitDirectoryFor(path.join(fixture.root, 'sub'))).toBe(path.join(fixture.root, '.git/modules/sub'));
    expect(gitDirectoryFor(path.join(fixture.root, 'vendor/lib'))).toBe(path.join(fixture.root, 'vendor/lib/.git'));
    expect(gitDirectoryFor(path.join(fixture.root, 'fixtures/tool.git/refs'))).toBe(path.join(fixture.root, 'fixtures/tool.git'));
    expect(gitDirectoryFor(base)).toBeUndefined();
  });

  it('submodules and linked worktrees are the own repository; embedded and bare ones are not', () => {
    const own = ownGitDirectories([fixture.root]);
    expect(usesOwnRepository(path.join(fixture.root, 'sub'), own).own).toBe(true);
    expect(usesOwnRepository(worktree, own).own).toBe(true);
    expect(usesOwnRepository(path.join(fixture.root, 'vendor/lib'), own).own).toBe(false);
    expect(usesOwnRepository(path.join(fixture.root, 'fixtures/tool.git'), own).own).toBe(false);
    // Run from a linked worktree, the main checkout is the same repository.
    expect(usesOwnRepository(fixture.root, ownGitDirectories([worktree])).own).toBe(true);
  });
});

describe('git commands decide by the repository they run in', () => {
  const rules = { deny: ['Bash(rm:*)', 'Read(./.env)'] };
  it.each([
    ['git_C_into_embedded_repository', 'git -C vendor/lib status'],
    ['cd_into_embedded_repository', 'cd vendor/lib && git log'],
    ['git_C_twice_into_embedded_repository', 'git -C vendor -C lib diff'],
    ['git_C_into_bare_repository', 'git -C fixtures/tool.git log'],
    ['git_C_into_bare_repository_subfolder', 'git -C fixtures/tool.git/refs show HEAD'],
    ['git_C_computed_directory', 'git -C "$DIR" status'],
  ])('%s: asks', async (_name, command) => {
    for (const mode of ['default', 'acceptEdits'] as const) {
      expect((await decideBash(fixture, command, { mode, rules })).behavior, `${mode}: ${command}`).toBe('ask');
    }
  });

  it.each(['git status', 'git -C src log --oneline', 'cd src && git diff', 'git -C sub status', 'git log -p -- src/a.ts', 'git -C . status --short'])('%s: still runs without asking', async (command) => {
    expect((await decideBash(fixture, command, { rules })).behavior).toBe('allow');
  });

  it('from a linked worktree, its own repository runs without asking', async () => {
    expect((await decideBash({ ...fixture, root: worktree }, 'git status', { cwd: worktree, rules })).behavior).toBe('allow');
  });

  it('bypassPermissions with no deny or ask rule runs it (nothing to protect)', async () => {
    expect((await decideBash(fixture, 'git -C vendor/lib status', { mode: 'bypassPermissions' })).behavior).toBe('allow');
  });
});
