/**
 * ↑/↓ through earlier prompts and Ctrl+R search, as pure functions over the
 * history list (oldest first). The draft the user was typing is kept so ↓
 * past the newest entry gives it back.
 */
export type HistoryPosition = {
  /** Index into the entries being shown, or undefined while editing the draft. */
  readonly index: number | undefined;
  readonly draft: string;
};

export const AT_DRAFT: HistoryPosition = { index: undefined, draft: '' };

export type HistoryStep = { readonly position: HistoryPosition; readonly text: string } | undefined;

export function historyOlder(entries: readonly string[], position: HistoryPosition, currentText: string): HistoryStep {
  if (entries.length === 0) return undefined;
  if (position.index === undefined) {
    const index = entries.length - 1;
    return { position: { index, draft: currentText }, text: entries[index]! };
  }
  if (position.index === 0) return undefined;
  const index = position.index - 1;
  return { position: { ...position, index }, text: entries[index]! };
}

export function historyNewer(entries: readonly string[], position: HistoryPosition): HistoryStep {
  if (position.index === undefined) return undefined;
  if (position.index >= entries.length - 1) return { position: AT_DRAFT, text: position.draft };
  const index = position.index + 1;
  return { position: { ...position, index }, text: entries[index]! };
}

/**
 * The newest entry containing `query` (case-insensitive) strictly older than
 * `before` (default: search from the newest).
 */
export function searchHistory(entries: readonly string[], query: string, before = entries.length): number | undefined {
  if (query === '') return undefined;
  const needle = query.toLowerCase();
  for (let index = Math.min(before, entries.length) - 1; index >= 0; index--) {
    if (entries[index]!.toLowerCase().includes(needle)) return index;
  }
  return undefined;
}
