import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyFilePath, openPromptHistory } from '../../src/history/promptHistory.js';

let configDir: string;
beforeEach(async () => {
  configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-history-'));
});
afterEach(async () => {
  await rm(configDir, { recursive: true, force: true });
});

describe('per-project prompt history', () => {
  it('persists prompts and gives them back, oldest first, in the next session', async () => {
    const first = await openPromptHistory({ configDir, projectRoot: '/work/project-a' });
    await first.add('explain this repo');
    await first.add('now write the tests\nwith two lines');
    const second = await openPromptHistory({ configDir, projectRoot: '/work/project-a' });
    expect(second.entries()).toEqual(['explain this repo', 'now write the tests\nwith two lines']);
  });

  it('keeps projects apart', async () => {
    const a = await openPromptHistory({ configDir, projectRoot: '/work/project-a' });
    await a.add('only in a');
    const b = await openPromptHistory({ configDir, projectRoot: '/work/project-b' });
    expect(b.entries()).toEqual([]);
  });

  it('skips blanks and an immediate repeat', async () => {
    const history = await openPromptHistory({ configDir, projectRoot: '/p' });
    await history.add('same');
    await history.add('same');
    await history.add('   ');
    expect(history.entries()).toEqual(['same']);
  });

  it('stays bounded in memory and on disk', async () => {
    const history = await openPromptHistory({ configDir, projectRoot: '/p', maxEntries: 5 });
    for (let index = 0; index < 23; index++) await history.add(`prompt ${index}`);
    expect(history.entries()).toEqual(['prompt 18', 'prompt 19', 'prompt 20', 'prompt 21', 'prompt 22']);
    const lines = (await readFile(historyFilePath(configDir, '/p'), 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10);
    const reopened = await openPromptHistory({ configDir, projectRoot: '/p', maxEntries: 5 });
    expect(reopened.entries()).toEqual(history.entries());
  });

  it('ignores torn or foreign lines', async () => {
    const file = historyFilePath(configDir, '/p');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"prompt":"good","at":"x"}\n{"prompt": tor\nnot json\n{"other":1}\n');
    const history = await openPromptHistory({ configDir, projectRoot: '/p' });
    expect(history.entries()).toEqual(['good']);
  });
});
