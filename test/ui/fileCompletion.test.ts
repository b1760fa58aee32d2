import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completeFilePath } from '../../src/ui/input/fileCompletion.js';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-complete-'));
  const files = ['src/utils/format.js', 'src/deep/nested/more/formatter.js', 'format.md', 'docs/information.txt', 'node_modules/pkg/format.js', 'build/format.js'];
  for (const file of files) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), 'x');
  }
  await writeFile(path.join(cwd, '.gitignore'), 'build/\nnode_modules/\n');
  await mkdir(path.join(cwd, '.git'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe('@ completion', () => {
  it('a bare word matches fuzzily across the tree: @form finds src/utils/format.js; shallow before deep; ignored folders left out', async () => {
    const found = await completeFilePath(cwd, 'form');
    expect(found[0]).toBe('format.md');
    expect(found).toContain('src/utils/format.js');
    expect(found.indexOf('src/utils/format.js')).toBeLessThan(found.indexOf('src/deep/nested/more/formatter.js'));
    expect(found).not.toContain('node_modules/pkg/format.js');
    expect(found).not.toContain('build/format.js');
  });

  it('letters in order but apart still match (fzf): @sufmt finds src/utils/format.js', async () => {
    expect(await completeFilePath(cwd, 'sufmt')).toContain('src/utils/format.js');
  });

  it('a path with a folder lists that folder', async () => {
    expect(await completeFilePath(cwd, 'src/ut')).toEqual(['src/utils/']);
  });
});
