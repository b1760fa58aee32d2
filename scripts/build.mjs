// Bundles src/cli.ts into dist/ so the CLI starts from one small entry chunk.
// Heavy modules (Ink/React, MCP SDK, markdown, highlighting) are reached only
// through dynamic import(), so esbuild's code splitting keeps them out of the
// headless start-up path.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export async function buildAgentcli({ quiet = false, outdir = 'dist' } = {}) {
  rmSync(path.join(root, outdir), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { cli: 'src/cli.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    minify: true,
    legalComments: 'none',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: quiet ? 'error' : 'warning',
    // Packages that locate files (binaries, wasm) relative to their own
    // install folder must stay outside the bundle.
    external: ['@vscode/ripgrep', 'web-tree-sitter', 'tree-sitter-bash', 'react-devtools-core'],
    define: {
      // React's production build: the development build is several times slower per repaint.
      'process.env.NODE_ENV': '"production"',
      AGENTCLI_VERSION: JSON.stringify(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version),
    },
    banner: {
      js: "import { createRequire as __agentcliCreateRequire } from 'node:module'; const require = __agentcliCreateRequire(import.meta.url);",
    },
  });
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAgentcli();
}
