// Bundles src/cli.ts into dist/ so the CLI starts from one small entry chunk.
// Heavy modules (Ink/React, MCP SDK, markdown, highlighting) are reached only
// through dynamic import(), so esbuild's code splitting keeps them out of the
// headless start-up path.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The built-in tools' API input schemas, computed now so the CLI does not
 * build zod schemas (or even load zod) before its first request.
 */
async function builtinToolSchemas() {
  const tmp = path.join(root, '.build-tmp');
  mkdirSync(tmp, { recursive: true });
  const outfile = path.join(tmp, 'toolSchemaManifest.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: ['scripts/toolSchemaManifest.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return execFileSync(process.execPath, [outfile], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

/** `import { z } from 'zod'` in our sources becomes a zod loaded on first use (src/utils/lazyZod.ts). */
const lazyZodPlugin = {
  name: 'lazy-zod',
  setup(pluginBuild) {
    const lazyZod = path.join(root, 'src', 'utils', 'lazyZod.ts');
    pluginBuild.onResolve({ filter: /^zod$/ }, (args) => {
      const fromOurSources = args.importer.startsWith(path.join(root, 'src') + path.sep) && args.importer !== lazyZod;
      return fromOurSources ? { path: lazyZod } : undefined;
    });
  },
};

/**
 * Ink lays out with yoga, whose wasm is inlined as a data: URI that its
 * emscripten loader "downloads" with fetch() when fetch exists. The first
 * fetch() in a process loads undici, Node's whole HTTP client (~100 ms of
 * CPU on these machines, before the first frame). The loader's own
 * fallback — decoding the inlined base64 — is what it ends up doing
 * anyway, so it is used directly.
 */
const yogaWithoutFetchPlugin = {
  name: 'yoga-without-fetch',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/].*\.js$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      const patched = source.replaceAll('"function"!=typeof fetch', '!0');
      if (patched === source) throw new Error(`yoga-without-fetch: the loader in ${args.path} changed; check how it loads its wasm`);
      return { contents: patched, loader: 'js' };
    });
  },
};

/**
 * Ink 6's incremental renderer (the REPL repaints only the lines that
 * changed) moves the cursor up one line too few before a frame that ends in
 * a newline — every frame but a fullscreen one — so each repaint drifted a
 * line down and left the spinner behind in the scroll-back. Ink 8 fixed it
 * (previousLines counts the empty piece after the final newline); Ink 8
 * needs Node 22, so the same one-line fix is applied here.
 */
const inkIncrementalCursorPlugin = {
  name: 'ink-incremental-cursor',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]ink[\\/]build[\\/]log-update\.js$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      const patched = source.replace('buffer.push(ansiEscapes.cursorUp(previousVisible - 1));', 'buffer.push(ansiEscapes.cursorUp(previousLines.length - 1));');
      if (patched === source) throw new Error(`ink-incremental-cursor: ${args.path} changed; check whether Ink still needs this fix`);
      return { contents: patched, loader: 'js' };
    });
  },
};

/**
 * The Anthropic SDK builds every request's headers with the global
 * `Headers`, whose first touch loads undici (Node's fetch, ~25 ms of CPU
 * before the first request). Its modules get our spec-following class
 * instead (src/services/api/fetchHeaders.ts); agentcli hands the SDK a
 * fetch that never needs undici (nodeHttpFetch.ts). Other packages keep the
 * global: they pass headers to Node's own fetch.
 */
