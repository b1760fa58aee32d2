/**
 * A command's output, kept within a fixed memory budget however much it
 * prints: the first `headChars`, the last `tailChars`, and — once the output
 * outgrows that — the full text streamed to a spill file on disk (itself
 * capped), so a 20 MB build log costs a few hundred KB of memory and nothing
 * is silently lost.
 *
 * Positions are absolute character offsets into the whole output, so a
 * reader can ask for "everything since offset N" (TaskOutput) and learn how
 * much of it is no longer in memory.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { formatCount } from '../format.js';

export type BoundedOutputOptions = {
  readonly headChars: number;
  readonly tailChars: number;
  /** Where the full output is written once it outgrows head + tail; without it, the middle is dropped. */
  readonly spillFile?: string;
  /** The spill file stops growing here (a runaway `yes` must not fill the disk). */
  readonly maxSpillBytes?: number;
};

export type OutputSlice = {
  readonly text: string;
  /** Characters in the requested range that are no longer in memory (see spillFile). */
  readonly omittedChars: number;
  /** The absolute offset just past the returned text. */
  readonly end: number;
};

export const DEFAULT_MAX_SPILL_BYTES = 64 * 1024 * 1024;

export class BoundedOutput {
  private head = '';
  private tailChunks: string[] = [];
  private tailLength = 0;
  /** Absolute offset of the first character held in the tail. */
  private tailStart = 0;
  private totalChars = 0;
  private newlines = 0;
  private spill: WriteStream | undefined;
  private spillBytes = 0;
  private spillState: 'none' | 'writing' | 'capped' | 'failed' = 'none';
  private spillClosed: Promise<void> = Promise.resolve();

  constructor(private readonly options: BoundedOutputOptions) {}

  get length(): number {
    return this.totalChars;
  }

  get lineCount(): number {
    return this.totalChars === 0 ? 0 : this.newlines + (this.endsWithNewline() ? 0 : 1);
  }

  /** The full output's file, if the output outgrew memory and the file could be written. */
  get spillFile(): string | undefined {
    return this.spillState === 'writing' || this.spillState === 'capped' ? this.options.spillFile : undefined;
  }

  get spillWasCapped(): boolean {
    return this.spillState === 'capped';
  }

  /** Returns false when the spill file is backed up: wait for drain() before appending more. */
  append(text: string): boolean {
    if (text.length === 0) return true;
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) this.newlines++;
    this.totalChars += text.length;

    let rest = text;
    if (this.head.length < this.options.headChars) {
      const room = this.options.headChars - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
      this.tailStart = this.head.length;
    }
    if (rest.length > 0) {
      this.tailChunks.push(rest);
      this.tailLength += rest.length;
    }
    const flowing = this.writeSpill(text);
    this.trimTail();
    return flowing;
  }

  /** Resolves when the spill file can take more. */
  drain(): Promise<void> {
    const spill = this.spill;
    if (!spill || !spill.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        spill.off('drain', done);
        spill.off('close', done);
        resolve();
      };
      spill.on('drain', done);
      spill.on('close', done);
    });
  }

  /** Everything from `start` that is still in memory; the gap, if any, is counted in omittedChars. */
  readFrom(start: number): OutputSlice {
    const from = Math.max(0, Math.min(start, this.totalChars));
    const tail = this.tailText();
    if (from >= this.tailStart) return { text: tail.slice(from - this.tailStart), omittedChars: 0, end: this.totalChars };
    const gap = this.tailStart - this.head.length;
    if (from < this.head.length) {
      const headPart = this.head.slice(from);
      const marker = gap > 0 ? omissionMarker(gap, this.spillFile) : '';
      return { text: headPart + marker + tail, omittedChars: gap, end: this.totalChars };
    }
    const skipped = this.tailStart - from;
    return { text: omissionMarker(skipped, this.spillFile) + tail, omittedChars: skipped, end: this.totalChars };
  }

  /**
   * The whole output if it fits in `headChars + tailChars`, else its start
   * and end around a marker naming what was left out (and the spill file).
   */
  excerpt(headChars: number, tailChars: number): string {
    const tail = this.tailText();
    const contiguous = this.tailStart === this.head.length;
    if (contiguous && this.totalChars <= headChars + tailChars) return this.head + tail;
    const start = (contiguous ? this.head + tail.slice(0, headChars) : this.head).slice(0, headChars);
    const end = (contiguous ? this.head.slice(-tailChars) + tail : tail).slice(-tailChars);
    return start + omissionMarker(this.totalChars - start.length - end.length, this.spillFile) + end;
  }

  /** The last lines, for progress displays: at most `maxLines` lines and `maxChars` characters. */
  lastLines(maxLines: number, maxChars: number): string {
    const tail = this.tailText();
    const source = this.tailStart === this.head.length ? this.head.slice(-maxChars) + tail : tail;
    const window = source.slice(-maxChars).replace(/\n+$/, '');
    const lines = window.split('\n');
    return lines.slice(-maxLines).join('\n');
  }

  /** Flushes and closes the spill file. */
  async close(): Promise<void> {
    if (this.spill && !this.spill.closed) this.spill.end();
    await this.spillClosed;
  }

  private tailText(): string {
    if (this.tailChunks.length > 1) this.tailChunks = [this.tailChunks.join('')];
    return this.tailChunks[0] ?? '';
  }

  private trimTail(): void {
    // Amortised: join and cut only when twice over budget.
    if (this.tailLength <= this.options.tailChars * 2) return;
    const kept = this.tailText().slice(-this.options.tailChars);
    this.tailStart += this.tailLength - kept.length;
    this.tailChunks = [kept];
    this.tailLength = kept.length;
  }

  private writeSpill(text: string): boolean {
    const file = this.options.spillFile;
    if (!file || this.spillState === 'capped' || this.spillState === 'failed') return true;
    if (this.spillState === 'none') {
      if (this.totalChars <= this.options.headChars + this.options.tailChars) return true;
      // First overflow: nothing has been dropped yet, so the file starts with everything so far.
      if (!this.openSpill(file)) return true;
      return this.writeCapped(this.head + this.tailText());
    }
    return this.writeCapped(text);
  }

  private openSpill(file: string): boolean {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const spill = createWriteStream(file, { encoding: 'utf8' });
      this.spillClosed = new Promise((resolve) => spill.once('close', () => resolve()));
      spill.on('error', () => {
        this.spillState = 'failed';
        spill.destroy();
      });
      this.spill = spill;
      this.spillState = 'writing';
      return true;
    } catch {
      this.spillState = 'failed';
      return false;
    }
  }

  private writeCapped(text: string): boolean {
    const spill = this.spill;
    if (!spill || this.spillState !== 'writing') return true;
    const limit = this.options.maxSpillBytes ?? DEFAULT_MAX_SPILL_BYTES;
    const bytes = Buffer.byteLength(text);
    if (this.spillBytes + bytes > limit) {
      this.spillState = 'capped';
      const room = Math.max(0, limit - this.spillBytes);
      spill.end(Buffer.from(text).subarray(0, room));
      this.spillBytes = limit;
      return true;
    }
    this.spillBytes += bytes;
    return spill.write(text);
  }

  private endsWithNewline(): boolean {
    const tail = this.tailText();
    const last = tail.length > 0 ? tail : this.head;
    return last.endsWith('\n');
  }
}

export function omissionMarker(chars: number, spillFile: string | undefined): string {
  const where = spillFile ? ` — the full output is in ${spillFile}` : '';
  return `\n[… ${formatCount(chars)} characters omitted${where} …]\n`;
}
