/**
 * `@` completion across the whole project: `@form` finds src/utils/format.js.
 * The file list comes from ripgrep (`rg --files`: .gitignore honoured, hidden
 * files and node_modules left out), read and prepared once and kept for a
 * while; matching is fuzzysort's (letters in order, words and starts of
 * names count more), ranked by match quality, then shallow paths first, then
 * shorter ones.
 */
import fuzzysort from 'fuzzysort';
import { runRipgrep } from '../../utils/process/ripgrep.js';

/** A listing older than this is read again on the next completion (files come and go). */
const LISTING_TTL_MS = 30_000;
/** A bound on what is kept in memory for a huge tree. */
const MAX_FILES = 200_000;

type Listing = { readonly readAt: number; readonly targets: Promise<readonly Fuzzysort.Prepared[]> };

const listings = new Map<string, Listing>();

/** The project's files that fuzzily match `query`, best first; at most `limit`. */
export async function findProjectFiles(cwd: string, query: string, limit: number, now: () => number = Date.now): Promise<string[]> {
  const targets = await targetsFor(cwd, now);
  const matches = fuzzysort.go(query, targets, { limit: CANDIDATES });
  return rankMatches(matches.map((match) => ({ item: match.target, score: match.score })), limit);
}

/** Matches ranked again (depth, length) before the best `limit` are shown. */
const CANDIDATES = 200;

function targetsFor(cwd: string, now: () => number): Promise<readonly Fuzzysort.Prepared[]> {
  const cached = listings.get(cwd);
  if (cached && now() - cached.readAt < LISTING_TTL_MS) return cached.targets;
  const targets = listFiles(cwd).then((files) => files.map((file) => fuzzysort.prepare(file)));
  listings.set(cwd, { readAt: now(), targets });
  return targets;
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

/** Best score first; equal scores: fewer folders deep, then the shorter path, then by name. */
export function rankMatches(matches: readonly { readonly item: string; readonly score: number }[], limit: number): string[] {
  const depth = (file: string): number => file.split('/').length;
  return [...matches]
    .sort((a, b) => b.score - a.score || depth(a.item) - depth(b.item) || a.item.length - b.item.length || (a.item < b.item ? -1 : 1))
    .slice(0, limit)
    .map((match) => match.item);
}
