/**
 * Checkpoints live as long as the transcripts that name them: objects only
 * reachable from the checkpoints of transcripts untouched for longer than
 * `cleanupPeriodDays` (or deleted) are removed from the project's store, and
 * so are session indexes that old. Runs at most once a day per project, in
 * the background of a session's start.
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

const DAY_MS = 24 * 60 * 60 * 1000;

export type PruneOptions = {
  readonly projectFolder: string;
  readonly cleanupPeriodDays: number;
  readonly now?: number;
  /** Prune even if it ran less than a day ago (tests). */
  readonly force?: boolean;
};

export type PruneOutcome = { readonly ran: boolean; readonly keptTrees: number; readonly removedIndexes: number };

export async function pruneCheckpoints(options: PruneOptions): Promise<PruneOutcome> {
  const now = options.now ?? Date.now();
  const dir = checkpointsDir(options.projectFolder);
  const gitDir = path.join(dir, 'store.git');
  const marker = path.join(dir, 'last-prune');
  if (!existsSync(gitDir)) return { ran: false, keptTrees: 0, removedIndexes: 0 };
  if (!options.force && now - (await mtimeOf(marker)) < DAY_MS) return { ran: false, keptTrees: 0, removedIndexes: 0 };
  await writeFile(marker, '');
  await utimes(marker, new Date(now), new Date(now));
  const cutoff = now - options.cleanupPeriodDays * DAY_MS;

  const kept = new Set<string>();
  for (const name of await readdir(options.projectFolder).catch(() => [] as string[])) {
    if (!name.endsWith('.jsonl')) continue;
    const file = path.join(options.projectFolder, name);
    if ((await mtimeOf(file)) < cutoff) continue;
    for (const record of await readCheckpoints(file)) for (const scope of [...record.before, ...(record.after ?? [])]) kept.add(scope.tree);
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
  // Only trees the store has can be pinned (one from elsewhere is already gone); if pinning fails, nothing is swept.
  const present = await presentObjects(git, [...kept]);
  const pins = [...existing.map((ref) => `delete ${ref}\n`), ...present.map((tree, index) => `create refs/keep/${index} ${tree}\n`)].join('');
  if (pins) await git.output(['update-ref', '--stdin'], pins);
  await git.output(['repack', '-A', '-d', '-q', '-l', '--window=0']);
  await git.output(['prune', '--expire=1.hour.ago']);
  return { ran: true, keptTrees: kept.size, removedIndexes };
}

async function presentObjects(git: ShadowGit, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const answer = (await git.output(['cat-file', '--batch-check=%(objectname) %(objecttype)'], `${ids.join('\n')}\n`)).toString('utf8');
  return answer
    .split('\n')
    .filter((line) => line.endsWith(' tree'))
    .map((line) => line.split(' ')[0]!);
}

async function mtimeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return 0;
  }
}
