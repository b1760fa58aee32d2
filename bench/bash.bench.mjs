// Bash streaming 20 MB of output must keep memory bounded: the tool keeps the start and
// the end in memory and spills the full text to a file. Bundles the Bash tool with esbuild
// into .bench-tmp/, then runs each case in a fresh node process and reads its peak RSS
// (VmHWM) against the RSS it had just before the command. For contrast, the same command
// through execa with its default in-memory buffering. Prints one JSON row per figure
// (bench/run.mjs collects them):  node bench/bash.bench.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench } from './benchBundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
const MB = 1024 * 1024;
const OUTPUT_BYTES = Number(process.env.BASH_BENCH_BYTES ?? 20_000_000);
// 20 MB of 64-character lines, produced as fast as the pipe takes them.
const SIZE_LABEL = `${Math.round(OUTPUT_BYTES / 1_000_000)} MB`;
const COMMAND = `yes 'streaming benchmark line, sixty-four characters long, 0123456' | head -c ${OUTPUT_BYTES}`;

function peakRssMb() {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function measureInChild(mode) {
  const rssBeforeMb = process.memoryUsage.rss() / MB;
  const started = performance.now();
  let outputChars;
  if (mode === 'tool') {
    const { BashTool } = await import(path.join(tmp, 'bash-tool', 'BashTool.mjs'));
    const session = path.join(tmp, 'bash-bench-session');
    const context = {
      abortSignal: new AbortController().signal,
      toolUseId: 'bench',
      cwd: tmp,
      projectRoot: tmp,
      session: { id: 'bench', dir: session, configDir: tmp },
      appState: { get: () => ({ toolPermissionContext: { workingDirectories: [tmp] } }) },
    };
    const { data } = await BashTool.call(BashTool.inputSchema.parse({ command: COMMAND }), context, () => undefined);
    if (data.exitCode !== 0 || !data.fullOutputFile) throw new Error(`unexpected result: ${JSON.stringify(data).slice(0, 300)}`);
    outputChars = data.output.length;
    rmSync(session, { recursive: true, force: true });
  } else {
    const { execa } = await import('execa');
    const result = await execa('bash', ['-c', COMMAND], { all: true });
    outputChars = result.all.length;
  }
  const elapsedMs = performance.now() - started;
  return { rssBeforeMb, peakMb: peakRssMb(), elapsedMs, outputChars };
}

if (process.argv[2] === '--child') {
  // Import-time memory is not the command's: load everything the measured path needs first.
  if (process.argv[3] === 'tool') {
    await import(path.join(tmp, 'bash-tool', 'BashTool.mjs'));
    await import('execa');
  }
  else await import('execa');
  console.log(JSON.stringify(await measureInChild(process.argv[3])));
  process.exit(0);
}

mkdirSync(tmp, { recursive: true });
await bundleForBench({
  entryPoints: { BashTool: path.join(root, 'src/tools/BashTool/BashTool.ts') },
  outdir: path.join(tmp, 'bash-tool'),
  splitting: true,
  outExtension: { '.js': '.mjs' },
});

function runChild(mode) {
  const stdout = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode], { cwd: root, encoding: 'utf8', maxBuffer: 16 * MB });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

const tool = runChild('tool');
// Buffering everything is only a contrast; past execa's 100 MB default it fails anyway.
const naive = OUTPUT_BYTES <= 50_000_000 ? runChild('naive') : undefined;
const rows = [
  {
    name: `Bash streaming ${SIZE_LABEL} of output: peak RSS above the pre-command RSS`,
    value: Number((tool.peakMb - tool.rssBeforeMb).toFixed(1)),
    unit: 'MB',
    target: `bounded (peak ${tool.peakMb.toFixed(0)} MB; result ${tool.outputChars.toLocaleString('en-US')} chars, rest spilled to disk)`,
  },
  {
    name: `Bash streaming ${SIZE_LABEL} of output: throughput`,
    value: Number((OUTPUT_BYTES / MB / (tool.elapsedMs / 1000)).toFixed(0)),
    unit: 'MB/s',
    target: '',
  },
];
if (naive) {
  rows.push({
    name: 'For contrast, execa buffering the same output in memory: peak RSS above pre-command',
    value: Number((naive.peakMb - naive.rssBeforeMb).toFixed(1)),
    unit: 'MB',
    target: '',
  });
}
for (const row of rows) console.log(JSON.stringify(row));
if (process.stdout.isTTY) for (const row of rows) console.error(`${row.name}: ${row.value} ${row.unit}  ${row.target}`);
