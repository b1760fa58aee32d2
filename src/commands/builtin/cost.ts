import type { SlashCommand } from '../types.js';

export const costCommand: SlashCommand = {
  name: 'cost',
  description: 'Show tokens used and the estimated cost of this session',
  run(_args, context) {
    const tracker = context.session.costTracker;
    const usage = tracker.totalUsage();
    const lines = [
      `Estimated cost:  ${formatUsd(tracker.totalCostUsd)}`,
      `API time:        ${formatDuration(tracker.totalApiDurationMs)}`,
      `Input tokens:    ${usage.input_tokens.toLocaleString('en-US')}` +
        (usage.cache_read_input_tokens || usage.cache_creation_input_tokens
          ? ` (+${usage.cache_read_input_tokens.toLocaleString('en-US')} cache read, ${usage.cache_creation_input_tokens.toLocaleString('en-US')} cache write)`
          : ''),
      `Output tokens:   ${usage.output_tokens.toLocaleString('en-US')}`,
    ];
    for (const [model, entry] of tracker.modelUsage) {
      lines.push(`  ${model}: ${formatUsd(entry.cost_usd)}`);
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
