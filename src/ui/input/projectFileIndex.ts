/**
 * `@` completion across the whole project: `@form` finds src/utils/format.js.
 * The file list comes from ripgrep (`rg --files`: .gitignore honoured, hidden
 * files and node_modules left out), read and prepared once and kept for a
 * while; matching is fuzzysort's (letters in order, words and starts of
 * names count more). The best matches are then ranked again: files this
 * session's tools touched and files modified in the last hour or day move
 * up, deeper paths move down, so among good matches the one the user is
 * working on comes first; a weak match never overtakes a strong one because
 * of recency alone. Only candidates that recency could lift into the shown
 * few are stat'ed (at most MAX_STATS, remembered with the listing), never
 * the whole tree.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fuzzysort from 'fuzzysort';
import { runRipgrep } from '../../utils/process/ripgrep.js';

/** A listing older than this is read again on the next completion (files come and go). */
const LISTING_TTL_MS = 30_000;
/** A bound on what is kept in memory for a huge tree. */
const MAX_FILES = 200_000;
/** Matches ranked again (recency, depth, length) before the best `limit` are shown. */
const CANDIDATES = 200;

/** fuzzysort scores good matches ~0.8–1 and weak ones ~0.5: these bonuses reorder good matches only. */
export const RANKING = {
  touchedBonus: 0.15,
  modifiedWithinHourBonus: 0.1,
  modifiedWithinDayBonus: 0.05,
  depthPenaltyPerFolder: 0.01,
} as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Listing = {
  readonly readAt: number;
  readonly targets: Promise<readonly Fuzzysort.Prepared[]>;
  readonly files: Promise<ReadonlySet<string>>;
  /** mtimeMs of the candidates looked at so far (undefined: could not stat). */
  readonly modified: Map<string, number | undefined>;
  readonly preparedTouched: Map<string, Fuzzysort.Prepared>;
  readonly touchedAsListed: Map<string, string | null>;
};

const listings = new Map<string, Listing>();

export type RankingHints = {
  /** Files this session's tools read or wrote (absolute, or relative to cwd). */
  readonly touched?: Iterable<string>;
  readonly now?: () => number;
  /** How long one completion may wait for mtimes (tests that check recency give it all the time it needs). */
  readonly statBudgetMs?: number;
};

/** The project's files that fuzzily match `query`, best first; at most `limit`. */
export async function findProjectFiles(cwd: string, query: string, limit: number, hints: RankingHints = {}): Promise<string[]> {
  const now = hints.now ?? Date.now;
  const listing = listingFor(cwd, now);
  const [targets, files] = await Promise.all([listing.targets, listing.files]);
  const touched = touchedInListing(cwd, hints.touched, files, listing.touchedAsListed);
  const candidates = new Map<string, number>();
  for (const match of fuzzysort.go(query, targets, { limit: CANDIDATES })) candidates.set(match.target, match.score);
  // A touched file may rank below the first CANDIDATES on a one-letter query: match those on their own.
  if (touched.size > 0) {
    for (const match of fuzzysort.go(query, [...touched].map((file) => preparedTouched(listing, file)))) {
      if (!candidates.has(match.target)) candidates.set(match.target, match.score);
    }
  }
  const ranked = [...candidates].map(([item, score]) => ({ item, score, touched: touched.has(item) }));
  // Within a budget: a keystroke never waits on a slow disk; stats still running fill the cache for the next one.
  const stats = statMissing(cwd, listing.modified, candidatesRecencyCouldLift(ranked, limit));
  await Promise.race([stats, new Promise((resolve) => setTimeout(resolve, hints.statBudgetMs ?? STAT_BUDGET_MS).unref())]);
  return rankMatches(
    ranked.map((match) => ({ ...match, modifiedMs: listing.modified.get(match.item) })),
    limit,
    now(),
  );
}

const STAT_BUDGET_MS = 15;
/** At most this many files are stat'ed for one completion (a one-letter query has hundreds of equal matches). */
const MAX_STATS = 48;

/**
 * Only a candidate that could enter the top `limit` with the largest
 * recency bonus needs its mtime: those whose rank without recency is within
 * that bonus of the limit-th best. The rest are never looked at.
 */
