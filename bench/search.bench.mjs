// Grep and Glob against running ripgrep / fast-glob directly, on a generated tree of
// 100,000 files (.bench-tmp/search-tree; build/ and node_modules/ are gitignored, as in a
// real repository). The tools are bundled with esbuild into .bench-tmp/ and called as the
// pipeline calls them. Each pair runs interleaved, after a warm-up, and the figure is the
// ratio of medians. Prints one JSON row per figure (bench/run.mjs collects them):
//   node bench/search.bench.mjs
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench } from './benchBundle.mjs';
import { ensureSearchTree, TREE_FILE_COUNT } from './searchTree.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
mkdirSync(tmp, { recursive: true });
const RUNS = Number(process.env.SEARCH_BENCH_RUNS ?? 7);

async function bundleSearchTools() {
  const outdir = path.join(tmp, 'search-tools');
  await bundleForBench({
    entryPoints: { glob: path.join(root, 'src/tools/GlobTool/GlobTool.ts'), grep: path.join(root, 'src/tools/GrepTool/GrepTool.ts') },
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
  });
  const [{ GlobTool }, { GrepTool }] = await Promise.all([import(path.join(outdir, 'glob.mjs')), import(path.join(outdir, 'grep.mjs'))]);
  return { GlobTool, GrepTool };
}

const tree = ensureSearchTree(path.join(tmp, 'search-tree'));
const { GlobTool, GrepTool } = await bundleSearchTools();
const { rgPath } = await import('@vscode/ripgrep');
const fastGlob = (await import('fast-glob')).default;

function context() {
  return { abortSignal: new AbortController().signal, toolUseId: 'bench', cwd: tree, projectRoot: tree };
}

/** What a script that shells out to rg does: spawn it and read all of its output. */
function ripgrepDirect(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd: tree, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (chunk) => (bytes += chunk.length));
    child.once('error', reject);
    child.once('close', () => resolve(bytes));
  });
}

const FAST_GLOB_OPTIONS = { cwd: tree, dot: true, ignore: ['**/.git/**', '**/node_modules/**'] };

/** fast-glob listing only (no .gitignore, no order). */
function fastGlobList(pattern) {
  return fastGlob(pattern, FAST_GLOB_OPTIONS);
}

/** fast-glob doing Glob's whole job except .gitignore: list, stat, newest first, first 100. */
async function fastGlobNewest(pattern) {
  const entries = await fastGlob(pattern, { ...FAST_GLOB_OPTIONS, stats: true });
  entries.sort((a, b) => b.stats.mtimeMs - a.stats.mtimeMs);
  return entries.slice(0, 100);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Runs both after a warm-up, interleaved so machine noise hits both alike; returns medians in ms. */
async function compare(baseline, tool) {
  await baseline();
  await tool();
  const baselineTimes = [];
  const toolTimes = [];
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 0) {
      baselineTimes.push(await time(baseline));
      toolTimes.push(await time(tool));
    } else {
      toolTimes.push(await time(tool));
      baselineTimes.push(await time(baseline));
    }
  }
  return { baselineMs: median(baselineTimes), toolMs: median(toolTimes) };
}

async function grepCall(input) {
  const { data } = await GrepTool.call(GrepTool.inputSchema.parse(input), context(), () => undefined);
  if (data.numFiles === 0) throw new Error(`Grep found nothing for ${JSON.stringify(input)}`);
  return data;
}

async function globCall(pattern) {
  const { data } = await GlobTool.call(GlobTool.inputSchema.parse({ pattern }), context(), () => undefined);
  if (data.files.length === 0) throw new Error(`Glob found nothing for ${pattern}`);
  return data;
}

const rows = [];
function report(name, baselineLabel, { baselineMs, toolMs }) {
  rows.push({
    name: `${name} vs ${baselineLabel}`,
    value: Number((toolMs / baselineMs).toFixed(2)),
    unit: '×',
    target: `≤ 1.2× (tool ${toolMs.toFixed(0)} ms, direct ${baselineMs.toFixed(0)} ms)`,
  });
}

const files = `${(TREE_FILE_COUNT / 1000).toFixed(0)}k files`;
report(`Grep files_with_matches, 1,600 of ${files}`, 'rg -l', await compare(() => ripgrepDirect(['-l', 'NEEDLE_MARKER']), () => grepCall({ pattern: 'NEEDLE_MARKER' })));
report(
  'Grep content, all 1,600 lines (head_limit 0)',
  'rg -n',
  await compare(() => ripgrepDirect(['-n', 'NEEDLE_MARKER']), () => grepCall({ pattern: 'NEEDLE_MARKER', output_mode: 'content', head_limit: 0 })),
);
report(
  'Grep content, default first page (250 lines)',
  'rg -n',
  await compare(() => ripgrepDirect(['-n', 'NEEDLE_MARKER']), () => grepCall({ pattern: 'NEEDLE_MARKER', output_mode: 'content' })),
);
report(
  'Grep content, one match in the tree',
  'rg -n',
  await compare(() => ripgrepDirect(['-n', 'found in file 4250$']), () => grepCall({ pattern: 'found in file 4250$', output_mode: 'content' })),
);
report('Grep count', 'rg -c', await compare(() => ripgrepDirect(['-c', 'NEEDLE_MARKER']), () => grepCall({ pattern: 'NEEDLE_MARKER', output_mode: 'count' })));

for (const pattern of ['**/*.ts', '**/*', 'pkg1/*/part1/*.ts']) {
  report(`Glob ${pattern}`, 'fast-glob list only', await compare(() => fastGlobList(pattern), () => globCall(pattern)));
  report(`Glob ${pattern}`, 'fast-glob + stat + newest 100', await compare(() => fastGlobNewest(pattern), () => globCall(pattern)));
}

// Sanity: the tree is what the figures claim.
await stat(path.join(tree, '.tree-complete'));
for (const row of rows) console.log(JSON.stringify(row));
if (process.stdout.isTTY) for (const row of rows) console.error(`${row.name}: ${row.value}${row.unit}  ${row.target}`);
