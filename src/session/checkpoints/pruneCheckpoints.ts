/**
 * Old sessions go as a whole, by one setting (`cleanupPeriodDays`, default
 * 30): a transcript untouched for longer (its mtime moves with every line
 * written) is deleted with its session folder (tool results, subagent
 * transcripts), and the checkpoints only such transcripts name leave the
 * store. Runs at most once a day, in the background of a session's start.
 *
 * Transcripts: every project's (a project never opened again would keep its
 * old sessions forever otherwise), except one a live process holds and the
 * one being resumed. A project left with no transcript loses its whole
 * checkpoint store. The current project's store is swept object by object:
 *
 * Checkpoints live as long as the transcripts that name them: objects only
 * reachable from the checkpoints of transcripts untouched for longer than
 * `cleanupPeriodDays` (or deleted) are removed from the project's store, and
 * so are session indexes that old.
 *
 * The store has no refs of its own, so for the sweep the trees still named
 * by a kept transcript are pinned as `refs/keep/*`; `repack -A -d` moves
 * everything else out of the packs as loose objects, and `prune` removes
 * loose objects older than an hour — never one a running session wrote a
 * moment ago and has yet to name in its transcript.
 */
import { readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCheckpoints } from './checkpointRecord.js';
import { checkpointsDir } from './checkpointStore.js';
import { ShadowGit } from './shadowGit.js';
import { otherHolderOf } from '../transcript/sessionLock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type PruneOptions = {
  readonly projectFolder: string;
  readonly cleanupPeriodDays: number;
  readonly now?: number;
  /** Prune even if it ran less than a day ago (tests). */
  readonly force?: boolean;
};

export type PruneOutcome = { readonly ran: boolean; readonly keptObjects: number; readonly removedIndexes: number };

export type SessionCleanupOptions = {
  readonly configDir: string;
  /** The project the session runs in: its checkpoint store is swept object by object. */
  readonly projectFolder: string;
  readonly cleanupPeriodDays: number;
  /** Transcripts kept whatever their age (the one being resumed). */
  readonly keep?: readonly string[];
  readonly now?: number;
  /** Clean up even if it ran less than a day ago (tests). */
  readonly force?: boolean;
};

export type SessionCleanupOutcome = {
  /** Transcripts deleted (absolute paths). */
  readonly removedTranscripts: readonly string[];
  /** Projects whose whole checkpoint store went with their last transcript. */
  readonly removedStores: number;
  readonly checkpoints: PruneOutcome;
};

/** UUID-shaped names: a session folder whose transcript is gone (or was never written) may go with its age. */
const SESSION_FOLDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Both steps: the expired transcripts everywhere, then this project's store. */
export async function pruneOldSessions(options: SessionCleanupOptions): Promise<SessionCleanupOutcome> {
  const removed = await removeExpiredSessions(options);
  const checkpoints = await pruneCheckpoints({
    projectFolder: options.projectFolder,
    cleanupPeriodDays: options.cleanupPeriodDays,
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(options.force ? { force: true } : {}),
  });
  return { ...removed, checkpoints };
}

/**
 * Every project's expired transcripts with their session folders, and the stores of projects left with
 * none. Quick (a listing and a stat per transcript), so a short headless run waits for it before exiting;
 * the day's marker is written once it is done, so a run cut short leaves the work to the next.
 */
export async function removeExpiredSessions(options: SessionCleanupOptions): Promise<Omit<SessionCleanupOutcome, 'checkpoints'>> {
  const now = options.now ?? Date.now();
  const projects = path.join(options.configDir, 'projects');
  const marker = path.join(projects, '.last-cleanup');
  const removedTranscripts: string[] = [];
  let removedStores = 0;
  if (!existsSync(projects) || (!options.force && now - (await mtimeOf(marker)) < DAY_MS)) return { removedTranscripts, removedStores };
  const cutoff = now - options.cleanupPeriodDays * DAY_MS;
  const keep = new Set((options.keep ?? []).map((file) => path.resolve(file)));
  for (const name of await readdir(projects).catch(() => [] as string[])) {
    const folder = path.join(projects, name);
    if (!(await stat(folder).catch(() => undefined))?.isDirectory()) continue;
    const { removed, remaining } = await removeExpiredTranscripts(folder, cutoff, keep);
    removedTranscripts.push(...removed);
    const isCurrent = path.resolve(folder) === path.resolve(options.projectFolder);
    if (!isCurrent && remaining === 0 && existsSync(checkpointsDir(folder))) {
      await rm(checkpointsDir(folder), { recursive: true, force: true });
      removedStores++;
    }
  }
  await writeFile(marker, '');
  await utimes(marker, new Date(now), new Date(now));
  return { removedTranscripts, removedStores };
}

