/**
 * The store's working copy of what is still live: mutable segments it
 * appends to as events arrive, and their read-only views for the screen.
 */
import type { ToolCallOutcome } from '../../services/tools/toolExecution.js';
import type { ToolResultBlockParam } from '../../types/messages.js';
import { parsePartialJson } from '../tools/partialJson.js';
import type { LiveSegment, ToolPhase } from './transcriptTypes.js';

const MAX_PROGRESS_EVENTS = 20;
/** Tool result text kept for display; the model got the full text, the screen needs the first screenful. */
const MAX_RESULT_TEXT_CHARS = 20_000;

export type TextSegment = { kind: 'text'; id: string; text: string; continuation: boolean; closed: boolean; printed: string[] };
export type ThinkingSegment = { kind: 'thinking'; id: string; text: string; closed: boolean };
export type ToolSegment = {
  kind: 'tool';
  id: string;
  toolName: string;
  /** The assistant message (request) the call came from; undefined for calls the REPL ran itself. */
  batch: number | undefined;
  /** Set once that message is complete: no more calls will join its group. */
  messageComplete: boolean;
  /** The input JSON streamed so far, until the input is final. */
  partialJson: string;
  /** partialJson's length when `input` was last parsed from it. */
  parsedFrom: number;
  input: unknown;
  inputFinal: boolean;
  phase: ToolPhase;
  progress: unknown[];
  startedAt?: number;
  outcome?: Pick<ToolCallOutcome, 'status' | 'data'> & { readonly resultText: string };
};
export type Segment = TextSegment | ThinkingSegment | ToolSegment;

export function newToolSegment(options: { id: string; toolName: string; batch: number | undefined; input: unknown; inputFinal: boolean; phase: ToolPhase; now: number }): ToolSegment {
  return {
    kind: 'tool',
    id: options.id,
    toolName: options.toolName,
    batch: options.batch,
    messageComplete: options.batch === undefined,
    partialJson: '',
    parsedFrom: 0,
    input: options.input,
    inputFinal: options.inputFinal,
    phase: options.phase,
    progress: [],
    ...(options.phase === 'running' ? { startedAt: options.now } : {}),
  };
}

export function addProgress(tool: ToolSegment, progress: unknown): void {
  tool.progress.push(progress);
  if (tool.progress.length > MAX_PROGRESS_EVENTS) tool.progress.splice(0, tool.progress.length - MAX_PROGRESS_EVENTS);
}

/** The read-only view the screen gets; a streaming tool input is parsed here, at most once per publication. */
export function liveViewOf(segment: Segment): LiveSegment {
  switch (segment.kind) {
    case 'text':
      return { kind: 'text', id: segment.id, text: segment.text, continuation: segment.continuation, ...(segment.printed.length > 0 ? { printed: [...segment.printed] } : {}) };
    case 'thinking':
      return { kind: 'thinking', id: segment.id, text: segment.text };
    case 'tool':
      if (!segment.inputFinal && segment.partialJson.length !== segment.parsedFrom) {
        segment.input = parsePartialJson(segment.partialJson) ?? segment.input;
        segment.parsedFrom = segment.partialJson.length;
      }
      return {
        kind: 'tool',
        id: segment.id,
        toolName: segment.toolName,
        ...(segment.batch !== undefined ? { batch: segment.batch } : {}),
        input: segment.input,
        phase: segment.phase,
        progress: [...segment.progress],
        ...(segment.startedAt !== undefined ? { startedAt: segment.startedAt } : {}),
        ...(segment.outcome ? { status: segment.outcome.status, data: segment.outcome.data, resultText: segment.outcome.resultText } : {}),
      };
  }
}

export function boundedResultText(result: ToolResultBlockParam): string {
  const content = result.content;
  const text =
    typeof content === 'string'
      ? content
      : (content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
  return text.length > MAX_RESULT_TEXT_CHARS ? `${text.slice(0, MAX_RESULT_TEXT_CHARS)}\n…` : text;
}
