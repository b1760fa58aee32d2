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
