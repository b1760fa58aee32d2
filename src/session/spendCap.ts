/**
 * The session's spend cap (--max-budget-usd, or the settings' `budget`): one
 * value every conversation of the session — the main one and its subagents —
 * checks against the session's whole cost. The loop refuses a request once
 * the cap is reached; the main conversation warns once when the cost passes
 * 80 % of it. The REPL's /budget raises it (a raised cap warns again at its
 * own 80 %).
 */
export const BUDGET_WARNING_SHARE = 0.8;

export type BudgetWarning = { readonly spentUsd: number; readonly maxUsd: number };

export class SpendCap {
  private cap: number | undefined;
  private warnedFor: number | undefined;

  constructor(maxUsd: number | undefined, private readonly spent: () => number) {
    this.cap = maxUsd;
  }

  /** The cap in US dollars; undefined when the session has none. */
  get maxUsd(): number | undefined {
    return this.cap;
  }

  get spentUsd(): number {
    return this.spent();
  }

  get reached(): boolean {
    return this.cap !== undefined && this.spent() >= this.cap;
  }

  /** A new cap (a user's /budget); the 80 % warning is given again for it. */
  setMaxUsd(maxUsd: number | undefined): void {
    this.cap = maxUsd;
    this.warnedFor = undefined;
  }

  /** The 80 % warning, the first time the cost has passed that share of the current cap (never again for that cap). */
  takeWarning(): BudgetWarning | undefined {
    const cap = this.cap;
    if (cap === undefined || this.warnedFor === cap) return undefined;
    const spentUsd = this.spent();
    if (spentUsd < cap * BUDGET_WARNING_SHARE || spentUsd >= cap) return undefined;
    this.warnedFor = cap;
    return { spentUsd, maxUsd: cap };
  }
}

/** The one line a front end shows at 80 %. */
export function budgetWarningText(warning: BudgetWarning): string {
  return `Spent $${warning.spentUsd.toFixed(2)} of the $${formatUsd(warning.maxUsd)} spend cap (${Math.floor((warning.spentUsd / warning.maxUsd) * 100)} %); the session stops at the cap.`;
}

/** The one line a front end shows when a turn stopped at the cap; `raise` names how this front end lifts it. */
export function budgetReachedText(maxUsd: number | undefined, raise?: string): string {
  const cap = maxUsd === undefined ? 'its spend cap' : `its $${formatUsd(maxUsd)} spend cap`;
  return `Stopped: the session reached ${cap}.${raise ? ` ${raise}` : ''}`;
}

export function formatUsd(usd: number): string {
  return Number.isInteger(usd) ? String(usd) : usd.toFixed(2);
}
