/**
 * Extended thinking: whether a query's requests ask the model to think, and
 * how. Decided once per user prompt, because every request of one tool-use
 * loop must agree (the API rejects a thinking request whose last assistant
 * turn has tool use but no thinking block).
 *
 * Two styles, from the model table:
 * - `budget` models take `thinking: {type: 'enabled', budget_tokens}`; the
 *   budget comes from `--max-thinking-tokens`, else from words in the prompt
 *   ("think hard" 10,000; "ultrathink" 31,999), else from the
 *   `alwaysThinkingEnabled` setting (31,999). max_tokens is raised above the
 *   budget (within the model's output limit) so an answer still fits.
 * - `adaptive` models decide how much to think themselves and refuse a
 *   budget; they get `thinking: {type: 'adaptive'}` plus an effort level:
 *   `--effort`, else "high" when the prompt asks for hard thinking. A
 *   `--max-thinking-tokens` number is mapped onto an effort level.
 * `--max-thinking-tokens 0` turns thinking off for either style.
 */
import type { OutputConfig, ThinkingConfigParam } from '@anthropic-ai/sdk/resources/messages';
import { modelSpec, thinkingStyleOf } from './models.js';

export type Effort = 'low' | 'medium' | 'high';
export const EFFORT_LEVELS: readonly Effort[] = ['low', 'medium', 'high'];

export type ThinkingSettings = {
  /** `--max-thinking-tokens`: 0 turns thinking off; a number sets the budget. */
  readonly maxThinkingTokens?: number;
  /** `--effort` for adaptive models. */
  readonly effort?: Effort;
  /** Settings `alwaysThinkingEnabled`. */
  readonly alwaysThinking?: boolean;
};

export type ThinkingRequest = {
  readonly thinking?: ThinkingConfigParam;
  readonly outputConfig?: OutputConfig;
  /** max_tokens must be at least this (the budget plus room for the answer). */
  readonly minMaxTokens?: number;
};

export const ULTRATHINK_BUDGET = 31_999;
export const HARD_THINK_BUDGET = 10_000;
const MIN_BUDGET = 1_024;
/** Room for the visible answer on top of a thinking budget. */
const ANSWER_ROOM = 8_000;

const ULTRATHINK = /\b(ultrathink|think harder|think intensely|think longer|think super hard|think really hard|think very hard)\b/i;
const HARD_THINK = /\b(think hard|think deeply|think carefully|megathink|think a lot)\b/i;

/** The budget the prompt's own words ask for, if any. */
export function promptThinkingBudget(prompt: string): number | undefined {
  if (ULTRATHINK.test(prompt)) return ULTRATHINK_BUDGET;
  if (HARD_THINK.test(prompt)) return HARD_THINK_BUDGET;
  return undefined;
}

export function thinkingForPrompt(prompt: string, model: string, settings: ThinkingSettings): ThinkingRequest {
  if (settings.maxThinkingTokens === 0) return { thinking: { type: 'disabled' } };
  const fromPrompt = promptThinkingBudget(prompt);
  const budget = settings.maxThinkingTokens ?? fromPrompt ?? (settings.alwaysThinking ? ULTRATHINK_BUDGET : undefined);

  if (thinkingStyleOf(model) === 'adaptive') {
    const effort = settings.effort ?? (settings.maxThinkingTokens !== undefined ? effortForBudget(settings.maxThinkingTokens) : fromPrompt ? 'high' : undefined);
    if (budget === undefined && effort === undefined) return {};
    return { thinking: { type: 'adaptive' }, ...(effort ? { outputConfig: { effort } } : {}) };
  }

  if (budget === undefined) return {};
  const outputLimit = modelSpec(model)?.maxOutputTokens ?? 64_000;
  const budgetTokens = Math.max(MIN_BUDGET, Math.min(budget, outputLimit - ANSWER_ROOM));
  return {
    thinking: { type: 'enabled', budget_tokens: budgetTokens },
    minMaxTokens: Math.min(outputLimit, budgetTokens + ANSWER_ROOM),
  };
}

function effortForBudget(tokens: number): Effort {
  if (tokens < 4_000) return 'low';
  if (tokens < 16_000) return 'medium';
  return 'high';
}

/**
 * The Agent SDK also passes Claude Code's `xhigh` and `max`; agentcli's
 * highest level is `high`, so they ask for that rather than fail the run.
 */
const ABOVE_HIGH = new Set(['xhigh', 'max']);

export function parseEffort(value: string): Effort {
  const lower = value.trim().toLowerCase();
  if (ABOVE_HIGH.has(lower)) return 'high';
  const level = EFFORT_LEVELS.find((candidate) => candidate === lower);
  if (level) return level;
  throw new Error(`--effort must be one of ${EFFORT_LEVELS.join(', ')}; got "${value}"`);
}
