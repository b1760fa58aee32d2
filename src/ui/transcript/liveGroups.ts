/**
 * Parallel calls of one tool, still running side by side, can show as one
 * group line (`● Read(3 files: a.ts, b.ts, c.ts)`) when the tool knows how to
 * render a group. Finished calls always print one by one.
 */
import type { LiveSegment, LiveToolSegment } from '../repl/transcriptTypes.js';

export type LiveEntry =
  | { readonly kind: 'segment'; readonly segment: LiveSegment }
  | { readonly kind: 'group'; readonly toolName: string; readonly tools: readonly LiveToolSegment[] };

export function groupParallelTools(segments: readonly LiveSegment[], canGroup: (toolName: string) => boolean): LiveEntry[] {
  const entries: LiveEntry[] = [];
  let run: LiveToolSegment[] = [];
  const flush = (): void => {
    if (run.length >= 2) entries.push({ kind: 'group', toolName: run[0]!.toolName, tools: run });
    else entries.push(...run.map((segment) => ({ kind: 'segment' as const, segment })));
    run = [];
  };
  for (const segment of segments) {
    const groupable = segment.kind === 'tool' && segment.phase !== 'done' && canGroup(segment.toolName);
    if (groupable && (run.length === 0 || run[0]!.toolName === segment.toolName)) {
      run.push(segment);
      continue;
    }
    flush();
    if (groupable) run.push(segment);
    else entries.push({ kind: 'segment', segment });
  }
  flush();
  return entries;
}
