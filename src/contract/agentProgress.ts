/**
 * What a running child reports to its parent's front end: a status line
 * (current tool and its argument, tool uses, tokens, elapsed time, and the
 * agents it started itself), each message the child adds to its
 * conversation (stream-json emits it with `parent_tool_use_id`), and the
 * child's whole conversation so far (the REPL's transcript view, Ctrl+O).
 *
 * A nested agent's progress is passed up through every level: its status
 * joins its parent's `nested`, and its messages travel up tagged with the
 * Agent call they belong to, so the top-level front end sees them too.
 */
import type { AssistantMessage, ConversationMessage, UserMessage } from '../types/messages.js';

export type AgentStatus = {
  readonly agentId: string;
  readonly agentType: string;
  readonly description: string;
  readonly toolUses: number;
  /** Tokens in the child's context after its latest response. */
  readonly tokens: number;
  readonly elapsedMs: number;
  /** The tool the child is running now, with a short form of its main argument. */
  readonly currentTool?: { readonly name: string; readonly argument: string };
  /** Agents this child started that are still running (their own nested ones inside), in call order. */
  readonly nested?: readonly AgentStatus[];
};

export type AgentProgress = {
  readonly kind: 'agent';
  readonly status: AgentStatus;
  /** A message just added to the child's conversation, or to a nested agent's (see messageToolUseId). */
  readonly message?: AssistantMessage | UserMessage;
  /** The Agent call a nested agent's message belongs to; absent for the child's own messages. */
  readonly messageToolUseId?: string;
  /**
   * The child's own conversation so far, after its delegated prompt: a new array per message,
   * shared by the reports in between (never modified), so keeping the latest report keeps it all.
   */
  readonly transcript: readonly ConversationMessage[];
};

export function isAgentProgress(progress: unknown): progress is AgentProgress {
  return typeof progress === 'object' && progress !== null && Reflect.get(progress, 'kind') === 'agent' && typeof Reflect.get(progress, 'status') === 'object';
}

const ARGUMENT_KEYS = ['command', 'file_path', 'notebook_path', 'pattern', 'path', 'url', 'query', 'description', 'prompt'];

/** The argument a person would recognise a call by: the command, the file, the pattern … */
export function mainArgument(input: unknown, maxChars = 60): string {
  if (typeof input !== 'object' || input === null) return '';
  for (const key of ARGUMENT_KEYS) {
    const value: unknown = Reflect.get(input, key);
    if (typeof value === 'string' && value.trim() !== '') {
      const line = value.trim().split('\n')[0]!;
      return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
    }
  }
  return '';
}

/** "3 tool uses · 12.4k tokens · 8s" — the footer of the result and the REPL's status line. */
export function describeAgentWork(status: Pick<AgentStatus, 'toolUses' | 'tokens' | 'elapsedMs'>): string {
  const uses = `${status.toolUses} tool ${status.toolUses === 1 ? 'use' : 'uses'}`;
  const tokens = status.tokens >= 1000 ? `${(status.tokens / 1000).toFixed(1)}k tokens` : `${status.tokens} tokens`;
  const seconds = status.elapsedMs / 1000;
  const elapsed = seconds < 10 ? `${seconds.toFixed(1)}s` : seconds < 60 ? `${Math.round(seconds)}s` : `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s`;
  return `${uses} · ${tokens} · ${elapsed}`;
}
