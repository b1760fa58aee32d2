import type { SlashCommand } from '../types.js';
import { formatCount } from '../../utils/format.js';

export const costCommand: SlashCommand = {
  name: 'cost',
  description: 'Show tokens used and the estimated cost of this session',
  run(_args, context) {
    const tracker = context.session.costTracker;
    const usage = tracker.totalUsage();
    const lines = [
      `Estimated cost:  ${formatUsd(tracker.totalCostUsd)}`,
      `API time:        ${formatDuration(tracker.totalApiDurationMs)}`,
      `Input tokens:    ${formatCount(usage.input_tokens)}` +
        (usage.cache_read_input_tokens || usage.cache_creation_input_tokens
          ? ` (+${formatCount(usage.cache_read_input_tokens)} cache read, ${formatCount(usage.cache_creation_input_tokens)} cache write)`
          : ''),
      `Output tokens:   ${formatCount(usage.output_tokens)}`,
    ];
    for (const [model, entry] of tracker.modelUsage) {
      lines.push(`  ${model}: ${formatUsd(entry.cost_usd)}`);
    }
    if (tracker.agentUsage.size > 0) {
      lines.push('Subagents (included above):');
      for (const [agentType, agent] of tracker.agentUsage) {
        const models = [...agent.modelUsage.keys()].join(', ');
        const tokens = agent.totalUsage();
        lines.push(`  ${agentType}: ${formatUsd(agent.totalCostUsd)} · ${formatCount(tokens.input_tokens + tokens.output_tokens)} tokens · ${models}`);
      }
    }
    return { type: 'text', text: lines.join('\n') };
  },
};

export function formatUsd(amount: number): string {
  return amount > 0 && amount < 0.01 ? `$${amount.toFixed(4)}` : `$${amount.toFixed(2)}`;
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
