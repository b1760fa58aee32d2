// @ completion ranks files the session touched and recently modified files first among good
// matches, shallow before deep — and a weak match never overtakes a strong one on recency alone.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completeFilePath } from '../../src/ui/input/fileCompletion.js';
import { rankMatches } from '../../src/ui/input/projectFileIndex.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;

describe('rankMatches', () => {
  it('equal matches: touched first, then modified within the hour, then within the day, then older', () => {
    const ranked = rankMatches(
      [
        { item: 'old.ts', score: 0.8, modifiedMs: NOW - 30 * 24 * HOUR },
        { item: 'today.ts', score: 0.8, modifiedMs: NOW - 5 * HOUR },
        { item: 'hour.ts', score: 0.8, modifiedMs: NOW - HOUR / 2 },
        { item: 'read.ts', score: 0.8, touched: true, modifiedMs: NOW - 30 * 24 * HOUR },
      ],
      10,
      NOW,
    );
    expect(ranked).toEqual(['read.ts', 'hour.ts', 'today.ts', 'old.ts']);
  });

  it('equal matches: shallow before deep, then shorter', () => {
    expect(rankMatches([{ item: 'a/b/c/x.ts', score: 0.8 }, { item: 'a/x.ts', score: 0.8 }, { item: 'x.ts', score: 0.8 }, { item: 'a/xx.ts', score: 0.8 }], 10, NOW)).toEqual(['x.ts', 'a/x.ts', 'a/xx.ts', 'a/b/c/x.ts']);
  });

  it('a weak match that was touched and just modified stays below a strong old one', () => {
    const ranked = rankMatches(
      [
        { item: 'docs/information.txt', score: 0.53, touched: true, modifiedMs: NOW },
        { item: 'src/utils/format.js', score: 0.82, modifiedMs: NOW - 300 * 24 * HOUR },
      ],
      10,
      NOW,
    );
    expect(ranked[0]).toBe('src/utils/format.js');
  });

  it('keeps at most `limit`', () => {
    expect(rankMatches([{ item: 'a', score: 0.9 }, { item: 'b', score: 0.8 }, { item: 'c', score: 0.7 }], 2, NOW)).toEqual(['a', 'b']);
  });
});

describe('@ completion on a real tree', () => {
  let cwd: string;
  const old = new Date(NOW - 30 * 24 * HOUR);
  beforeEach(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-rank-'));
    await mkdir(path.join(cwd, '.git'));
    for (const file of ['widget.md', 'lib/widget.js', 'src/deep/er/widget.ts']) {
      await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
      await writeFile(path.join(cwd, file), 'x');
      await utimes(path.join(cwd, file), old, old);
    }
  });
  afterEach(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it('untouched and old: shallow first', async () => {
    expect(await completeFilePath(cwd, 'widg', { now: () => NOW, statBudgetMs: 10_000 })).toEqual(['widget.md', 'lib/widget.js', 'src/deep/er/widget.ts']);
  });

  it('a file the session touched comes first, however deep', async () => {
    const found = await completeFilePath(cwd, 'widg', { now: () => NOW, statBudgetMs: 10_000, touched: [path.join(cwd, 'src/deep/er/widget.ts')] });
    expect(found[0]).toBe('src/deep/er/widget.ts');
  });

  it('a file modified in the last hour comes before older ones', async () => {
    const recent = new Date(NOW - 10 * 60_000);
    await utimes(path.join(cwd, 'lib/widget.js'), recent, recent);
    expect((await completeFilePath(cwd, 'widg', { now: () => NOW, statBudgetMs: 10_000 }))[0]).toBe('lib/widget.js');
  });

  it('a keystroke does not wait for mtimes beyond its budget; the stats finish into the cache for the next one', async () => {
    const recent = new Date(NOW - 10 * 60_000);
    await utimes(path.join(cwd, 'lib/widget.js'), recent, recent);
    await completeFilePath(cwd, 'widg', { now: () => NOW, statBudgetMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await completeFilePath(cwd, 'widg', { now: () => NOW, statBudgetMs: 0 }))[0]).toBe('lib/widget.js');
  });
});
