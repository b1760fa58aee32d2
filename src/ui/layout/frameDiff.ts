/**
 * What Ink writes, cut down to what changed on screen.
 *
 * Ink (standard mode) repaints a frame by erasing every line of the previous one and writing the new
 * one whole; a frame that prints <Static> items erases the live area, writes the items, and writes the
 * live area again — input box and status line included. While an answer streams that cost 6–10
 * bytes per answer character (bench/replOutput.bench.mjs): the partial line was written again on
 * every frame, and each print to the scroll-back wrote the whole live area twice.
 *
 * This writer keeps the lines of the live area as they are on screen and, for each frame, writes
 * only the lines that differ at the same row: an unchanged line is stepped over, a line that only
 * grew gets its new end, a printed item that shows what the live area already showed there costs
 * nothing. It reads only the shape Ink writes (erase-lines, then text ending in a newline, inside a
 * synchronized-update bracket); anything else — a resize, a frame taller than the screen, a line
 * wider than it, writes it cannot place — goes out exactly as Ink wrote it, and the next frame
 * starts from what that wrote.
 */
import stripAnsi from 'strip-ansi';
import terminalStringWidth from '../terminalStringWidth.js';

const ESC = '\u001B';
const BEGIN_SYNC = `${ESC}[?2026h`;
const END_SYNC = `${ESC}[?2026l`;
/** ansi-escapes' eraseLines(n): erase line, up, erase line, …, then cursor to column 1. */
const ERASE_LINES = new RegExp(`^(?:${ESC}\\[2K${ESC}\\[1A)*${ESC}\\[2K${ESC}\\[G`);
const ERASE_LINE = `${ESC}[2K`;
const ERASE_TO_LINE_END = `${ESC}[K`;
const ERASE_BELOW = `${ESC}[J`;

export type FrameWriterOptions = {
  /** Where the bytes go (the real stdout). */
  readonly write: (data: string) => void;
  /** The terminal's size now. */
  readonly size: () => { readonly columns: number; readonly rows: number };
  /** Runs `flush` soon, for frames written outside a synchronized update (Ink's clear on resize). */
  readonly schedule?: (flush: () => void) => void;
};

type PendingFrame = {
  /** Lines Ink erased: its previous frame's line count (visible lines + the one the cursor is on). */
  readonly erased: number;
  /** Everything written since, as written. */
  readonly writes: string[];
};

export class FrameWriter {
  /** The live area's lines on screen, top to bottom, the cursor at column 1 of the row below; undefined when not known. */
  private shown: string[] | undefined = [];
  private shownColumns: number;
  private pending: PendingFrame | undefined;
  private inSync = false;
  private scheduled = false;

  constructor(private readonly options: FrameWriterOptions) {
    this.shownColumns = options.size().columns;
  }

  /** One write from Ink. */
  write(data: string): void {
    if (data === BEGIN_SYNC) {
      this.inSync = true;
      this.options.write(data);
      return;
    }
    if (data === END_SYNC) {
      this.inSync = false;
      this.flush();
      this.options.write(data);
      return;
    }
    const erase = ERASE_LINES.exec(data);
    if (erase) {
      this.flush();
      const erased = erase[0].split(ERASE_LINE).length - 1;
      this.pending = { erased, writes: [data.slice(erase[0].length)] };
      if (!this.inSync) this.scheduleFlush();
      return;
    }
    if (this.pending) {
      this.pending.writes.push(data);
      return;
    }
    if (data.endsWith('\n') && this.shown?.length === 0) {
      // Ink's first frame (perhaps <Static> lines first, then the live area): nothing of it on screen yet.
      this.pending = { erased: 0, writes: [data] };
      if (!this.inSync) this.scheduleFlush();
      return;
    }
    // Not a frame (a cursor or keyboard-protocol sequence), or a frame written in a way not modelled here.
    if (data.includes('\n')) this.shown = undefined;
    this.options.write(data);
  }

  /**
   * Writes the pending frame. Called before anything else reaches the terminal (Ink's writes to
   * stderr between its clear and its repaint), so that lands where Ink meant it to.
   */
  flush(): void {
    const frame = this.pending;
    if (!frame) return;
    this.pending = undefined;
    const content = frame.writes.join('');
    const live = frame.writes.at(-1) ?? '';
    const shown = this.shown;
    const { columns, rows } = this.options.size();
    const modelled =
      shown !== undefined &&
      frame.erased === shown.length + 1 &&
      columns === this.shownColumns &&
      content.endsWith('\n') &&
      live.endsWith('\n');
    if (!modelled) {
      this.options.write(eraseLines(frame.erased) + content);
      this.remember(live);
      return;
    }
    const next = content.slice(0, -1).split('\n');
    const diff = diffFrame(shown, next, { columns, rows });
    if (diff === undefined) {
      this.options.write(eraseLines(frame.erased) + content);
      this.remember(live);
      return;
    }
    this.options.write(diff);
    this.remember(live);
  }

  private remember(live: string): void {
    const { columns } = this.options.size();
    this.shownColumns = columns;
    const lines = live.endsWith('\n') ? live.slice(0, -1).split('\n') : undefined;
    // A line wider than the terminal took two rows: the next frame cannot be matched row by row.
    this.shown = lines?.some((line) => visibleWidth(line) > columns) ? undefined : lines;
  }

  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = (): void => {
      this.scheduled = false;
      if (!this.inSync) this.flush();
    };
    (this.options.schedule ?? ((flush) => setImmediate(flush)))(run);
  }
}

