/**
 * The facts of the status line, as short strings. Pure, so the wording and
 * the shortening rules are unit tests.
 */
import os from 'node:os';
import path from 'node:path';

/** `window`: the model's context window (the model table's). */
export function formatContextUsed(tokens: number, window: number): string | undefined {
  if (tokens <= 0) return undefined;
  const percent = Math.min(100, Math.round((tokens / window) * 100));
  return `${percent}% context used`;
}

/**
 * How urgent the context figure looks: yellow from 70 % of the window, red
 * from five points below the automatic compaction threshold (or 90 % when
 * automatic compaction is off), so the user sees compaction coming.
 */
export function contextTone(tokens: number, window: number, autoCompactPercent: number | undefined): 'normal' | 'warning' | 'critical' {
  const percent = (tokens / window) * 100;
  const critical = autoCompactPercent === undefined ? 90 : Math.max(autoCompactPercent - 5, 0);
  if (percent >= critical && percent >= 70) return 'critical';
  if (percent >= 70) return 'warning';
  return 'normal';
}

export function formatCost(usd: number): string | undefined {
  if (usd <= 0) return undefined;
  return usd < 0.01 ? '<$0.01' : `$${usd.toFixed(2)}`;
}

/** `~/src/app`, and for deep paths only the last folders: `…/packages/core`. */
export function shortenPath(cwd: string, maxChars = 30, home = os.homedir()): string {
  const withHome = home && (cwd === home || cwd.startsWith(home + path.sep)) ? `~${cwd.slice(home.length)}` : cwd;
  if (withHome.length <= maxChars) return withHome;
  const parts = withHome.split(path.sep).filter(Boolean);
  let tail = parts.at(-1) ?? withHome;
  for (let index = parts.length - 2; index >= 0; index--) {
    const candidate = `${parts[index]}${path.sep}${tail}`;
    if (candidate.length + 2 > maxChars) break;
    tail = candidate;
  }
  return `…${path.sep}${tail}`;
}
