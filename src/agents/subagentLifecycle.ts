/**
 * The moment a subagent finishes, for whoever needs to act on it (the
 * SubagentStop hook event). runSubagent calls notifySubagentStop once per
 * child, after its final answer is known and before the parent sees it.
 */
import type { QueryStopReason } from '../query/events.js';

export type SubagentStopEvent = {
  readonly agentId: string;
  readonly agentType: string;
  /** The parent's Agent tool_use id. */
  readonly parentToolUseId: string;
  readonly sessionId: string;
  /** The child's sidechain transcript; undefined when nothing is saved. */
  readonly transcriptPath: string | undefined;
  readonly cwd: string;
  readonly stopReason: QueryStopReason;
  readonly background: boolean;
};

export type SubagentStopListener = (event: SubagentStopEvent) => void | Promise<void>;

const listeners = new Set<SubagentStopListener>();

export function onSubagentStop(listener: SubagentStopListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function notifySubagentStop(event: SubagentStopEvent): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(event);
    } catch {
      // A listener's failure never changes the child's answer.
    }
  }
}
