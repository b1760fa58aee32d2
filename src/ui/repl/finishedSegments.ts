/**
 * The live area's layout rule: which segments at its front are finished and
 * leave for the scroll-back, strictly in the order they began (a tool line
 * never prints above the text that introduced it). Streaming text leaves a
 * paragraph at a time, at safe markdown boundaries; a tool whose calls from
 * one message draw as one block leaves once all of them have finished.
 */
import { splitFinishedMarkdown } from '../markdown/splitMarkdown.js';
import { messageGroupLength } from '../transcript/liveGroups.js';
import type { Segment, ToolSegment } from './liveSegments.js';
import type { FinishedGroupCall, TranscriptItem } from './transcriptTypes.js';

/** One finished piece taken off the live area: what to print (nothing for blank text), and what it was. */
export type FinishedPiece =
  | { readonly kind: 'tools'; readonly calls: readonly ToolSegment[]; readonly item: TranscriptItem }
  | { readonly kind: 'thinking'; readonly item: TranscriptItem | undefined }
  /** `chars`: how much streamed text left the live area (a retry must not print it twice). */
  | { readonly kind: 'text'; readonly chars: number; readonly item: TranscriptItem | undefined };

export type FinishedSegmentsOptions = {
  readonly drawsMessageGroups: (toolName: string) => boolean;
  /** How much finished text may stay live before it goes (characters). */
  readonly finishedTextHeld: () => number;
  readonly newId: (prefix: string) => string;
};

/** Takes the finished segments from the front of `live` (which it shortens), in order. */
export function takeFinishedSegments(live: Segment[], options: FinishedSegmentsOptions): FinishedPiece[] {
  const taken: FinishedPiece[] = [];
  while (live.length > 0) {
    const head = live[0]!;
    if (head.kind === 'tool') {
      const groupLength = messageGroupLength(live, 0, options.drawsMessageGroups);
      if (groupLength > 0) {
        // A message's group leaves as one block: once its message is complete and every call in it has finished.
        const group = live.slice(0, groupLength).filter((segment): segment is ToolSegment => segment.kind === 'tool');
        if (!head.messageComplete || group.some((segment) => segment.phase !== 'done' || !segment.outcome)) return taken;
        if (groupLength >= 2) {
          live.splice(0, groupLength);
          taken.push({ kind: 'tools', calls: group, item: { kind: 'tool_group', id: options.newId('tools'), toolName: head.toolName, calls: group.map(finishedCall) } });
          continue;
        }
      }
      if (head.phase !== 'done' || !head.outcome) return taken;
      live.shift();
      taken.push({ kind: 'tools', calls: [head], item: { ...finishedCall(head), kind: 'tool_call', id: options.newId('tool'), toolName: head.toolName } });
      continue;
    }
    if (head.kind === 'thinking') {
      if (!head.closed) return taken;
      live.shift();
      const text = head.text.trim();
      taken.push({ kind: 'thinking', item: text !== '' ? { kind: 'thinking', id: options.newId('thinking'), text } : undefined });
      continue;
    }
    if (head.closed) {
      live.shift();
      const text = head.text.trim();
      taken.push({ kind: 'text', chars: head.text.length, item: text !== '' ? { kind: 'assistant_text', id: options.newId('text'), text, continuation: head.continuation } : undefined });
      continue;
    }
    const { finished, rest } = splitFinishedMarkdown(head.text);
    if (finished.trim() !== '' && finished.length > options.finishedTextHeld()) {
      taken.push({ kind: 'text', chars: finished.length, item: { kind: 'assistant_text', id: options.newId('text'), text: finished.trim(), continuation: head.continuation } });
      head.printed.push(finished.trim());
      head.text = rest;
      head.continuation = true;
    }
    return taken;
  }
  return taken;
}

/** A finished subagent call: its output, and its last progress event (which holds the child's whole conversation). */
export type ChildWork = { readonly data: unknown; readonly progress: readonly unknown[] };

/** What a finished call leaves for the transcript view (Ctrl+O): a successful subagent call's work, else nothing. */
export function childWorkOf(segment: ToolSegment): ChildWork | undefined {
  const last = segment.progress.at(-1);
  if (segment.outcome?.status !== 'success' || !carriesChildConversation(last)) return undefined;
  return { data: segment.outcome.data, progress: [last] };
}

/** Progress that carries a child's conversation (a subagent's: src/agents/agentProgress.ts). */
function carriesChildConversation(progress: unknown): boolean {
  return typeof progress === 'object' && progress !== null && Array.isArray((progress as { readonly transcript?: unknown }).transcript);
}

function finishedCall(segment: ToolSegment): FinishedGroupCall {
  const outcome = segment.outcome!;
  return { id: segment.id, input: segment.input, status: outcome.status, data: outcome.data, resultText: outcome.resultText, progress: segment.progress };
}
