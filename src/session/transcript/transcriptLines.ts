/**
 * The lines of a session transcript (`<session-id>.jsonl`), in Claude Code's
 * shapes so tools that read its transcripts read ours: one JSON object per
 * line, messages in API shape under `message`, linked by `parentUuid`.
 *
 * The conversation is the chain that ends at the last message line: each
 * message names its parent, so a message that replaces another (a prompt
 * merged into the tool results before it, a prompt taken back after an
 * interrupt) is written as a sibling and the file is only ever appended to.
 * A compact boundary has no parent: the chain, read back, stops there, while
 * everything before it stays in the file.
 *
 * Besides messages: `title`, `mode`, `model` and `todos` lines (the newest of
 * each wins on resume). Readers ignore line types they do not know.
 *
 * Key order is part of the format for one reason: a message line ends with
 * its `message`, and the message with its `content`, so the loader can take
 * the content's JSON text straight from the line and a resumed conversation
 * is sent without serialising it again (loadTranscript, requestBody).
 */
import { apiAssistantMessage, type AssistantMessage, type ContentBlockParam, type StopReason, type Usage, type UserMessage } from '../../types/messages.js';
import type { PermissionMode } from '../../contract/permissions.js';
import type { TodoItem } from '../../contract/appState.js';
import type { CompactionTrigger } from '../../query/events.js';
import type { CheckpointLine } from '../checkpoints/checkpointRecord.js';

/** Fields every conversation line carries. */
export type LineEnvelope = {
  readonly uuid: string;
  readonly parentUuid: string | null;
  readonly sessionId: string;
  readonly timestamp: string;
  readonly cwd: string;
  readonly gitBranch?: string;
  readonly version: string;
  readonly isSidechain: boolean;
  readonly userType: 'external';
  /** A message kept verbatim across a compaction (its usage describes the context before it). */
  readonly isCompactCarried?: boolean;
  /** Sidechain lines: which subagent wrote them, and the parent's Agent tool_use they answer. */
  readonly agentId?: string;
  readonly parentToolUseId?: string;
};

export type UserLine = LineEnvelope & {
  readonly type: 'user';
  readonly message: { readonly role: 'user'; readonly content: string | ContentBlockParam[] };
  readonly isMeta?: boolean;
  /** The summary that opens a compacted conversation. */
  readonly isCompactSummary?: boolean;
  /** One tool's result, written as it arrives; the whole answer follows as its own line. */
  readonly isToolResultPart?: boolean;
};

export type AssistantLine = LineEnvelope & {
  readonly type: 'assistant';
  readonly message: {
    readonly id: string;
    readonly type: 'message';
    readonly role: 'assistant';
    readonly model: string;
    readonly content: ContentBlockParam[];
    readonly stop_reason: StopReason | null;
    readonly stop_sequence: null;
    readonly usage: Usage;
  };
};

export type CompactBoundaryLine = LineEnvelope & {
  readonly type: 'system';
  readonly subtype: 'compact_boundary';
  readonly content: string;
  /** The message the pre-compaction conversation ended with (the chain is cut here). */
  readonly logicalParentUuid: string | null;
  readonly compactMetadata: { readonly trigger: CompactionTrigger; readonly preTokens: number; readonly postTokens: number };
};

export type TitleLine = { readonly type: 'title'; readonly sessionId: string; readonly title: string; readonly timestamp: string };
export type ModeLine = { readonly type: 'mode'; readonly sessionId: string; readonly mode: PermissionMode; readonly timestamp: string };
export type ModelLine = { readonly type: 'model'; readonly sessionId: string; readonly model: string; readonly timestamp: string };
export type TodosLine = { readonly type: 'todos'; readonly sessionId: string; readonly todos: readonly TodoItem[]; readonly timestamp: string };

export type MessageLine = UserLine | AssistantLine;
export type TranscriptLine = MessageLine | CompactBoundaryLine | TitleLine | ModeLine | ModelLine | TodosLine | CheckpointLine;
export type MetadataLine = TitleLine | ModeLine | ModelLine | TodosLine;

export function messageOfLine(line: MessageLine): UserMessage | AssistantMessage {
  if (line.type === 'user') {
    return {
      type: 'user',
      uuid: line.uuid,
      timestamp: line.timestamp,
      content: line.message.content,
      ...(line.isMeta ? { isMeta: true } : {}),
      ...(line.isCompactSummary ? { isCompactSummary: true } : {}),
    };
  }
  return {
    type: 'assistant',
    uuid: line.uuid,
    timestamp: line.timestamp,
    id: line.message.id,
    model: line.message.model,
    content: line.message.content,
    stopReason: line.message.stop_reason,
    usage: line.message.usage,
  };
}

export function lineOfMessage(message: UserMessage | AssistantMessage, envelope: Omit<LineEnvelope, 'uuid' | 'timestamp'>): MessageLine {
  const base = { ...envelope, uuid: message.uuid, timestamp: message.timestamp };
  if (message.type === 'user') {
    return {
      ...base,
      type: 'user',
      ...(message.isMeta ? { isMeta: true } : {}),
      ...(message.isCompactSummary ? { isCompactSummary: true } : {}),
      message: { role: 'user', content: message.content },
    };
  }
  const { content, ...rest } = apiAssistantMessage(message);
  return {
    ...base,
    type: 'assistant',
    message: { ...rest, content },
  };
}
