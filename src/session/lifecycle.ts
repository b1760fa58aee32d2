/**
 * The points in a conversation's life that outside code (hooks, front ends)
 * can attach to. Listeners are awaited in order, so a hook may finish its
 * work (say, save a copy of the transcript before compaction) before the
 * session goes on.
 *
 * - session_start: `startup` (a new conversation), `resume` (--continue,
 *   --resume, /resume), `clear` (/clear), `compact` (after a compaction).
 * - pre_compact: before the summary request; `trigger` manual (/compact) or auto.
 * - post_compact: the compaction succeeded; `summary` is the new conversation's summary text.
 * - session_end: the conversation is left: `exit`, `clear`, `resume` (another one taken up).
 *
 * Every event names the session and its transcript (undefined with
 * --no-session-persistence).
 */
import type { CompactionTrigger } from '../query/events.js';

export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';
export type SessionEndReason = 'exit' | 'clear' | 'resume';

type Identity = { readonly sessionId: string; readonly transcriptPath: string | undefined; readonly cwd: string };

export type SessionLifecycleEvent =
  | (Identity & { readonly type: 'session_start'; readonly source: SessionStartSource })
  | (Identity & { readonly type: 'pre_compact'; readonly trigger: CompactionTrigger; readonly instructions: string | undefined })
  | (Identity & { readonly type: 'post_compact'; readonly trigger: CompactionTrigger; readonly summary: string })
  | (Identity & { readonly type: 'session_end'; readonly reason: SessionEndReason });

export type SessionLifecycleListener = (event: SessionLifecycleEvent) => void | Promise<void>;
