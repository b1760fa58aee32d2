/**
 * The stdout Ink writes to. Ink 6 treats a frame as tall as the terminal as
 * "fullscreen": it then clears the terminal and its scroll-back (CSI 3J) and
 * reprints every <Static> line ever written — the whole transcript, on every
 * such frame — and afterwards erases one line too many (it writes the frame
 * without its trailing newline but counts one), which ate the last printed
 * line above a permission dialog. We keep frames shorter than the terminal,
 * and Ink is told the terminal is endlessly tall so that branch can never run:
 * a frame that still outgrows the screen only leaves a partial copy in the
 * scroll-back. Components read the real height as `viewportRows`.
 */
import type { Writable } from 'node:stream';
import { FrameWriter } from './frameDiff.js';

/** Taller than any frame: Ink's fullscreen test (`outputHeight >= rows`) never holds. */
const ENDLESS_ROWS = 1_000_000;

export type ViewportStdout = NodeJS.WriteStream & { readonly viewportRows: number; readonly flushFrame: () => void };

/**
 * The stderr Ink writes to (its console patch): the frame writer first writes what it holds, so text
 * written between Ink's clear and its repaint lands where Ink's own bytes would have put it.
 */
export function stderrForInk(stderr: NodeJS.WriteStream, stdout: ViewportStdout): NodeJS.WriteStream {
  return new Proxy(stderr, {
    get(target, property) {
      if (property === 'write') {
        return (...args: unknown[]): boolean => {
          stdout.flushFrame();
          return (target.write as (...writeArgs: unknown[]) => boolean).apply(target, args);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Ink's frames also go through a FrameWriter (frameDiff.ts), which writes only the lines that changed;
 * Ink must then run without `incrementalRendering` (the writer reads whole frames).
 */
export function stdoutForInk(stdout: NodeJS.WriteStream): ViewportStdout {
  const frames = new FrameWriter({
    write: (data) => void stdout.write(data),
    size: () => ({ columns: stdout.columns ?? 80, rows: stdout.rows ?? 24 }),
  });
  const write = (data: unknown, ...rest: unknown[]): boolean => {
    if (typeof data !== 'string') return (stdout.write as (...args: unknown[]) => boolean)(data, ...rest);
    frames.write(data);
    const callback = rest.find((argument): argument is () => void => typeof argument === 'function');
    if (callback) process.nextTick(callback);
    return true;
  };
  return new Proxy(stdout, {
    get(target, property) {
      if (property === 'write') return write;
      if (property === 'flushFrame') return () => frames.flush();
      if (property === 'rows') return ENDLESS_ROWS;
      if (property === 'viewportRows') return target.rows;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as ViewportStdout;
}

/** The terminal's real height: `viewportRows` behind stdoutForInk, else `rows` (tests' fake streams). */
export function viewportRowsOf(stdout: Writable & { readonly rows?: number; readonly viewportRows?: number }): number | undefined {
  return stdout.viewportRows ?? stdout.rows;
}

/** Rows the input box, status line, spinner and margins take below the live text. */
const ROWS_BELOW_LIVE_TEXT = 14;

/**
 * Finished text the live area may hold before it goes to the scroll-back: about half of what fits
 * above the input box, so the open paragraph after it still fits too.
 */
export function finishedTextThatFits(stdout: { readonly columns?: number; readonly rows?: number }): number {
  const rows = (stdout.rows ?? 24) - ROWS_BELOW_LIVE_TEXT;
  return rows <= 0 ? 0 : Math.floor((rows * Math.max(10, (stdout.columns ?? 80) - 4)) / 2);
}
