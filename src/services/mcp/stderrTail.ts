/**
 * The last few kilobytes a server wrote to stderr. Servers explain why they
 * failed there ("missing API key", a stack trace), so the status shows the
 * tail; a chatty server that logs for hours must not grow it without bound.
 */
const DEFAULT_MAX_CHARS = 8_192;

export class StderrTail {
  private text = '';

  constructor(private readonly maxChars = DEFAULT_MAX_CHARS) {}

  append(chunk: string | Buffer): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (this.text.length > this.maxChars * 2) this.text = this.text.slice(-this.maxChars);
  }

  /** The last `maxLines` non-empty lines, at most maxChars characters. */
  lines(maxLines = 10): string[] {
    return this.text
      .slice(-this.maxChars)
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .slice(-maxLines);
  }

  clear(): void {
    this.text = '';
  }
}
