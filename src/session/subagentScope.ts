/**
 * What a child started during a turn inherits from the conversation running
 * it: the turn's tool environment (so a child's permission asks reach the
 * same dialog and "don't ask again" saves the same rules), the front end's
 * interaction and files, and how deep in the agent tree the caller already
 * is. The conversation hands it to the session's launcher factory (wired by
 * src/app/), which turns it into the SubagentLauncher tools see.
 */
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { UserInteraction } from '../types/userInteraction.js';
import type { TextFileAccess } from '../contract/textFileAccess.js';

export type SubagentScope = {
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
