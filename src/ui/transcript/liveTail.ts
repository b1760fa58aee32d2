/**
 * The live area must stay shorter than the terminal: when it grows taller,
 * Ink falls back to clearing the whole screen on every repaint (flicker,
 * and scroll-back jumps). Long streaming text therefore shows only its tail
 * while it streams; the full text prints into <Static> once finished.
 */

/** The end of `text` that fits in `maxRows` rows of `columns` width, and whether anything was cut. */
export function tailThatFits(text: string, columns: number, maxRows: number): { readonly text: string; readonly truncated: boolean } {
  const width = Math.max(1, columns);
  const lines = text.split('\n');
  let rows = 0;
  let first = lines.length;
  while (first > 0) {
    const line = lines[first - 1]!;
    const needed = Math.max(1, Math.ceil(line.length / width));
    if (rows + needed > maxRows) break;
    rows += needed;
    first--;
  }
  if (first === 0) return { text, truncated: false };
  if (first === lines.length) {
    // A single line longer than the whole budget: keep its end.
    const last = lines.at(-1)!;
    return { text: last.slice(-(width * maxRows)), truncated: true };
  }
  return { text: lines.slice(first).join('\n'), truncated: true };
}