function candidatesRecencyCouldLift(matches: readonly RankCandidate[], limit: number): string[] {
  const ranked = matches.map((match) => ({ item: match.item, rank: rankWithoutRecency(match) })).sort((a, b) => b.rank - a.rank);
  const cutoff = (ranked[Math.min(limit, ranked.length) - 1]?.rank ?? 0) - RANKING.modifiedWithinHourBonus;
  return ranked
    .filter((match) => match.rank >= cutoff)
    .slice(0, MAX_STATS)
    .map((match) => match.item);
}

function rankWithoutRecency(match: RankCandidate): number {
  return match.score - depthOf(match.item) * RANKING.depthPenaltyPerFolder + (match.touched ? RANKING.touchedBonus : 0);
}

function depthOf(file: string): number {
  let depth = 0;
  for (let index = file.indexOf('/'); index !== -1; index = file.indexOf('/', index + 1)) depth++;
  return depth;
}

export type RankCandidate = { readonly item: string; readonly score: number; readonly touched?: boolean; readonly modifiedMs?: number | undefined };

/** Best adjusted score first; equal: fewer folders deep, then the shorter path, then by name. */
export function rankMatches(matches: readonly RankCandidate[], limit: number, now: number = Date.now()): string[] {
  const depth = depthOf;
  const adjusted = (match: RankCandidate): number => {
    let score = rankWithoutRecency(match);
    if (match.modifiedMs !== undefined) {
      const age = now - match.modifiedMs;
      if (age < HOUR_MS) score += RANKING.modifiedWithinHourBonus;
      else if (age < DAY_MS) score += RANKING.modifiedWithinDayBonus;
    }
    return score;
  };
  return matches
    .map((match) => ({ match, rank: adjusted(match) }))
    .sort((a, b) => b.rank - a.rank || depth(a.match.item) - depth(b.match.item) || a.match.item.length - b.match.item.length || (a.match.item < b.match.item ? -1 : 1))
    .slice(0, limit)
    .map(({ match }) => match.item);
}

function listingFor(cwd: string, now: () => number): Listing {
  const cached = listings.get(cwd);
  if (cached && now() - cached.readAt < LISTING_TTL_MS) return cached;
  const list = listFiles(cwd);
  const listing: Listing = {
    readAt: now(),
    targets: list.then((files) => files.map((file) => fuzzysort.prepare(file))),
    files: list.then((files) => new Set(files)),
    modified: new Map(),
    preparedTouched: new Map(),
    touchedAsListed: new Map(),
  };
  listings.set(cwd, listing);
  return listing;
}

function preparedTouched(listing: Listing, file: string): Fuzzysort.Prepared {
  let prepared = listing.preparedTouched.get(file);
  if (!prepared) {
    prepared = fuzzysort.prepare(file);
    listing.preparedTouched.set(file, prepared);
  }
  return prepared;
}

/** Touched paths as listed (relative, `/`-separated), each worked out once per listing: this runs on every keystroke. */
function touchedInListing(cwd: string, touched: Iterable<string> | undefined, files: ReadonlySet<string>, listed: Map<string, string | null>): Set<string> {
  const inListing = new Set<string>();
  if (!touched) return inListing;
  for (const file of touched) {
    let entry = listed.get(file);
    if (entry === undefined) {
      const normalised = (path.isAbsolute(file) ? path.relative(cwd, file) : file).split(path.sep).join('/');
      entry = files.has(normalised) ? normalised : null;
      listed.set(file, entry);
    }
    if (entry !== null) inListing.add(entry);
  }
  return inListing;
}

async function statMissing(cwd: string, modified: Map<string, number | undefined>, files: readonly string[]): Promise<void> {
  const missing = files.filter((file) => !modified.has(file));
  await Promise.all(
    missing.map(async (file) => {
      try {
        modified.set(file, (await stat(path.join(cwd, file))).mtimeMs);
      } catch {
        modified.set(file, undefined);
      }
    }),
  );
}

async function listFiles(cwd: string): Promise<string[]> {
  const files: string[] = [];
  await runRipgrep({
    args: ['--files', '--null', '--glob', '!.git', '--glob', '!node_modules'],
    cwd,
    separator: '\0',
    signal: new AbortController().signal,
    onRecord: (record) => {
      files.push(record.startsWith('./') ? record.slice(2) : record);
      return files.length < MAX_FILES ? 'continue' : 'stop';
    },
  });
  return files;
}
