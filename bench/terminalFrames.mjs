// Reading what a program wrote to a terminal (tmux pipe-pane), frame by frame: shared by
// bench/replOutput.bench.mjs and the e2e test that holds the REPL to the same targets.

const ESCAPE = /\u001B\[[0-9;?]*[A-Za-z]/g;
const BEGIN_SYNC = '\u001B[?2026h';

/** The synchronized updates (frames) in `output`, each without its opening sequence. */
export function framesOf(output) {
  return output.split(BEGIN_SYNC).slice(1);
}

/** Lines a frame writes: pieces between line moves (newline, cursor next/previous line, up, down) that hold visible text. */
export function linesWritten(frame) {
  return frame
    .split(/\r?\n|\u001B\[\d*[EFAB]/)
    .map((piece) => piece.replace(ESCAPE, '').replace(/\u001B./g, ''))
    .filter((piece) => piece.trim() !== '').length;
}

/** Bytes per answer character and lines written per frame (sorted), for a recording of one streamed answer. */
export function outputFigures(bytes, answerChars) {
  const frames = framesOf(bytes.toString('utf8'));
  const lines = frames.map(linesWritten).sort((a, b) => a - b);
  const percentile = (p) => lines[Math.min(lines.length - 1, Math.floor((lines.length * p) / 100))] ?? 0;
  return {
    bytesPerChar: bytes.length / answerChars,
    frames: frames.length,
    linesPerFrame: { p50: percentile(50), p95: percentile(95), max: lines.at(-1) ?? 0 },
  };
}
