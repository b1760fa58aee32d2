// The ripgrep runner: records stream as rg produces them, and rg is killed — not left
// running — when the caller has enough or the call is aborted. rg reads a FIFO here, so it
// would never finish on its own.
import { execFileSync } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ripgrepPath, runRipgrep } from '../../../src/utils/process/ripgrep.js';
import { makeTree } from './searchFixtures.js';

/** rg processes that are children of this test process. */
async function runningRipgreps(rg: string): Promise<number[]> {
  const children = execFileSync('ps', ['-o', 'pid=,stat=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, stat]) => pid && stat && !stat.startsWith('Z'))
    .map(([pid]) => Number(pid));
  const ours: number[] = [];
  for (const pid of children) {
    const exe = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (exe.split('\0')[0] === rg) ours.push(pid);
  }
  return ours;
}

async function fifoIn(dir: string): Promise<string> {
  const fifo = path.join(dir, 'endless');
  execFileSync('mkfifo', [fifo]);
  return fifo;
}

describe('runRipgrep', () => {
  it('stops and kills rg as soon as the caller has enough', async () => {
    const rg = await ripgrepPath();
    const dir = await makeTree([]);
    const fifo = await fifoIn(dir);
    const chunk = Array.from({ length: 2_000 }, (_, index) => `match ${index}`).join('\n') + '\n';
    const writer = open(fifo, 'w').then(async (handle) => {
      // Keeps the FIFO open and fed until rg is gone (EPIPE): rg alone would read forever.
      try {
        for (let round = 0; round < 2_000; round++) await handle.write(chunk);
      } catch {
        // The reader went away: what this test expects.
      }
      return handle;
    });
    const records: string[] = [];
    const outcome = await runRipgrep({
      args: ['--line-buffered', '--no-filename', '--regexp', 'match', fifo],
      cwd: dir,
      signal: new AbortController().signal,
      onRecord: (record) => {
        records.push(record);
        return records.length >= 3 ? 'stop' : 'continue';
      },
    });
    expect(outcome.stoppedEarly).toBe(true);
    expect(records).toEqual(['match 0', 'match 1', 'match 2']);
    expect(await runningRipgreps(rg)).toEqual([]);
    await (await writer).close();
  });

  it('is killed on abort', async () => {
    const rg = await ripgrepPath();
    const dir = await makeTree([]);
    const fifo = await fifoIn(dir);
    const controller = new AbortController();
    const run = runRipgrep({ args: ['--regexp', 'x', fifo], cwd: dir, signal: controller.signal, onRecord: () => 'continue' });
    // rg is now blocked opening the FIFO, which nobody writes.
    while ((await runningRipgreps(rg)).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const outcome = await run;
    expect(outcome.aborted).toBe(true);
    expect(await runningRipgreps(rg)).toEqual([]);
  });

  it('cuts an overlong record and keeps going', async () => {
    const dir = await makeTree([{ path: 'wide.txt', content: `${'a'.repeat(100_000)}\nshort\n` }]);
    const records: string[] = [];
    await runRipgrep({
      args: ['--no-filename', '--regexp', 'a|short', 'wide.txt'],
      cwd: dir,
      signal: new AbortController().signal,
      maxRecordChars: 1_000,
      onRecord: (record) => {
        records.push(record);
        return 'continue';
      },
    });
    expect(records).toHaveLength(2);
    expect(records[0]!.length).toBeLessThan(1_100);
    expect(records[0]).toContain('[… line cut]');
    expect(records[1]).toBe('short');
  });
});