/** One project folder's expired transcripts and their session folders; how many transcripts stay. */
async function removeExpiredTranscripts(folder: string, cutoff: number, keep: ReadonlySet<string>): Promise<{ removed: string[]; remaining: number }> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const transcripts = new Set(names.filter((name) => name.endsWith('.jsonl')).map((name) => name.slice(0, -'.jsonl'.length)));
  const removed: string[] = [];
  let remaining = 0;
  for (const id of transcripts) {
    const file = path.join(folder, `${id}.jsonl`);
    const expired = (await mtimeOf(file)) < cutoff && !keep.has(path.resolve(file)) && otherHolderOf(file) === undefined;
    if (!expired) {
      remaining++;
      continue;
    }
    await rm(path.join(folder, id), { recursive: true, force: true });
    await rm(`${file}.lock`, { force: true });
    await rm(file, { force: true });
    removed.push(file);
  }
  for (const name of names) {
    if (transcripts.has(name) || !SESSION_FOLDER.test(name)) continue;
    const dir = path.join(folder, name);
    if ((await mtimeOf(dir)) < cutoff) await rm(dir, { recursive: true, force: true });
  }
  return { removed, remaining };
}

export async function pruneCheckpoints(options: PruneOptions): Promise<PruneOutcome> {
  const now = options.now ?? Date.now();
  const dir = checkpointsDir(options.projectFolder);
  const gitDir = path.join(dir, 'store.git');
  const marker = path.join(dir, 'last-prune');
  if (!existsSync(gitDir)) return { ran: false, keptObjects: 0, removedIndexes: 0 };
  if (!options.force && now - (await mtimeOf(marker)) < DAY_MS) return { ran: false, keptObjects: 0, removedIndexes: 0 };
  await writeFile(marker, '');
  await utimes(marker, new Date(now), new Date(now));
  const cutoff = now - options.cleanupPeriodDays * DAY_MS;

  const kept = new Set<string>();
  for (const name of await readdir(options.projectFolder).catch(() => [] as string[])) {
    if (!name.endsWith('.jsonl')) continue;
    const file = path.join(options.projectFolder, name);
    if ((await mtimeOf(file)) < cutoff) continue;
    for (const record of await readCheckpoints(file)) {
      for (const scope of [...record.before, ...(record.after ?? [])]) {
        kept.add(scope.tree);
        if (scope.permissions) kept.add(scope.permissions);
      }
    }
  }

  let removedIndexes = 0;
  const indexDir = path.join(dir, 'indexes');
  for (const name of await readdir(indexDir).catch(() => [] as string[])) {
    const file = path.join(indexDir, name);
    if ((await mtimeOf(file)) < cutoff) {
      await rm(file, { force: true });
      removedIndexes++;
    }
  }

  const git = new ShadowGit({ gitDir, workTree: gitDir, indexFile: path.join(dir, 'prune-index') });
  const existing = (await git.output(['for-each-ref', '--format=%(refname)', 'refs/keep/'])).toString('utf8').split('\n').filter(Boolean);
  // Only objects the store has can be pinned (one from elsewhere is already gone); if pinning fails, nothing is swept.
  const present = await presentObjects(git, [...kept]);
  const pins = [...existing.map((ref) => `delete ${ref}\n`), ...present.map((tree, index) => `create refs/keep/${index} ${tree}\n`)].join('');
  if (pins) await git.output(['update-ref', '--stdin'], pins);
  await git.output(['repack', '-A', '-d', '-q', '-l', '--window=0']);
  await git.output(['prune', '--expire=1.hour.ago']);
  return { ran: true, keptObjects: kept.size, removedIndexes };
}

async function presentObjects(git: ShadowGit, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const answer = (await git.output(['cat-file', '--batch-check=%(objectname) %(objecttype)'], `${ids.join('\n')}\n`)).toString('utf8');
  return answer
    .split('\n')
    .filter((line) => line.endsWith(' tree') || line.endsWith(' blob')) // a tree, or a permission table
    .map((line) => line.split(' ')[0]!);
}

async function mtimeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return 0;
  }
}
