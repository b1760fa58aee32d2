// Benchmarks import the project's TypeScript: each bundles what it needs with
// esbuild into .bench-tmp/ (gitignored), with the same settings, through here.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const benchTmp = path.join(repoRoot, '.bench-tmp');

/** esbuild with the benchmark defaults (Node 20 ESM, dependencies left external); `options` adds entry and output. */
export async function bundleForBench(options) {
  mkdirSync(benchTmp, { recursive: true });
  return build({ bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error', ...options });
}
