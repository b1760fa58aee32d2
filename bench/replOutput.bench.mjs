// What the REPL writes to the terminal while it streams (ARCHITECTURE §8, "Long sessions"):
// the built binary in tmux against the fake Anthropic server; tmux's pipe-pane records every byte
// it writes from the moment the prompt is sent until the answer's last line is on screen.
//   - bytes written per character of a 3,000-word streamed markdown answer (target ≤ 3.6, Claude Code's figure);
//   - lines written per frame while the text streams (target ≤ 8); a frame is one synchronized update.
// Streamed at ~1,600 characters/s (8 characters per text delta, a delta every 5 ms) and, as a slower
// stream writes more frames per character, at ~400 characters/s.
//
//   node bench/replOutput.bench.mjs            (npm run bench builds dist/ first)
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench } from './benchBundle.mjs';
import { hasTmux, openTmux, replBenchWorkspace } from './tmuxDriver.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
mkdirSync(tmp, { recursive: true });

function row(name, value, unit, target) {
  console.log(JSON.stringify({ name, value, unit, target }));
}

if (!hasTmux()) {
  row('REPL output figures', 'skipped', '', 'tmux is not installed');
  process.exit(0);
}

async function bundle(entry, name) {
  const outfile = path.join(tmp, name);
  await bundleForBench({ entryPoints: [path.join(root, entry)], outfile });
  return outfile;
}

/** A 3,000-word answer: 50 paragraphs of 60 words, a heading every 10, the way long answers look. */
function longAnswer() {
  const words = ['the', 'module', 'reads', 'each', 'file', 'once', 'and', 'keeps', 'its', 'parsed', 'form', 'so', 'later', 'calls', 'reuse', 'it'];
  const paragraphs = [];
  for (let index = 0; index < 50; index++) {
    if (index % 10 === 0) paragraphs.push(`## Part ${index / 10 + 1}`);
    const body = Array.from({ length: 60 }, (_, word) => words[(index * 7 + word) % words.length]).join(' ');
    paragraphs.push(`Paragraph ${index}: ${body}.`);
  }
  return `${paragraphs.join('\n\n')}\n\nEND-OF-ANSWER`;
}

const ESCAPE = /\u001B\[[0-9;?]*[A-Za-z]/g;
const BEGIN_SYNC = '\u001B[?2026h';

/** Lines a frame writes: pieces between line moves (newline, cursor next/previous line, up, down) that hold visible text. */
function linesWritten(frame) {
  return frame
    .split(/\r?\n|\u001B\[\d*[EFAB]/)
    .map((piece) => piece.replace(ESCAPE, '').replace(/\u001B./g, ''))
    .filter((piece) => piece.trim() !== '').length;
}

async function measure({ chunkDelayMs, label }) {
  const answer = longAnswer();
  const serverFile = await bundle('test/support/fakeAnthropic.ts', 'replOutputFake.mjs');
  const { startFakeAnthropic } = await import(serverFile);
  const server = await startFakeAnthropic({ script: [{ blocks: [{ type: 'text', text: answer }], stopReason: 'end_turn', chunkDelayMs, textChunkSize: 8 }] });
  const workspace = replBenchWorkspace('output', server.url);
  const terminal = await openTmux(`output${chunkDelayMs}`, workspace.env);
  const recording = path.join(tmp, `repl-output-${process.pid}-${chunkDelayMs}.bin`);
  rmSync(recording, { force: true });
  try {
    await terminal.tmux('new-window', '-t', 'bench', '-n', 'repl', '-c', workspace.cwd, `${process.execPath} ${path.join(root, 'bin', 'agentcli.js')}`);
    await terminal.waitFor('bench:repl', (screen) => screen.includes('Ask anything'), performance.now());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await terminal.tmux('send-keys', '-t', 'bench:repl', '-l', 'write the long answer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await terminal.tmux('pipe-pane', '-o', '-t', 'bench:repl', `cat >> ${recording}`);
    await terminal.tmux('send-keys', '-t', 'bench:repl', 'Enter');
    await terminal.waitFor('bench:repl', (screen) => screen.includes('END-OF-ANSWER') && screen.includes('Ask anything'), performance.now(), 120_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await terminal.tmux('pipe-pane', '-t', 'bench:repl');
    const bytes = readFileSync(recording);
    const frames = bytes.toString('utf8').split(BEGIN_SYNC).slice(1);
    // A frame that prints finished text into the scroll-back first erases the live area (Ink's
    // log.clear: erase line, cursor up, …); the others repaint the live area in place.
    const repaints = frames.filter((frame) => !frame.startsWith('\u001B[2K'));
    const lines = repaints.map(linesWritten).sort((a, b) => a - b);
    const percentile = (p) => lines[Math.min(lines.length - 1, Math.floor((lines.length * p) / 100))] ?? 0;
    row(`REPL bytes written per answer character (3,000 words, ${label})`, (bytes.length / answer.length).toFixed(2), 'B/char', `≤ 3.6 (${(bytes.length / 1024).toFixed(0)} KB for ${answer.length} chars, ${frames.length} frames)`);
    row(`REPL lines repainted per frame while streaming, p50 / p95 / max (${label})`, `${percentile(50)} / ${percentile(95)} / ${lines.at(-1) ?? 0}`, 'lines', `≤ 8 (${repaints.length} repaints; ${frames.length - repaints.length} frames printed finished text to the scroll-back)`);
  } finally {
    await terminal.close();
    await server.close();
    workspace.remove();
    if (!process.env.REPL_OUTPUT_KEEP) rmSync(recording, { force: true });
  }
}

await measure({ chunkDelayMs: 5, label: '~1,600 chars/s' });
if (!process.env.REPL_OUTPUT_FAST_ONLY) await measure({ chunkDelayMs: 20, label: '~400 chars/s' });
