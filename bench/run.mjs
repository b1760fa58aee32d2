// `npm run bench`: builds, then runs every benchmark and prints one table.
// The engine benchmarks (bench/core.bench.ts) import the project's TypeScript,
// so they are bundled with esbuild first; other bench/*.bench.mjs scripts run
// as they are and their output is passed through.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench } from './benchBundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
mkdirSync(tmp, { recursive: true });

async function bundle(entry) {
  const outfile = path.join(tmp, `${path.basename(entry, '.ts')}.mjs`);
  await bundleForBench({
    entryPoints: [path.join(root, entry)],
    outfile,
  });
  return outfile;
}

const only = process.argv[2];
// The soak bench takes minutes: it runs when asked for by name (`npm run bench soak`) or with AGENTCLI_SOAK=1.
if (only === 'soak') process.env.AGENTCLI_SOAK = '1';
const rows = [];
function runScript(file, args = []) {
  const label = path.basename(file);
  process.stderr.write(`running ${label}...\n`);
  const result = spawnSync(process.execPath, ['--expose-gc', file, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    rows.push({ name: `${label} FAILED`, value: result.status, unit: '', target: (result.stderr || '').trim().split('\n').slice(-3).join(' | ') });
    return;
  }
  for (const line of result.stdout.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line);
      if (parsed && typeof parsed.name === 'string') {
        rows.push(parsed);
        continue;
      }
    } catch {
      // Not a JSON figure: pass the line through below.
    }
    rows.push({ name: `${label}: ${line.trim()}`, value: '', unit: '', target: '' });
  }
}

if (!only || only === 'core') {
  await bundle('bench/fakeServerProcess.ts');
  runScript(await bundle('bench/core.bench.ts'), [root]);
}
for (const file of readdirSync(path.join(root, 'bench')).filter((name) => name.endsWith('.bench.mjs')).sort()) {
  if (only && !file.startsWith(only)) continue;
  runScript(path.join(root, 'bench', file));
}

const width = Math.min(90, Math.max(...rows.map((row) => String(row.name).length)));
console.log(`\n${'benchmark'.padEnd(width)}  ${'value'.padStart(10)} ${'unit'.padEnd(6)} target`);
console.log('-'.repeat(width + 40));
for (const row of rows) {
  console.log(`${String(row.name).slice(0, width).padEnd(width)}  ${String(row.value).padStart(10)} ${String(row.unit).padEnd(6)} ${row.target ?? ''}`);
}
