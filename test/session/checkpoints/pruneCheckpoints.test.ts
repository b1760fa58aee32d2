// Pruning: objects only an expired transcript's checkpoints name are removed from the store; objects a kept
// transcript names stay readable, and so does anything written in the last hour.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckpointStore } from '../../../src/session/checkpoints/checkpointStore.js';
import { pruneCheckpoints } from '../../../src/session/checkpoints/pruneCheckpoints.js';
import type { ScopeTree } from '../../../src/session/checkpoints/checkpointRecord.js';
import { scopeOf } from '../../../src/session/checkpoints/snapshot.js';
import { tempDir } from '../../support/runCli.js';

const DAY = 24 * 60 * 60 * 1000;

function checkpointLine(uuid: string, trees: readonly ScopeTree[]): string {
  return `${JSON.stringify({ type: 'checkpoint', sessionId: 's', timestamp: '', checkpoint: { messageUuid: uuid, prompt: '', timestamp: '', before: trees, notCheckpointed: [], irreversible: [] } })}\n`;
}

function ageEverything(dir: string, when: Date): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) ageEverything(full, when);
    else utimesSync(full, when, when);
  }
}

describe('pruneCheckpoints', () => {
  it('drops what only expired transcripts name, keeps what recent ones name', async () => {
    const work = await tempDir('agentcli-prune-work-');
    const projectFolder = path.join(await tempDir('agentcli-prune-config-'), 'projects', 'p');
    const store = new CheckpointStore({ projectFolder, sessionId: 's' });
    const scope = scopeOf(work);
    writeFileSync(path.join(work, 'a.txt'), 'only the old session saw this\n');
    const old = await store.snapshot([scope]);
    writeFileSync(path.join(work, 'a.txt'), 'the recent session keeps this\n');
    const recent = await store.snapshot([scope]);
    writeFileSync(path.join(projectFolder, 'old.jsonl'), checkpointLine('u1', old.trees));
    writeFileSync(path.join(projectFolder, 'new.jsonl'), checkpointLine('u2', recent.trees));
    const now = Date.now();
    const longAgo = new Date(now - 40 * DAY);
    utimesSync(path.join(projectFolder, 'old.jsonl'), longAgo, longAgo);
    ageEverything(path.join(store.gitDir, 'objects'), new Date(now - 2 * 60 * 60 * 1000));

    const git = (...args: string[]) => execFileSync('git', args, { env: { ...process.env, GIT_DIR: store.gitDir }, encoding: 'utf8' }).trim();
    const oldBlob = git('rev-parse', `${old.trees[0]!.tree}:a.txt`);
    const outcome = await pruneCheckpoints({ projectFolder, cleanupPeriodDays: 30, now, force: true });
    expect(outcome).toMatchObject({ ran: true, keptTrees: 1 });
    expect(() => git('cat-file', '-e', oldBlob)).toThrow();
    expect(git('cat-file', '-p', `${recent.trees[0]!.tree}:a.txt`)).toBe('the recent session keeps this');

    // Once a day at most.
    expect((await pruneCheckpoints({ projectFolder, cleanupPeriodDays: 30, now: now + 1000 })).ran).toBe(false);
    expect(Math.round(statSync(path.join(projectFolder, 'checkpoints', 'last-prune')).mtimeMs)).toBe(now);
  });
});
