// The first snapshot's permission bits come from find, not from an lstat per file in our process.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { regularFileFolders } from '../../../src/session/checkpoints/gitIndexFile.js';
import { scanPermissionBits, scanUnusualPermissionBits } from '../../../src/session/checkpoints/permissionScan.js';
import { tempDir } from '../../support/runCli.js';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

function file(root: string, relative: string, bits: number): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), 'x');
  chmodSync(path.join(root, relative), bits);
}

describe('scanPermissionBits', () => {
  it('reads the bits of the files directly in the folders named, odd names included, never below them', async () => {
    const root = await tempDir('agentcli-scan-');
    file(root, 'top.txt', 0o600);
    file(root, 'src/a b.ts', 0o664);
    file(root, 'src/line\nbreak.ts', 0o640);
    file(root, '-delete/victim.txt', 0o644); // a folder named like a find expression is a folder
    file(root, 'src/node_modules/deep.js', 0o644);
    const bits = await scanPermissionBits(root, ['', 'src', '-delete', 'gone']);
    expect(Object.fromEntries(bits!)).toEqual({ 'top.txt': 0o600, 'src/a b.ts': 0o664, 'src/line\nbreak.ts': 0o640, '-delete/victim.txt': 0o644 });
  });

  it('answers undefined where find cannot be run, so the caller looks at each file itself', async () => {
    const root = await tempDir('agentcli-scan-');
    file(root, 'a.txt', 0o600);
    process.env.PATH = root;
    expect(await scanPermissionBits(root, [''])).toBeUndefined();
  });
});

describe('scanUnusualPermissionBits', () => {
  it('lists only the files whose bits are not 0644 or 0755, so 10,000 ordinary files answer with nothing to parse', async () => {
    const root = await tempDir('agentcli-scan-');
    file(root, 'plain.ts', 0o644);
    file(root, 'run.sh', 0o755);
    file(root, 'src/private.key', 0o600);
    file(root, 'src/group.md', 0o664);
    file(root, 'src/setuid', 0o4755); // the setuid bit is never kept: listed with its rwx bits
    const bits = await scanUnusualPermissionBits(root, ['', 'src']);
    expect(Object.fromEntries(bits!)).toEqual({ 'src/private.key': 0o600, 'src/group.md': 0o664, 'src/setuid': 0o755 });
  });

  it('answers undefined when a folder is gone, since its files could have any bits', async () => {
    const root = await tempDir('agentcli-scan-');
    file(root, 'a.txt', 0o600);
    expect(await scanUnusualPermissionBits(root, ['', 'gone'])).toBeUndefined();
  });
});

describe('regularFileFolders', () => {
  it("names the folders of a real index's regular files (not its symlinks'), for versions 2 and 3, and gives up on version 4", async () => {
    const root = await tempDir('agentcli-folders-');
    file(root, 'top.txt', 0o644);
    file(root, 'a/b/deep.ts', 0o644);
    file(root, 'a/b/deeper.ts', 0o755);
    file(root, 'a-b/x', 0o644);
    file(root, 'ünï/naïve.md', 0o644);
    mkdirSync(path.join(root, 'links'));
    execFileSync('ln', ['-s', '../top.txt', path.join(root, 'links', 'top')]);
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '-A'], { cwd: root });
    const index = path.join(root, '.git', 'index');
    const expected = new Set(['', 'a/b', 'a-b', 'ünï']);
    execFileSync('git', ['update-index', '--index-version', '2'], { cwd: root });
    expect(regularFileFolders(readFileSync(index))).toEqual(expected);
    execFileSync('git', ['update-index', '--index-version', '3'], { cwd: root });
    expect(regularFileFolders(readFileSync(index))).toEqual(expected);
    execFileSync('git', ['update-index', '--index-version', '4'], { cwd: root });
    expect(regularFileFolders(readFileSync(index))).toBeUndefined();
  });
});