/** Unchanged lines at the bottom (input box, status line) worth moving with line insertions rather than writing again. */
const MIN_MOVED_LINES = 3;

/**
 * diffLines, after moving the unchanged bottom of the frame (the spinner, input box and status line
 * under a growing answer) to its new row: the terminal inserts (or deletes) blank lines above it, so
 * those lines are not written again. Growth first makes room below (newlines scroll the screen when
 * the frame is at its bottom, and everything above goes to the scroll-back as it would anyway).
 */
export function diffFrame(shown: readonly string[], next: readonly string[], terminal: Terminal): string | undefined {
  const shift = next.length - shown.length;
  const kept = commonSuffix(shown, next);
  if (shift === 0 || kept < MIN_MOVED_LINES || kept >= shown.length || kept >= next.length) return diffLines(shown, next, terminal);
  const at = shown.length - kept;
  if (shift > 0) {
    const moved = [...shown.slice(0, at), ...Array.from({ length: shift }, () => ''), ...shown.slice(at)];
    // Once the room is made the cursor is `next.length` rows below the frame's top: the row lines are
    // inserted at, and every row written after, must still be on screen then.
    if (next.length - Math.min(at, firstDifference(moved, next)) > terminal.rows - 1) return diffLines(shown, next, terminal);
    const room = '\n'.repeat(shift);
    const insert = `${cursorUp(next.length - at)}${ESC}[${shift}L${cursorNextLine(moved.length - at)}`;
    const rest = diffLines(moved, next, terminal);
    return rest === undefined ? undefined : room + insert + rest;
  }
  const removed = -shift;
  if (at - removed < 0 || shown.length - (at - removed) > terminal.rows - 1) return diffLines(shown, next, terminal);
  const moved = [...shown.slice(0, at - removed), ...shown.slice(at)];
  const remove = `${cursorUp(shown.length - (at - removed))}${ESC}[${removed}M${cursorNextLine(moved.length - (at - removed))}`;
  const rest = diffLines(moved, next, terminal);
  return rest === undefined ? undefined : remove + rest;
}

type Terminal = { readonly columns: number; readonly rows: number };

function firstDifference(shown: readonly string[], next: readonly string[]): number {
  let index = 0;
  while (index < shown.length && index < next.length && shown[index] === next[index]) index++;
  return index;
}

function commonSuffix(shown: readonly string[], next: readonly string[]): number {
  let count = 0;
  while (count < shown.length && count < next.length && shown[shown.length - 1 - count] === next[next.length - 1 - count]) count++;
  return count;
}

/**
 * The bytes that turn `shown` (on screen, cursor at column 1 below it) into `next` (cursor at column
 * 1 below it), starting at the first line that differs; undefined when that line has scrolled off the
 * screen, or a line of `next` is wider than the terminal (it would wrap and take two rows, which
 * row-by-row comparing cannot follow).
 */
export function diffLines(shown: readonly string[], next: readonly string[], terminal: Terminal): string | undefined {
  const { columns } = terminal;
  const first = firstDifference(shown, next);
  if (shown.length - first > terminal.rows - 1) return undefined;
  let out = shown.length > first ? cursorUp(shown.length - first) : '';
  let skipped = 0;
  for (let index = first; index < next.length; index++) {
    const line = next[index]!;
    const old = index < shown.length ? shown[index] : undefined;
    if (line === old) {
      skipped++;
      continue;
    }
    const width = visibleWidth(line);
    if (width > columns) return undefined;
    if (skipped > 0) out += cursorNextLine(skipped);
    skipped = 0;
    if (old !== undefined && old !== '' && line.startsWith(old) && !endsInsideEscape(old)) {
      // The line only grew (the streaming answer's last line): write its new end.
      out += `${cursorToColumn(visibleWidth(old))}${line.slice(old.length)}${eraseRest(width, columns)}\n`;
    } else {
      out += `${line}${eraseRest(width, columns)}\n`;
    }
  }
  if (next.length < shown.length) {
    if (skipped > 0) out += cursorNextLine(skipped);
    out += ERASE_BELOW;
  } else if (skipped > 0) {
    out += cursorNextLine(skipped);
  }
  return out;
}

/** Erase what an older, longer line left — unless the line fills the row: the cursor then waits on its last cell, which erasing would blank. */
function eraseRest(width: number, columns: number): string {
  return width < columns ? ERASE_TO_LINE_END : '';
}

function visibleWidth(line: string): number {
  return terminalStringWidth(line.includes(ESC) ? stripAnsi(line) : line);
}

/** A prefix that stops inside an escape sequence cannot be continued from its end. */
function endsInsideEscape(text: string): boolean {
  const last = text.lastIndexOf(ESC);
  return last !== -1 && !/^\u001B(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)|[@-Z\\-_])/.test(text.slice(last));
}

function eraseLines(count: number): string {
  if (count === 0) return '';
  return `${`${ERASE_LINE}${ESC}[1A`.repeat(count - 1)}${ERASE_LINE}${ESC}[G`;
}

function cursorUp(count: number): string {
  return `${ESC}[${count}A`;
}

function cursorNextLine(count: number): string {
  return count === 1 ? `${ESC}[E` : `${ESC}[${count}E`;
}

function cursorToColumn(zeroBased: number): string {
  return `${ESC}[${zeroBased + 1}G`;
}
