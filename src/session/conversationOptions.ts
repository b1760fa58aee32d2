/**
 * How a conversation is made and driven: the options of a main or child
 * conversation (src/session/conversationSession.ts) and of one turn.
 */
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { Tools } from '../contract/tool.js';
import type { CostTracker } from '../services/api/cost.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import type { ReadFileState } from '../contract/readFileState.js';
import type { UserInteraction } from '../types/userInteraction.js';
import type { TextFileAccess } from '../contract/textFileAccess.js';
import type { SessionLifecycleListener } from './lifecycle.js';
import type { Session } from './session.js';
import type { LoadedTranscript } from './transcript/loadTranscript.js';

export type ConversationSessionOptions = {
  readonly session: Session;
  /** Where transcripts go: false with --no-session-persistence. */
  readonly persist: boolean;
  /** A saved conversation to continue (its id is kept unless `forkFrom` is set). */
  readonly resumed?: { readonly transcript: LoadedTranscript; readonly file: string; readonly fork: boolean; readonly keepModel: boolean; readonly keepMode: boolean };
  readonly lifecycle?: SessionLifecycleListener;
  /** Child conversations: their own system prompt, tools, read-file state, sidechain transcript. */
  readonly systemPrompt?: readonly TextBlockParam[];
  readonly tools?: Tools;
  readonly readFileState?: ReadFileState;
  readonly sidechainTranscript?: string;
  /** A subagent's conversation: where it sits in the agent tree, its limits, model and cost tally. */
  readonly child?: ChildConversationOptions;
  /** Warnings for the user (a transcript that cannot be written, a resumed cwd that is gone). */
  readonly onWarning?: (message: string) => void;
};

export type ChildConversationOptions = {
  /** 1 for a child of the main conversation. */
  readonly depth: number;
  readonly maxTurns: number;
  readonly model: string;
  /** The parent's working directory when the child was started. */
  readonly cwd: string;
  /** Counts towards the session's total and the agent type's share. */
  readonly costTracker: CostTracker;
  readonly agentId: string;
  readonly agentType: string;
  readonly parentToolUseId: string;
  /** The main conversation's id, folder and JSONL (sidechain lines, nested children, hook input). */
  readonly rootSessionId: string;
  readonly rootSessionDir: string;
  readonly rootTranscriptPath: string | undefined;
};

export type TurnOptions = {
  readonly signal: AbortSignal;
  /** The front end's part of the tool environment, e.g. askPermission. */
  readonly env?: Partial<ToolRunEnv>;
  readonly userInteraction?: UserInteraction;
  /** An editor's view of the files (unsaved buffers) for the file tools; absent: the local disk. */
  readonly textFiles?: TextFileAccess;
  /** This turn only (a custom command's `model`); the conversation's model is unchanged. */
  readonly model?: string;
  /** Pass the API's raw stream events up as raw_stream_event (--include-partial-messages). */
  readonly rawStreamEvents?: boolean;
  /** The prompt message's uuid (an Agent SDK client's own, so it can rewind to it); ignored if the conversation has it already. */
  readonly promptUuid?: string;
};

export type CompactResult = { readonly ok: true } | { readonly ok: false; readonly error: string };
