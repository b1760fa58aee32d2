/** The line the REPL prints after a compaction, so the user sees what happened and where the rest is. */
import type { QueryEvent } from '../../query/events.js';
import { plural } from '../../utils/format.js';

export function compactionNotice(event: Extract<QueryEvent, { type: 'compact_boundary' }>): string {
  const kept = event.keptTurns > 0 ? `kept the last ${plural(event.keptTurns, 'turn')}` : 'kept the latest request';
  return `Compacted ${tokens(event.tokensBefore)} → ${tokens(event.tokensAfter)} tokens · ${kept} · full history in the transcript`;
}

export function tokens(count: number): string {
  if (count >= 1_000_000) return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (count >= 1_000) return `${Math.round(count / 1_000)}k`;
  return String(count);
}
