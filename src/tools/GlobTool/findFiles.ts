/**
 * Finds the files a glob matches, newest first. ripgrep lists the files
 * (in parallel, with exact .gitignore / .ignore semantics, never entering
 * ignored trees such as build output); fast-glob's matcher filters them;
 * each match is stat'ed as it streams in and only the newest `limit` are
 * kept, so memory stays flat however many files match.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { runRipgrep } from '../../utils/process/ripgrep.js';
import { compileGlobMatcher, namesFolder, type GlobPlan } from './globPattern.js';

export type FoundFile = { readonly path: string; readonly mtimeMs: number };

export type FindFilesResult = {
  /** Absolute paths, newest first (ties by path). */
  readonly files: readonly FoundFile[];
  readonly totalMatches: number;
};

export type FindFilesOptions = {
  readonly plan: Extract<GlobPlan, { kind: 'pattern' }>;
  /** The pattern as the model wrote it: naming .git or node_modules opts into them. */
  readonly pattern: string;
  readonly limit: number;
  readonly signal: AbortSignal;
};

export function ripgrepListArgs(plan: FindFilesOptions['plan'], pattern: string): string[] {
  const args = ['--files', '--hidden', '--no-require-git', '--no-messages', '--null'];
  if (plan.maxDepth !== undefined) args.push('--max-depth', String(plan.maxDepth));
  // Trailing slashes: directory-only globs, which ripgrep never tests files
  // against — a third faster on a 100k-file tree than the bare names.
  if (!namesFolder(pattern, '.git')) args.push('--glob', '!.git/');
  // node_modules is usually gitignored; a pattern that names it wants it anyway.
  if (namesFolder(pattern, 'node_modules')) args.push('--no-ignore-vcs');
  else args.push('--glob', '!node_modules/');
  return args;
}

export async function findFiles(options: FindFilesOptions): Promise<FindFilesResult> {
  const { plan, limit } = options;
  const matcher = await compileGlobMatcher(plan.relativePattern);
  const newest: FoundFile[] = [];
  let totalMatches = 0;

  const outcome = await runRipgrep({
    args: ripgrepListArgs(plan, options.pattern),
    cwd: plan.baseDir,
    signal: options.signal,
    separator: '\0',
    onRecord(relative) {
      if (!matcher.test(relative)) return 'continue';
      const absolute = path.join(plan.baseDir, relative);
      // Undefined when the file was deleted since it was listed — or when its name is not UTF-8: the
      // record was decoded with U+FFFD in place of those bytes, a name no file has. It exists (ripgrep
      // just listed it), so it is listed too, as the oldest: hiding it would hide a file from the model.
      const stats = statSync(absolute, { throwIfNoEntry: false });
      if (!stats && !relative.includes('\uFFFD')) return 'continue';
      totalMatches++;
      keepNewest(newest, { path: absolute, mtimeMs: stats?.mtimeMs ?? 0 }, limit);
      return 'continue';
    },
  });
  if (outcome.aborted) throw new Error('aborted');
  if (outcome.exitCode === 2 && totalMatches === 0 && outcome.stderr) throw new Error(outcome.stderr);
  return { files: newest, totalMatches };
}

/** Inserts into a list sorted newest first, keeping at most `limit` entries. */
function keepNewest(list: FoundFile[], file: FoundFile, limit: number): void {
  const last = list.at(-1);
  if (list.length >= limit && last && compareNewestFirst(file, last) >= 0) return;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareNewestFirst(list[middle]!, file) <= 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, file);
  if (list.length > limit) list.pop();
}

function compareNewestFirst(a: FoundFile, b: FoundFile): number {
  return b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
