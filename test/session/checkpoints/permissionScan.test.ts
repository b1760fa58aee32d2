// The first snapshot's permission bits come from find, not from an lstat per file in our process.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scanPermissionBits } from '../../../src/session/checkpoints/permissionScan.js';
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
