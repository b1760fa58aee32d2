/**
 * The render functions a tool's UI.tsx exports. They are small presentational
 * components: they receive data and return Ink elements, and never decide
 * anything. Tools load them lazily (Tool.ui) so headless runs never load Ink.
 */
import type { ReactNode } from 'react';

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
  renderToolResultMessage?(output: Output, input: Input, options: RenderOptions): ReactNode;
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
};
