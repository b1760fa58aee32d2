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
import { outputFigures } from './terminalFrames.mjs';
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
    const figures = outputFigures(bytes, answer.length);
    const { p50, p95, max } = figures.linesPerFrame;
    row(`REPL bytes written per answer character (3,000 words, ${label})`, figures.bytesPerChar.toFixed(2), 'B/char', `≤ 3.6 (${(bytes.length / 1024).toFixed(0)} KB for ${answer.length} chars, ${figures.frames} frames)`);
    row(`REPL lines written per frame while streaming, p50 / p95 / max (${label})`, `${p50} / ${p95} / ${max}`, 'lines', '≤ 8');
  } finally {
    await terminal.close();
    await server.close();
    workspace.remove();
    if (!process.env.REPL_OUTPUT_KEEP) rmSync(recording, { force: true });
  }
}

await measure({ chunkDelayMs: 5, label: '~1,600 chars/s' });
if (!process.env.REPL_OUTPUT_FAST_ONLY) await measure({ chunkDelayMs: 20, label: '~400 chars/s' });
