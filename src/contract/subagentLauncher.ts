/**
 * How the Agent tool starts a child conversation without knowing how one
 * runs: it asks the launcher in its context. The conversation running the
 * turn puts one there (made by the composition root, src/app/, implemented
 * in src/agents/), so the tool, the contract and the engine name no
 * subagent code, and a context without a launcher simply cannot delegate.
 */
import type { AgentDefinition } from './agentDefinition.js';
import type { AgentProgress } from './agentProgress.js';
import type { ToolUseContext } from './tool.js';

/** How a child's run ended when it returned an answer (the other endings are thrown as failures). */
export type SubagentStopReason = 'completed' | 'max_turns' | 'max_budget' | 'structured_output_failed' | 'stopped_by_hook';

export type SubagentRequest = {
  readonly agent: AgentDefinition;
  readonly prompt: string;
  readonly description: string;
  /** The call's `model` (overrides the agent's). */
  readonly model?: string;
  /** Stops the child (the parent's call signal, or a background task's own). */
  readonly signal: AbortSignal;
  readonly onProgress?: (progress: AgentProgress) => void;
  /** The id to use (a background task announces it before the child starts). */
  readonly agentId?: string;
};

export type SubagentResult = {
  readonly agentId: string;
  readonly agentType: string;
  readonly model: string;
  /** The child's final answer. */
  readonly text: string;
  readonly stopReason: SubagentStopReason;
  readonly turns: number;
  readonly toolUses: number;
  readonly tokens: number;
  readonly durationMs: number;
  readonly transcriptPath: string | undefined;
};

export interface SubagentLauncher {
  /**
   * The main conversation of the agent tree: inside a child, hooks still
   * report its id and transcript (as Claude Code's do).
   */
  readonly mainSession: { readonly id: string; readonly dir: string; readonly transcriptPath: string | undefined };
  /**
   * Runs one child of the conversation whose turn made `parent` to its
   * final answer. Throws an Error whose message the parent's model should
   * read when the child could not finish.
   */
  run(request: SubagentRequest, parent: ToolUseContext): Promise<SubagentResult>;
}

/**
 * Runs a child for one tool call under a controller of its own: the call's abort (Esc, the turn ending)
 * reaches the child, and the child's own stop never reaches the call. The Agent tool and a forked skill
 * start their children this way.
 */
export async function runChildOfCall(
  launcher: SubagentLauncher,
  request: Omit<SubagentRequest, 'signal'>,
  parent: ToolUseContext,
): Promise<SubagentResult> {
  const child = new AbortController();
  const stopChild = (): void => child.abort(parent.abortSignal.reason);
  if (parent.abortSignal.aborted) stopChild();
  parent.abortSignal.addEventListener('abort', stopChild, { once: true });
  try {
    return await launcher.run({ ...request, signal: child.signal }, parent);
  } finally {
    parent.abortSignal.removeEventListener('abort', stopChild);
  }
}
