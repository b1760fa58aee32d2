/**
 * Calls that show as one group:
 * - a message's group: consecutive calls of one tool from one assistant
 *   message, for tools that draw such groups (renderToolGroup: "Running 3
 *   agents…"). They stay one block while any of them runs and are printed
 *   as one block once all have finished (the transcript store holds the
 *   finished ones back until then).
 * - a running group: parallel calls of one tool, still running side by side,
 *   as one line (`● Read(3 files: a.ts, b.ts, c.ts)`) when the tool knows how
 *   to render that (renderGroupedToolUse). Finished calls print one by one.
 */
import type { LiveSegment, LiveToolSegment } from '../repl/transcriptTypes.js';

export type LiveEntry =
  | { readonly kind: 'segment'; readonly segment: LiveSegment }
  | { readonly kind: 'group'; readonly toolName: string; readonly tools: readonly LiveToolSegment[] }
  | { readonly kind: 'message_group'; readonly toolName: string; readonly tools: readonly LiveToolSegment[] };

type SegmentLike = { readonly kind: string; readonly toolName?: string; readonly batch?: number | undefined };

/**
 * How many segments from `start` make one message's group of calls: 0 when the segment there is no
 * call of a tool that draws such groups, else the run of calls of that tool from the same message.
 */
export function messageGroupLength(segments: readonly SegmentLike[], start: number, drawsGroups: (toolName: string) => boolean): number {
  const first = segments[start];
  if (!first || first.kind !== 'tool' || first.batch === undefined || first.toolName === undefined || !drawsGroups(first.toolName)) return 0;
  let end = start + 1;
  while (end < segments.length) {
    const next = segments[end]!;
    if (next.kind !== 'tool' || next.toolName !== first.toolName || next.batch !== first.batch) break;
    end++;
  }
  return end - start;
}

export type GroupingRules = {
  /** The tool draws several calls of one message as one block (renderToolGroup). */
  readonly drawsMessageGroups: (toolName: string) => boolean;
  /** The tool draws running parallel calls as one line (renderGroupedToolUse). */
  readonly drawsRunningGroups: (toolName: string) => boolean;
};

export function groupParallelTools(segments: readonly LiveSegment[], rules: GroupingRules): LiveEntry[] {
  const entries: LiveEntry[] = [];
  let run: LiveToolSegment[] = [];
  const flush = (): void => {
    if (run.length >= 2) entries.push({ kind: 'group', toolName: run[0]!.toolName, tools: run });
    else entries.push(...run.map((segment) => ({ kind: 'segment' as const, segment })));
    run = [];
  };
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const messageGroup = messageGroupLength(segments, index, rules.drawsMessageGroups);
    if (messageGroup >= 2) {
      flush();
      const tools = segments.slice(index, index + messageGroup).filter((member): member is LiveToolSegment => member.kind === 'tool');
      entries.push({ kind: 'message_group', toolName: tools[0]!.toolName, tools });
      index += messageGroup - 1;
      continue;
    }
    const groupable = segment.kind === 'tool' && segment.phase !== 'done' && rules.drawsRunningGroups(segment.toolName);
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
