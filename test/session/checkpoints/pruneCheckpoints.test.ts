// Pruning: objects only an expired transcript's checkpoints name are removed from the store; objects a kept
// transcript names stay readable, and so does anything written in the last hour.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckpointStore } from '../../../src/session/checkpoints/checkpointStore.js';
import { pruneCheckpoints, pruneOldSessions } from '../../../src/session/checkpoints/pruneCheckpoints.js';
import { readSettingsValues } from '../../../src/session/settingsValues.js';
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
    // The recent checkpoint's tree and its permission table.
    expect(outcome).toMatchObject({ ran: true, keptObjects: 2 });
    expect(() => git('cat-file', '-e', oldBlob)).toThrow();
    expect(git('cat-file', '-p', `${recent.trees[0]!.tree}:a.txt`)).toBe('the recent session keeps this');
    expect(git('cat-file', '-p', recent.trees[0]!.permissions!)).toMatch(/^agentcli-permissions 1\0base 644 755\0/);

    // Once a day at most.
    expect((await pruneCheckpoints({ projectFolder, cleanupPeriodDays: 30, now: now + 1000 })).ran).toBe(false);
    expect(Math.round(statSync(path.join(projectFolder, 'checkpoints', 'last-prune')).mtimeMs)).toBe(now);
  });
});

describe('pruneOldSessions: transcripts and checkpoints go by the same cleanupPeriodDays', () => {
  const SESSION = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

  it("deletes every project's expired transcripts with their session folders, sweeps this project's store, and drops a store whose transcripts are all gone", async () => {
    const configDir = await tempDir('agentcli-cleanup-config-');
    const work = await tempDir('agentcli-cleanup-work-');
    const here = path.join(configDir, 'projects', 'here');
    const elsewhere = path.join(configDir, 'projects', 'elsewhere');
    const now = Date.now();
    const old = new Date(now - 40 * DAY);
    const store = new CheckpointStore({ projectFolder: here, sessionId: SESSION(1) });
    writeFileSync(path.join(work, 'a.txt'), 'seen by the old session only\n');
    const oldTrees = (await store.snapshot([scopeOf(work)])).trees;
    const git = (...args: string[]) => execFileSync('git', args, { env: { ...process.env, GIT_DIR: store.gitDir }, encoding: 'utf8' }).trim();
    const oldBlob = git('rev-parse', `${oldTrees[0]!.tree}:a.txt`);
    ageEverything(path.join(store.gitDir, 'objects'), new Date(now - 2 * 60 * 60 * 1000));

    const transcript = (folder: string, id: string, age: Date | undefined, lines = '') => {
      mkdirSync(path.join(folder, id, 'tool-results'), { recursive: true });
      writeFileSync(path.join(folder, id, 'tool-results', 'out.txt'), 'big output\n');
      const file = path.join(folder, `${id}.jsonl`);
      writeFileSync(file, lines || '{"type":"user"}\n');
      if (age) {
        utimesSync(file, age, age);
        utimesSync(path.join(folder, id), age, age);
      }
      return file;
    };
    const expired = transcript(here, SESSION(1), old, checkpointLine('u1', oldTrees));
    const recent = transcript(here, SESSION(2), undefined);
    const resumed = transcript(here, SESSION(3), old);
    const held = transcript(here, SESSION(4), old);
    writeFileSync(`${held}.lock`, String(process.ppid)); // another live process has it open
    const elsewhereOnly = transcript(elsewhere, SESSION(5), old);
    mkdirSync(path.join(elsewhere, 'checkpoints', 'store.git'), { recursive: true });

    const outcome = await pruneOldSessions({ configDir, projectFolder: here, cleanupPeriodDays: 30, keep: [resumed], now, force: true });

    expect([...outcome.removedTranscripts].sort()).toEqual([elsewhereOnly, expired].sort());
    expect(existsSync(expired)).toBe(false);
    expect(existsSync(path.join(here, SESSION(1)))).toBe(false);
    for (const kept of [recent, resumed, held]) expect(existsSync(kept)).toBe(true);
    expect(existsSync(path.join(here, SESSION(3), 'tool-results', 'out.txt'))).toBe(true);
    expect(outcome.removedStores).toBe(1);
    expect(existsSync(path.join(elsewhere, 'checkpoints'))).toBe(false);
    // The old session's checkpoint went with its transcript.
    expect(outcome.checkpoints.ran).toBe(true);
    expect(() => git('cat-file', '-e', oldBlob)).toThrow();

    // Once a day at most.
    const again = await pruneOldSessions({ configDir, projectFolder: here, cleanupPeriodDays: 1, now: now + 1000 });
    expect(again.removedTranscripts).toEqual([]);
  });

  it('a shorter cleanupPeriodDays in the repository\'s settings cannot shorten the user\'s; a longer one keeps sessions longer', async () => {
    const configDir = await tempDir('agentcli-cleanup-settings-');
    const cwd = await tempDir('agentcli-cleanup-cwd-');
    mkdirSync(path.join(cwd, '.claude'));
    writeFileSync(path.join(configDir, 'settings.json'), JSON.stringify({ cleanupPeriodDays: 20 }));
    writeFileSync(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ cleanupPeriodDays: 0.001 }));
    expect((await readSettingsValues({ cwd, configDir })).checkpoints.cleanupPeriodDays).toBe(20);
    writeFileSync(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ cleanupPeriodDays: 90 }));
    expect((await readSettingsValues({ cwd, configDir })).checkpoints.cleanupPeriodDays).toBe(90);
    writeFileSync(path.join(cwd, '.claude', 'settings.json'), '{}');
    expect((await readSettingsValues({ cwd, configDir })).checkpoints.cleanupPeriodDays).toBe(20);
  });
});
