/**
 * Token figures for compaction and /context. The API's own count of a
 * response (`usage`) is exact and is used whenever there is one; between
 * responses, sizes are estimated at four characters of JSON per token —
 * close enough to choose what to keep, never used to bill.
 */
import type { Usage } from '../../types/messages.js';
import type { ConversationMessage } from '../../types/messages.js';

export const CHARS_PER_TOKEN = 4;

/** Everything a response cost the window: what was sent (cached or not) plus what came back. */
export function usedTokens(usage: Usage): number {
  return usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + usage.output_tokens;
}

export function estimateTokens(value: unknown): number {
  if (value === undefined) return 0;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: ConversationMessage): number {
  return estimateTokens(message.content);
}

export function estimateConversationTokens(messages: readonly ConversationMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}

/** `AGENTCLI_AUTOCOMPACT_PCT` (default 80); 0, `off` or `false` turns automatic compaction off. */
export function autoCompactPercent(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.AGENTCLI_AUTOCOMPACT_PCT?.trim().toLowerCase();
  if (raw === undefined || raw === '') return 80;
  if (raw === 'off' || raw === 'false') return undefined;
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value)) return 80;
  if (value <= 0) return undefined;
  return Math.min(value, 100);
}
