import type { SpendCap } from '../../session/spendCap.js';
import type { CommandResult } from '../custom/commandResult.js';
import type { SlashCommand } from '../types.js';
import { formatUsd } from './cost.js';

/**
 * `/budget <usd>` sets the session's spend cap (--max-budget-usd, the
 * settings' `budget`) — typically to raise it after a turn stopped at it; the
 * next prompt runs under the new cap. `/budget off` removes it; `/budget`
 * alone says where the session stands.
 */
export const budgetCommand: SlashCommand = {
  name: 'budget',
  description: 'Show or change the session\'s spend cap in US dollars (raise it to continue after a stop)',
  argumentHint: '[usd|off]',
  run: (args, context) => budgetAnswer(args, context.session.spendCap),
  async textForm(args, session) {
    const answer = budgetAnswer(args, session.spendCap);
    return { text: answer.text, ...(answer.tone === 'error' ? { error: true } : {}) };
  },
};

/** What /budget answers and does, in every front end that offers it (the REPL, an ACP editor). */
export function budgetAnswer(args: string, cap: SpendCap): CommandResult & { readonly type: 'text' } {
  const requested = args.trim().replace(/^\$/, '');
  if (requested === '') {
    const spent = formatUsd(cap.spentUsd);
    if (cap.maxUsd === undefined) return { type: 'text', text: `Spent ${spent}; no spend cap is set (/budget <usd> sets one).` };
    return { type: 'text', text: `Spent ${spent} of the ${formatUsd(cap.maxUsd)} spend cap${cap.reached ? ' — reached: /budget <usd> raises it' : ''}.` };
  }
  if (requested === 'off') {
    cap.setMaxUsd(undefined);
    return { type: 'text', text: 'Spend cap removed for this session.' };
  }
  const amount = Number(requested);
  if (!Number.isFinite(amount) || amount <= 0) return { type: 'text', tone: 'error', text: `"${args.trim()}" is not an amount in US dollars (e.g. /budget 10).` };
  cap.setMaxUsd(amount);
  const note = cap.reached ? ` It is already spent (${formatUsd(cap.spentUsd)}): the next prompt stops at once.` : '';
  return { type: 'text', text: `Spend cap set to ${formatUsd(amount)} for this session.${note}` };
}