const sdkFetchHeadersPlugin = {
  name: 'sdk-fetch-headers',
  setup(pluginBuild) {
    const fetchHeaders = path.join(root, 'src', 'services', 'api', 'fetchHeaders.ts');
    const usesGlobalHeaders = /\bnew Headers\b|\binstanceof Headers\b/;
    pluginBuild.onLoad({ filter: /[\\/]@anthropic-ai[\\/]sdk[\\/].*\.mjs$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!usesGlobalHeaders.test(source)) return undefined;
      return { contents: `import { FetchHeaders as Headers } from ${JSON.stringify(fetchHeaders)};\n${source}`, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/** Ink's (and its helpers') `string-width` becomes src/ui/terminalStringWidth.ts, which calls the real one for what its fast path does not cover. */
const terminalStringWidthPlugin = {
  name: 'terminal-string-width',
  setup(pluginBuild) {
    const shim = path.join(root, 'src', 'ui', 'terminalStringWidth.ts');
    pluginBuild.onResolve({ filter: /^string-width$/ }, (args) => (args.importer === shim ? undefined : { path: shim }));
  },
};

/** `minify: false` and `splitting: false` are for profiling builds (readable names in --cpu-prof; one file); `metafile: true` says which sources each chunk holds. */
export async function buildAgentcli({ quiet = false, outdir = 'dist', minify = true, splitting = true, metafile = false } = {}) {
  const schemas = await builtinToolSchemas();
  rmSync(path.join(root, outdir), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { cli: 'src/cli.ts' },
    outdir,
    bundle: true,
    splitting,
    metafile,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    minify,
    legalComments: 'none',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: quiet ? 'error' : 'warning',
    // Packages that locate files (binaries, wasm) relative to their own
    // install folder must stay outside the bundle.
    // zod itself is loaded at run time by src/utils/lazyZod.ts (a plain require of the installed package).
    // kerberos: an optional peer of the proxy agents (Negotiate proxy auth), imported only if asked for.
    external: ['@vscode/ripgrep', 'web-tree-sitter', 'tree-sitter-bash', 'react-devtools-core', 'kerberos'],
    plugins: [lazyZodPlugin, yogaWithoutFetchPlugin, terminalStringWidthPlugin, sdkFetchHeadersPlugin, inkIncrementalCursorPlugin],
    define: {
      // React's production build: the development build is several times slower per repaint.
      'process.env.NODE_ENV': '"production"',
      AGENTCLI_BUILTIN_TOOL_SCHEMAS: schemas,
      AGENTCLI_VERSION: JSON.stringify(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version),
    },
    banner: {
      js: "import { createRequire as __agentcliCreateRequire } from 'node:module'; const require = __agentcliCreateRequire(import.meta.url);",
    },
  });
  await vendorZod(outdir, quiet);
  return result;
}

/**
 * zod as one minified CommonJS file next to the chunks (dist/chunks/zod.cjs),
 * which src/utils/lazyZod.ts requires on first use. Requiring the installed
 * package instead reads, wraps and compiles ~95 files: about twice the CPU,
 * spent synchronously in the first turn that builds a schema.
 */
async function vendorZod(outdir, quiet) {
  await build({
    absWorkingDir: root,
    stdin: { contents: "export { z } from 'zod';", resolveDir: root, sourcefile: 'zod-entry.js', loader: 'js' },
    outfile: path.join(root, outdir, 'chunks', 'zod.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
  });
  writeZodCodeCache(path.join(root, outdir, 'chunks', 'zod.cjs'));
}

/**
 * dist/chunks/zod.cjs.v8cache: V8's code cache for the vendored zod, made by
 * this Node, under the V8 flags the CLI sets, after running zod the way the
 * CLI first does (building and checking tool input schemas), so the
 * functions that use compiles are in it too. src/utils/lazyZod.ts compiles zod with it; V8 rejects a cache from
 * another version and compiles as usual.
 */
/** The V8 flags the CLI sets as it starts (src/utils/process/v8Settings.ts). */
export function cliV8Flags() {
  const v8Settings = readFileSync(path.join(root, 'src', 'utils', 'process', 'v8Settings.ts'), 'utf8');
  const flags = [...v8Settings.matchAll(/setFlagsFromString\('([^']+)'\)/g)].map((match) => match[1]);
  if (flags.length === 0) throw new Error('no V8 flags found in src/utils/process/v8Settings.ts; check how it sets them');
  return flags;
}

function writeZodCodeCache(file) {
  // V8 rejects a cache made under other flags: the child sets the ones the CLI sets as it starts.
  const flags = cliV8Flags();
  const script = [
    "const { setFlagsFromString } = require('node:v8');",
    `for (const flag of ${JSON.stringify(flags)}) setFlagsFromString(flag);`,
    "const { readFileSync, writeFileSync } = require('node:fs');",
    "const { wrap, createRequire } = require('node:module');",
    "const path = require('node:path');",
    "const { Script } = require('node:vm');",
    'const file = process.argv[1];',
    "const script = new Script(wrap(readFileSync(file, 'utf8')), { filename: file });",
    'const module = { exports: {} };',
    'script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));',
    'const { z } = module.exports;',
    "const schema = z.strictObject({ path: z.string().describe('a path'), n: z.number().int().min(0).optional(), flag: z.boolean().optional(), mode: z.enum(['a', 'b']).optional(), items: z.array(z.object({ k: z.string() })).optional(), either: z.union([z.string(), z.number()]).optional() });",
    "schema.safeParse({ path: 'x', n: 1, mode: 'a', items: [{ k: 'v' }], either: 2 });",
    "const failed = schema.safeParse({ path: 1, extra: true });",
    'if (!failed.success) z.prettifyError?.(failed.error);',
    "writeFileSync(`${file}.v8cache`, script.createCachedData());",
  ].join('\n');
  execFileSync(process.execPath, ['-e', script, file], { stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAgentcli();
}
