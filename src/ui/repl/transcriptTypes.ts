/**
 * What the REPL screen is made of. Finished items are printed once into
 * <Static> and never change; live segments are the unfinished tail (text
 * still streaming, tools still running) that the live area repaints.
 */
import type { ToolCallStatus } from '../../services/tools/toolExecution.js';

export type NoticeTone = 'info' | 'warning' | 'error' | 'interrupted';

export type TranscriptItem =
  | { readonly kind: 'welcome'; readonly id: string; readonly version: string; readonly model: string; readonly cwd: string }
  | { readonly kind: 'user_prompt'; readonly id: string; readonly text: string }
  /** A finished run of assistant markdown; `continuation` when an earlier part of the same block was printed already. */
  | { readonly kind: 'assistant_text'; readonly id: string; readonly text: string; readonly continuation: boolean }
  | { readonly kind: 'thinking'; readonly id: string; readonly text: string }
  /** A plan the model asks to carry out (ExitPlanMode), printed in full above the approval dialog. */
  | { readonly kind: 'plan'; readonly id: string; readonly text: string }
  | {
      readonly kind: 'tool_call';
      readonly id: string;
      readonly toolName: string;
      readonly input: unknown;
      readonly status: ToolCallStatus;
      /** The tool's own output, for its result renderer (success only). */
      readonly data?: unknown;
      /** The tool_result text the model got, bounded; the fallback body and the error/rejection reason. */
      readonly resultText: string;
      /** What the call reported while it ran (the newest events), for its result renderer. */
      readonly progress: readonly unknown[];
      /** Drawn from a resumed conversation: no `data`, the result is the model's text. */
      readonly replayed?: boolean;
    }
  /** Calls of one tool from one assistant message, printed as one block once all finished (see LiveToolSegment.batch). */
  | { readonly kind: 'tool_group'; readonly id: string; readonly toolName: string; readonly calls: readonly FinishedGroupCall[] }
  | { readonly kind: 'command'; readonly id: string; readonly input: string; readonly output: string; readonly tone: 'info' | 'error' }
  | { readonly kind: 'notice'; readonly id: string; readonly tone: NoticeTone; readonly text: string }
  /** An item already printed whose payload was released (Static never looks back). */
  | { readonly kind: 'released'; readonly id: string };

import type { ToolPhase } from '../../contract/toolRenderers.js';
export type { ToolPhase };

export type FinishedGroupCall = {
  readonly id: string;
  readonly input: unknown;
  readonly status: ToolCallStatus;
  readonly data?: unknown;
  readonly resultText: string;
  readonly progress: readonly unknown[];
};

export type LiveToolSegment = {
  readonly kind: 'tool';
  readonly id: string;
  readonly toolName: string;
  /** The assistant message the call came from (calls the REPL ran itself have none): calls of one message may form a group. */
  readonly batch?: number;
  /** The input as far as it is known: parsed from partial JSON while streaming, then the parsed input. */
  readonly input: unknown;
  readonly phase: ToolPhase;
  /** The newest progress events, bounded. */
  readonly progress: readonly unknown[];
  readonly startedAt?: number;
  readonly status?: ToolCallStatus;
  readonly data?: unknown;
  readonly resultText?: string;
};

export type LiveTextSegment = {
  readonly kind: 'text';
  readonly id: string;
  readonly text: string;
  readonly continuation: boolean;
  /** The finished paragraphs of this reply already printed to the scroll-back, in order: the live text continues them. */
  readonly printed?: readonly string[];
};
export type LiveThinkingSegment = { readonly kind: 'thinking'; readonly id: string; readonly text: string };

export type LiveSegment = LiveTextSegment | LiveThinkingSegment | LiveToolSegment;

export type TurnActivity = 'requesting' | 'thinking' | 'writing' | 'tool_input' | 'running_tools';

export type TurnStatus = {
  readonly startedAt: number;
  readonly activity: TurnActivity;
  /** Output tokens of this turn: reported usage of finished responses plus an estimate of the one streaming. */
  readonly outputTokens: number;
  /** Set while hooks run ("Running PreToolUse hook for Bash"): the spinner says so instead of the activity. */
  readonly hooks?: string;
  /** Set while a failed request waits to be retried: the spinner line counts down to the next attempt. */
  readonly retry?: RetryStatus;
};

export type RetryStatus = {
  /** The retry about to be made (1 for the first). */
  readonly attempt: number;
  readonly maxRetries?: number;
  /** When the next attempt starts (epoch ms). */
  readonly resumesAt: number;
  /** What failed, in a few words ("API overloaded"). */
  readonly reason: string;
};

export type TranscriptSnapshot = {
  /** A fresh array per snapshot (Ink's <Static> takes a mutable one); never modified after publication. */
  readonly staticItems: TranscriptItem[];
  /** Changes when the transcript is cleared, so <Static> starts over. */
  readonly staticEpoch: number;
  readonly live: readonly LiveSegment[];
  readonly turn: TurnStatus | undefined;
};
