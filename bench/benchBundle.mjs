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

/**
 * Bundles a module that re-exports `exports` (lines like `export { x } from './src/…ts';`, paths from the
 * repository root) into .bench-tmp/<name>.bundle.mjs, and imports it.
 */
export async function importBenchExports(name, exports) {
  const outfile = path.join(benchTmp, `${name}.bundle.mjs`);
  await bundleForBench({
    stdin: { contents: exports.join('\n'), resolveDir: repoRoot, loader: 'ts', sourcefile: `${name}Entry.ts` },
    outfile,
    splitting: false,
  });
  return import(outfile);
}
