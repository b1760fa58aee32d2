/**
 * A Grep search in three output modes. Every mode starts by listing the
 * matching files with ripgrep running in parallel; the list is then put in
 * a stable order, so `offset` pages through the same sequence on every call:
 *   files_with_matches  newest first (recently edited files are usually the relevant ones)
 *   count               by path
 *   content             by path; a second rg pass prints the matching lines of the listed
 *                       files in that order and is killed as soon as the page is full
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { runRipgrep, type RipgrepOutcome } from '../../utils/process/ripgrep.js';
import { contentArgs, filterArgs, type GrepInput, type GrepOutputMode } from './ripgrepArgs.js';
import { ripgrepPathArgument } from './searchPaths.js';

export type GrepSearch = {
  readonly input: GrepInput;
  readonly cwd: string;
  /** Absolute folder or file to search. */
  readonly searchRoot: string;
  readonly offset: number;
  /** Items per page; Infinity for no limit (still bounded by MAX_UNLIMITED_ITEMS). */
  readonly limit: number;
  readonly signal: AbortSignal;
};

export type GrepOutcome = {
  readonly mode: GrepOutputMode;
  /** The page: file paths, `path:count` lines, or content lines. */
  readonly lines: readonly string[];
  /** Items in all pages, when known (content mode stops reading once the page is full). */
  readonly totalItems: number | undefined;
  readonly moreAvailable: boolean;
  readonly numFiles: number;
  readonly numMatches?: number;
  /** More files matched than are listed (MAX_LISTED_FILES). */
  readonly fileListCapped: boolean;
};

/** Bounds memory when a pattern matches nearly everything. */
export const MAX_LISTED_FILES = 100_000;
export const MAX_UNLIMITED_ITEMS = 20_000;
/** Files per second-phase rg run: keeps each command line far below the OS limit. */
const CONTENT_BATCH_CHARS = 64_000;

export class RipgrepError extends Error {}

export async function searchContent(search: GrepSearch): Promise<GrepOutcome> {
  const mode = search.input.output_mode ?? 'files_with_matches';
  if (mode === 'count') return countMatches(search);
  const listed = await listMatchingFiles(search);
  if (mode === 'files_with_matches') return pageOfFiles(search, listed);
  return matchingLines(search, listed);
}

type ListedFiles = { readonly files: string[]; readonly capped: boolean };

async function listMatchingFiles(search: GrepSearch): Promise<ListedFiles> {
  const files: string[] = [];
  const outcome = await runSearch(search, ['--files-with-matches', '--null'], '\0', (record) => {
    files.push(record);
    return files.length >= MAX_LISTED_FILES ? 'stop' : 'continue';
  });
  return { files, capped: outcome.stoppedEarly };
}

function pageOfFiles(search: GrepSearch, listed: ListedFiles): GrepOutcome {
  const withTimes = listed.files.map((file) => ({ file, mtimeMs: modifiedTime(path.resolve(search.cwd, file)) }));
  withTimes.sort((a, b) => b.mtimeMs - a.mtimeMs || compareText(a.file, b.file));
  const page = withTimes.slice(search.offset, search.offset + pageSize(search)).map(({ file }) => file);
  return {
    mode: 'files_with_matches',
    lines: page,
    totalItems: withTimes.length,
    moreAvailable: search.offset + page.length < withTimes.length,
    numFiles: withTimes.length,
    fileListCapped: listed.capped,
  };
}

async function countMatches(search: GrepSearch): Promise<GrepOutcome> {
  const counts: Array<{ file: string; count: number }> = [];
  const outcome = await runSearch(search, ['--count', '--with-filename', '--null'], '\n', (record) => {
    const separator = record.lastIndexOf('\0');
    if (separator === -1) return 'continue';
    counts.push({ file: record.slice(0, separator), count: Number(record.slice(separator + 1)) });
    return counts.length >= MAX_LISTED_FILES ? 'stop' : 'continue';
  });
  counts.sort((a, b) => compareText(a.file, b.file));
  const page = counts.slice(search.offset, search.offset + pageSize(search));
  return {
    mode: 'count',
    lines: page.map(({ file, count }) => `${file}:${count}`),
    totalItems: counts.length,
    moreAvailable: search.offset + page.length < counts.length,
    numFiles: counts.length,
    numMatches: counts.reduce((sum, { count }) => sum + count, 0),
    fileListCapped: outcome.stoppedEarly,
  };
}

async function matchingLines(search: GrepSearch, listed: ListedFiles): Promise<GrepOutcome> {
  const files = [...listed.files].sort(compareText);
  const wanted = search.offset + pageSize(search);
  const lines: string[] = [];
  let seen = 0;
  let moreAvailable = false;
  for (const batch of batchesOf(files)) {
    if (moreAvailable) break;
    const args = [...contentArgs(search.input), '--threads', '1', ...filterArgs(search.input), '--', ...batch];
    await runRipgrepChecked(search, args, '\n', (line) => {
      // Group separators between context blocks are kept for reading, but not counted.
      const isSeparator = line === '--';
      if (!isSeparator && seen >= wanted) {
        moreAvailable = true;
        return 'stop';
      }
      if (seen >= search.offset && !(isSeparator && lines.length === 0)) lines.push(line);
      if (!isSeparator) seen++;
      return 'continue';
    });
  }
  if (lines.at(-1) === '--') lines.pop();
  return {
    mode: 'content',
    lines,
    totalItems: moreAvailable ? undefined : seen,
    moreAvailable,
    numFiles: files.length,
    fileListCapped: listed.capped,
  };
}

function runSearch(
  search: GrepSearch,
  modeArgs: readonly string[],
  separator: '\n' | '\0',
  onRecord: (record: string) => 'continue' | 'stop',
): Promise<RipgrepOutcome> {
  const root = ripgrepPathArgument(search.searchRoot, search.cwd);
  const args = [...modeArgs, ...filterArgs(search.input), ...(root === undefined ? [] : ['--', root])];
  return runRipgrepChecked(search, args, separator, onRecord);
}

/** Runs rg and turns its fatal errors (bad regex, unknown type, bad glob) into RipgrepError. */
async function runRipgrepChecked(
  search: GrepSearch,
  args: readonly string[],
  separator: '\n' | '\0',
  onRecord: (record: string) => 'continue' | 'stop',
): Promise<RipgrepOutcome> {
  let records = 0;
  const outcome = await runRipgrep({
    args,
    cwd: search.cwd,
    signal: search.signal,
    separator,
    onRecord: (record) => {
      records++;
      return onRecord(record);
    },
  });
  if (outcome.aborted) throw new Error('aborted');
  if (outcome.exitCode === 2 && records === 0 && outcome.stderr) throw new RipgrepError(outcome.stderr);
  return outcome;
}

function pageSize(search: GrepSearch): number {
  return Number.isFinite(search.limit) ? search.limit : MAX_UNLIMITED_ITEMS;
}

function* batchesOf(files: readonly string[]): Generator<string[]> {
  let batch: string[] = [];
  let chars = 0;
  for (const file of files) {
    if (batch.length > 0 && chars + file.length > CONTENT_BATCH_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(file);
    chars += file.length + 1;
  }
  if (batch.length > 0) yield batch;
}

function modifiedTime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
