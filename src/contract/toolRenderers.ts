/**
 * The render functions a tool's UI.tsx exports. They are small presentational
 * components: they receive data and return Ink elements, and never decide
 * anything. Tools load them lazily (Tool.ui) so headless runs never load Ink.
 */
import type { ReactNode } from 'react';

/** How a finished call ended, as the UI shows it. */
export type ToolCallStatus = 'success' | 'error' | 'denied' | 'rejected' | 'cancelled' | 'interrupted';

/** Where a call is in its life, for the render functions. */
export type ToolPhase = 'streaming_input' | 'queued' | 'running' | 'done';

export type RenderOptions = { readonly verbose: boolean; readonly columns: number };

/**
 * The REPL draws the frame: `● <userFacingName>(<renderToolUseMessage>)`, and
 * under it `⎿  <body>`, where the body comes from the progress, result,
 * rejected or error renderer for the call's state. Renderers return only
 * their own part — no bullet, no ⎿, no tool name.
 */
export type ToolRenderers<Input, Output, Progress> = {
  /** The "● Tool(args)" line; input may still be streaming, so every field is optional. Return '' for no parentheses. */
  renderToolUseMessage(input: Partial<Input>, options: RenderOptions): ReactNode;
  /**
   * A short tag after the use line's parentheses (`● Bash(npm test) sandboxed`), from what the
   * call has reported so far: its progress while it runs, its output once done.
   */
  renderToolUseTag?(progress: readonly Progress[], output: Output | undefined): ReactNode;
  renderToolUseProgressMessage?(progress: readonly Progress[], options: RenderOptions): ReactNode;
  /** `progress`: what the call reported while it ran (the newest events, bounded), e.g. a subagent's whole conversation. */
  renderToolResultMessage?(output: Output, input: Input, options: RenderOptions, progress?: readonly Progress[]): ReactNode;
  renderToolUseRejectedMessage?(input: Input, reason: string, options: RenderOptions): ReactNode;
  renderToolUseErrorMessage?(error: string, options: RenderOptions): ReactNode;
  /**
   * The body of the permission dialog for this call: the command and its
   * description, the diff an edit would make, the URL. Without it the
   * dialog shows the use line and the tool's description.
   */
  renderPermissionRequest?(input: Input, options: RenderOptions): ReactNode;
  /** Parallel calls of one tool may render as one group. */
  renderGroupedToolUse?(inputs: readonly Partial<Input>[], options: RenderOptions): ReactNode;
  /**
   * Several calls of this tool from one assistant message, drawn as one block from the first call
   * until the last one finished, and printed as one block then (Agent: "Running 3 agents…").
   * The REPL draws the bullet; this returns everything after it.
   */
  renderToolGroup?(calls: readonly GroupedToolCall<Input, Output, Progress>[], options: RenderOptions): ReactNode;
};

/** One call of a group, in whatever state it is. */
export type GroupedToolCall<Input, Output, Progress> = {
  readonly id: string;
  /** As far as it is known (the input may still be streaming). */
  readonly input: Partial<Input>;
  readonly phase: ToolPhase;
  readonly progress: readonly Progress[];
  readonly status?: ToolCallStatus;
  /** The tool's output (success only). */
  readonly output?: Output;
  /** The tool_result text: the error or rejection reason when it did not succeed. */
  readonly resultText?: string;
};
