/**
 * The render functions a tool's UI.tsx exports. They are small presentational
 * components: they receive data and return Ink elements, and never decide
 * anything. Tools load them lazily (Tool.ui) so headless runs never load Ink.
 */
import type { ReactNode } from 'react';

export type RenderOptions = { readonly verbose: boolean; readonly columns: number };

export type ToolRenderers<Input, Output, Progress> = {
  /** The "● Tool(args)" line; input may still be streaming, so every field is optional. */
  renderToolUseMessage(input: Partial<Input>, options: RenderOptions): ReactNode;
  renderToolUseProgressMessage?(progress: readonly Progress[], options: RenderOptions): ReactNode;
  renderToolResultMessage?(output: Output, input: Input, options: RenderOptions): ReactNode;
  renderToolUseRejectedMessage?(input: Input, reason: string, options: RenderOptions): ReactNode;
  renderToolUseErrorMessage?(error: string, options: RenderOptions): ReactNode;
  /** Parallel calls of one tool may render as one group. */
  renderGroupedToolUse?(inputs: readonly Partial<Input>[], options: RenderOptions): ReactNode;
};
