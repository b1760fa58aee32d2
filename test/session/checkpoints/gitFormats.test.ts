// The git formats the checkpoint store writes itself (objects, trees, the index) against git's own reading
// and writing of them: a snapshot's tree id is the one `git write-tree` computes for the same files, git
// reads the index we write, and we read the indexes git writes (versions 2 to 4, with their cache tree).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckpointStore } from '../../../src/session/checkpoints/checkpointStore.js';
import { readIndexFile, writeIndexFile } from '../../../src/session/checkpoints/gitIndexFile.js';
import { scopeOf } from '../../../src/session/checkpoints/snapshot.js';
import { tempDir } from '../../support/runCli.js';

/** Names whose order trips naive sorting: a folder sorts as if its name ended in '/'. */
function makeAwkwardFiles(dir: string): void {
  for (const folder of ['a', 'a-b', 'a.b', 'a0', 'deep/er/still', 'ünï cödé']) mkdirSync(path.join(dir, folder), { recursive: true });
  const files: Record<string, string> = {
    'a/x': 'in a\n',
    'a-b/x': 'dash\n',
    'a.b/x': 'dot\n',
    'a0/x': 'zero\n',
    a_: 'underscore\n',
    'a.txt': 'file a.txt\n',
    'deep/er/still/leaf.bin': '\u0000\u0001binary',
    'ünï cödé/naïve file.md': 'unicode\n',
    'with space.txt': 'space\n',
    'new\nline.txt': 'a newline in the name\n',
    empty: '',
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  chmodSync(path.join(dir, 'a.txt'), 0o755);
  symlinkSync('a.txt', path.join(dir, 'link'));
}

const git = (cwd: string, args: string[], env: Record<string, string> = {}): string =>
  execFileSync('git', ['-c', 'core.quotepath=false', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });

describe('the git formats written in process', () => {
  it("a snapshot's tree is the tree git writes for the same files", async () => {
    const work = await tempDir('agentcli-formats-work-');
    makeAwkwardFiles(work);
    const store = new CheckpointStore({ projectFolder: path.join(await tempDir('agentcli-formats-config-'), 'p'), sessionId: 's' });
    const { trees } = await store.snapshot([scopeOf(work)]);
    const gitDir = path.join(await tempDir('agentcli-formats-git-'), 'repo.git');
    const env = { GIT_DIR: gitDir, GIT_WORK_TREE: work };
    git(work, ['init', '-q'], env);
    git(work, ['add', '-A'], env);
    expect(trees[0]!.tree).toBe(git(work, ['write-tree'], env).trim());
    // And git reads every object of it from our store.
    expect(git(work, ['ls-tree', '-r', trees[0]!.tree], { GIT_DIR: store.gitDir })).toBe(git(work, ['ls-tree', '-r', trees[0]!.tree], env));
    expect(() => git(work, ['fsck', '--no-dangling', '--strict'], { GIT_DIR: store.gitDir })).not.toThrow();
  });

  it('git reads the index we write, and we read the ones git writes in versions 2, 3 and 4 with their cache tree', async () => {
    const work = await tempDir('agentcli-formats-index-');
    makeAwkwardFiles(work);
    git(work, ['init', '-q']);
    git(work, ['add', '-A']);
    const tree = git(work, ['write-tree']).trim();
    const index = path.join(work, '.git', 'index');
    for (const version of ['2', '3', '4']) {
      git(work, ['update-index', '--index-version', version]);
      git(work, ['update-index', '--refresh']);
      const parsed = readIndexFile(index, 0);
      expect(parsed, `version ${version}`).toBeDefined();
      expect(parsed!.entries.map((entry) => `${entry.mode.toString(8)} ${entry.id}\t${entry.path}`).join('\n')).toBe(
        git(work, ['ls-files', '-s', '-z']).split('\0').filter(Boolean).map((line) => line.replace(/ 0\t/, '\t')).join('\n'),
      );
      expect(parsed!.trees.get('')).toBe(tree);
    }
    const ours = path.join(await tempDir('agentcli-formats-ours-'), 'index');
    writeIndexFile(ours, readIndexFile(index, 0)!.entries, { racyWindowMs: 0 });
    expect(git(work, ['ls-files', '-s'], { GIT_INDEX_FILE: ours })).toBe(git(work, ['ls-files', '-s']));
    // The stat data we wrote is what git compares: nothing reads as modified.
    expect(git(work, ['diff-files', '--name-only'], { GIT_INDEX_FILE: ours })).toBe('');
  });

  it('an index we cannot take at face value reads as unusable: skip-worktree, assume-unchanged, unmerged', async () => {
    const work = await tempDir('agentcli-formats-flags-');
    makeAwkwardFiles(work);
    git(work, ['init', '-q']);
    git(work, ['add', '-A']);
    const index = path.join(work, '.git', 'index');
    git(work, ['update-index', '--skip-worktree', 'a.txt']);
    expect(readIndexFile(index, 0)).toBeUndefined();
    git(work, ['update-index', '--no-skip-worktree', 'a.txt']);
    git(work, ['update-index', '--assume-unchanged', 'a.txt']);
    expect(readIndexFile(index, 0)).toBeUndefined();
    git(work, ['update-index', '--no-assume-unchanged', 'a.txt']);
    expect(readIndexFile(index, 0)).toBeDefined();
    const blob = git(work, ['hash-object', '-w', 'a.txt']).trim();
    execFileSync('git', ['update-index', '--index-info'], { cwd: work, input: `0 ${'0'.repeat(40)}\ta.txt\n100644 ${blob} 1\ta.txt\n100644 ${blob} 2\ta.txt\n` });
    expect(readIndexFile(index, 0)).toBeUndefined();
  });
});
