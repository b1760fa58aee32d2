/**
 * The change a file tool made, as unified-diff hunks for the UI (the
 * coloured diff under an Edit, the permission dialog's preview). The `diff`
 * package is loaded on first use only, and runs in its asynchronous mode
 * with a time budget so a huge rewrite cannot freeze the terminal.
 */

/** One hunk: `lines` start with ' ' (context), '-' (removed) or '+' (added). */
export type FilePatchHunk = {
  readonly oldStart: number;
  readonly oldLines: number;
  readonly newStart: number;
  readonly newLines: number;
  readonly lines: readonly string[];
};

export type FilePatch = {
  readonly hunks: readonly FilePatchHunk[];
  readonly additions: number;
  readonly removals: number;
  /** Hunk lines left out to keep the patch small (the counts above still cover them). */
  readonly omittedLines: number;
  /** The diff took too long and was abandoned: only the line counts of both versions are known. */
  readonly gaveUp?: boolean;
};

const CONTEXT_LINES = 3;
const DIFF_TIME_BUDGET_MS = 2_000;
/** Enough for any diff a person reads in a terminal; the rest is counted, not kept. */
const MAX_KEPT_HUNK_LINES = 2_000;

export const EMPTY_PATCH: FilePatch = { hunks: [], additions: 0, removals: 0, omittedLines: 0 };

/** Diffs two versions of a file (both with `\n` line endings). */
export async function buildFilePatch(fileName: string, oldText: string, newText: string): Promise<FilePatch> {
  if (oldText === newText) return EMPTY_PATCH;
  const { structuredPatch } = await import('diff');
  const patch = await new Promise<{ hunks: FilePatchHunk[] } | undefined>((resolve) => {
    structuredPatch(fileName, fileName, oldText, newText, undefined, undefined, {
      context: CONTEXT_LINES,
      timeout: DIFF_TIME_BUDGET_MS,
      callback: resolve,
    });
  });
  if (!patch) return { ...EMPTY_PATCH, additions: countLines(newText), removals: countLines(oldText), gaveUp: true };
  return boundPatch(patch.hunks);
}

/** A patch for a brand-new file: every line added. */
export function creationPatch(newText: string): FilePatch {
  if (newText === '') return EMPTY_PATCH;
  const lines = splitPatchLines(newText).map((line) => `+${line}`);
  return boundPatch([{ oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, lines }]);
}

function splitPatchLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function countLines(text: string): number {
  return splitPatchLines(text).length;
}

function boundPatch(hunks: readonly FilePatchHunk[]): FilePatch {
  let additions = 0;
  let removals = 0;
  let kept = 0;
  let omittedLines = 0;
  const keptHunks: FilePatchHunk[] = [];
  for (const hunk of hunks) {
    // "\ No newline at end of file" markers are noise in a terminal view.
    const lines = hunk.lines.filter((line) => !line.startsWith('\\'));
    for (const line of lines) {
      if (line.startsWith('+')) additions++;
      else if (line.startsWith('-')) removals++;
    }
    const room = MAX_KEPT_HUNK_LINES - kept;
    if (room <= 0) {
      omittedLines += lines.length;
      continue;
    }
    const keptLines = lines.slice(0, room);
    omittedLines += lines.length - keptLines.length;
    kept += keptLines.length;
    keptHunks.push({ ...hunk, lines: keptLines });
  }
  return { hunks: keptHunks, additions, removals, omittedLines };
}

export function describePatchCounts(patch: FilePatch): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `${plural(patch.additions, 'line')} added, ${plural(patch.removals, 'line')} removed`;
}
