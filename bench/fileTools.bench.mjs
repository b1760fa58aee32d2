// Read of a 50 MB file with offset/limit must stream: memory stays flat however deep the
// window lies. Bundles the Read tool with esbuild into .bench-tmp/, writes a 50 MB file
// there, then reads windows near its start, middle and end while sampling RSS every 2 ms.
// For contrast it also measures loading the same file whole (what a non-streaming Read
// would cost). Prints one JSON row per figure (bench/run.mjs collects them), plus the
// same figures as plain lines when run alone: node --expose-gc bench/fileTools.bench.mjs
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { bundleForBench } from './benchBundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
mkdirSync(tmp, { recursive: true });
const MB = 1024 * 1024;

async function bundleReadTool() {
  const outfile = path.join(tmp, 'readTool.bundle.mjs');
  await bundleForBench({
    entryPoints: [path.join(root, 'src/tools/ReadTool/ReadTool.ts')],
    outfile,
  });
  return import(outfile);
}

/** 50 MB of numbered lines, written in bounded chunks. */
async function writeFiftyMegabytes(filePath) {
  const out = createWriteStream(filePath);
  let written = 0;
  let line = 0;
  while (written < 50 * MB) {
    const chunk = [];
    for (let index = 0; index < 5_000; index++) chunk.push(`${++line} ${'x'.repeat(40)}`);
    const text = chunk.join('\n') + '\n';
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { bytes: written, lines: line };
}

function settle() {
  globalThis.gc?.();
  globalThis.gc?.();
}

/** Peak RSS above the settled baseline while `work` runs, sampled every 2 ms. */
async function peakRssDelta(work) {
  settle();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const started = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { deltaMb: (peak - baseline) / MB, elapsedMs, result };
}

function context(cwd) {
  return { abortSignal: new AbortController().signal, toolUseId: 'bench', cwd, readFileState: new Map() };
}

const { ReadTool } = await bundleReadTool();
const file = path.join(tmp, 'fifty-megabytes.log');
const { bytes, lines } = await writeFiftyMegabytes(file);

const rows = [];
let worstDelta = 0;
for (const [label, offset] of [
  ['start', 1],
  ['middle', Math.floor(lines / 2)],
  ['end', lines - 1_000],
]) {
  const { deltaMb, elapsedMs, result } = await peakRssDelta(() => ReadTool.call({ file_path: file, offset, limit: 2_000 }, context(tmp)));
  if (result.data.type !== 'text' || result.data.numLines === 0) throw new Error(`unexpected Read result: ${JSON.stringify(result.data).slice(0, 200)}`);
  worstDelta = Math.max(worstDelta, deltaMb);
  rows.push({ name: `Read 2000 lines at the ${label} of a ${(bytes / MB).toFixed(0)} MB file: time`, value: Math.round(elapsedMs), unit: 'ms', target: '' });
}
rows.unshift({
  name: 'Read of a 50 MB file with offset/limit: peak RSS delta',
  value: Number(worstDelta.toFixed(1)),
  unit: 'MB',
  target: '≤ 2 MB (bounded, independent of file size)',
});

const whole = await peakRssDelta(async () => (await readFile(file, 'utf8')).length);
rows.push({ name: 'For contrast, loading the same file whole: peak RSS delta', value: Number(whole.deltaMb.toFixed(1)), unit: 'MB', target: '' });

await rm(file, { force: true });
for (const row of rows) console.log(JSON.stringify(row));
if (process.stdout.isTTY) for (const row of rows) console.error(`${row.name}: ${row.value} ${row.unit}`);
