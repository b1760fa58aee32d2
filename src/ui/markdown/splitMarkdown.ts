/**
 * Where streaming markdown can be cut so the part before the cut renders the
 * same now as it will once the whole message has arrived. The REPL moves that
 * part into <Static> (printed once, never repainted) and keeps only the open
 * tail in the live area.
 *
 * Safe cuts: after a blank line outside a fenced code block, and right after
 * the line that closes a fence. Cutting anywhere else could split a paragraph
 * (re-wrapping it later) or a code block (losing its highlighting).
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The length of the finished prefix of `text` (0 when nothing is finished yet). */
export function finishedMarkdownEnd(text: string): number {
  let safeEnd = 0;
  let openFence: string | undefined;
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    // The last line has no newline yet: it is still being written.
    if (newline < 0) break;
    const line = text.slice(lineStart, newline);
    const lineEnd = newline + 1;
    const fence = FENCE.exec(line)?.[1];
    if (openFence !== undefined) {
      if (fence !== undefined && fence[0] === openFence[0] && fence.length >= openFence.length && line.trim() === fence) {
        openFence = undefined;
        safeEnd = lineEnd;
      }
    } else if (fence !== undefined) {
      openFence = fence;
    } else if (line.trim() === '' && lineStart > 0) {
      safeEnd = lineEnd;
    }
    lineStart = lineEnd;
  }
  return safeEnd;
}

/** Splits streaming text into the finished blocks and the still-open tail. */
export function splitFinishedMarkdown(text: string): { readonly finished: string; readonly rest: string } {
  const end = finishedMarkdownEnd(text);
  return { finished: text.slice(0, end), rest: text.slice(end) };
}
