import { formatCount } from '../format.js';
/**
 * Lines as the model sees them: `cat -n` style (line number right-aligned in
 * six columns, a tab, the text), with very long lines cut and marked so one
 * minified line cannot eat the context window. The collector works on a
 * stream of text chunks and keeps at most one cut line in memory, so a
 * window of a 50 MB file (or a 50 MB single-line file) costs kilobytes.
 */

export const MAX_LINE_CHARS = 2_000;

export function numberLine(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(6)}\t${text}`;
}

export function formatNumberedLines(lines: readonly string[], firstLineNumber: number): string {
  return lines.map((line, index) => numberLine(firstLineNumber + index, line)).join('\n');
}

export function cutMarker(totalChars: number): string {
  return `… [line cut at ${formatCount(MAX_LINE_CHARS)} of ${formatCount(totalChars)} characters]`;
}

/** Splits text into display lines: `\n` ends a line, a final `\n` adds no empty line, a trailing `\r` is dropped. */
export function splitDisplayLines(text: string): string[] {
  const collector = new LineCollector({ firstLine: 1, maxLines: Number.POSITIVE_INFINITY, maxTotalChars: Number.POSITIVE_INFINITY });
  collector.feed(text);
  collector.end();
  return collector.lines;
}

export type LineCollectorOptions = {
  /** 1-based number of the first line to keep; earlier lines are only counted. */
  readonly firstLine: number;
  /** The number of the first line fed, when earlier lines were skipped before the collector (default 1). */
  readonly startLineNumber?: number;
  readonly maxLines: number;
  /** Stop keeping lines once this many characters are kept (the last line may overshoot by one line). */
  readonly maxTotalChars: number;
};

export class LineCollector {
  /** Kept lines, already cut and marked. */
  readonly lines: string[] = [];
  /** How many kept lines were cut. */
  cutLines = 0;
  /** True once maxLines or maxTotalChars is reached. */
  full = false;
  /** True when text follows the last kept line (only meaningful once full). */
  moreAfter = false;
  stoppedForSize = false;

  private lineNumber: number;
  private keptChars = 0;
  private prefix = '';
  private lineLength = 0;
  private lineStarted = false;

  constructor(private readonly options: LineCollectorOptions) {
    this.lineNumber = options.startLineNumber ?? 1;
  }

  /** Lines read so far; after end() (and when not full), the file's total. */
  get linesSeen(): number {
    return this.lineNumber - 1;
  }

  feed(chunk: string): void {
    let start = 0;
    while (start < chunk.length) {
      if (this.full) {
        this.moreAfter = true;
        return;
      }
      const newline = chunk.indexOf('\n', start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.lineNumber >= this.options.firstLine) this.appendToLine(chunk, start, end);
      this.lineStarted = true;
      if (newline === -1) return;
      this.finishLine();
      start = newline + 1;
    }
  }

  end(): void {
    if (this.lineStarted && !this.full) this.finishLine();
  }

  private appendToLine(chunk: string, start: number, end: number): void {
    const room = MAX_LINE_CHARS + 1 - this.prefix.length;
    if (room > 0) this.prefix += chunk.slice(start, Math.min(end, start + room));
    this.lineLength += end - start;
  }

  private finishLine(): void {
    if (this.lineNumber >= this.options.firstLine) {
      let text = this.prefix;
      let length = this.lineLength;
      if (length <= MAX_LINE_CHARS + 1 && text.endsWith('\r')) {
        text = text.slice(0, -1);
        length--;
      }
      if (length > MAX_LINE_CHARS) {
        text = text.slice(0, MAX_LINE_CHARS) + cutMarker(length);
        this.cutLines++;
      }
      this.lines.push(text);
      this.keptChars += text.length + 1;
      if (this.lines.length >= this.options.maxLines) this.full = true;
      else if (this.keptChars >= this.options.maxTotalChars) {
        this.full = true;
        this.stoppedForSize = true;
      }
    }
    this.lineNumber++;
    this.prefix = '';
    this.lineLength = 0;
    this.lineStarted = false;
  }
}
