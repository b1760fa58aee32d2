/**
 * What the Agent tool needs from the conversation whose turn is running, to
 * start a child: the session engine, the turn's tool environment (so a
 * child's permission asks reach the same dialog and "don't ask again" saves
 * the same rules), and how deep in the agent tree the caller already is.
 * The conversation running the turn puts it in the tool context.
 */
import type { Session } from '../app/createSession.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { UserInteraction } from '../types/userInteraction.js';
import type { TextFileAccess } from '../contract/textFileAccess.js';

export type SubagentScope = {
  readonly session: Session;
  readonly env: ToolRunEnv;
  readonly userInteraction?: UserInteraction;
  /** The editor's view of the files, when the front end has one: a child reads and edits the same buffers. */
  readonly textFiles?: TextFileAccess;
  /** 0 for the main conversation, 1 for its children … */
  readonly depth: number;
  /** Whether transcripts are written (false with --no-session-persistence). */
  readonly persist: boolean;
  /** The main conversation's session folder: sidechains go under its subagents/. */
  readonly sessionDir: string;
  /** The main conversation's id (sidechain lines carry it, as Claude Code's do). */
  readonly sessionId: string;
  /** The main conversation's JSONL: a child's hooks get it as transcript_path (undefined when nothing is saved). */
  readonly transcriptPath: string | undefined;
};
