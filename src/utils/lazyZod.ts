/**
 * In the bundle, `import { z } from 'zod'` inside src/ resolves here (see
 * scripts/build.mjs): the same zod, loaded on first use instead of at
 * start-up. Nothing needs a zod schema before the first model response —
 * the built-in tools' JSON Schemas are precomputed at build time — so zod's
 * ~40 ms of loading moves from start-up into the time the model is thinking.
 * Tests run the sources directly and import zod itself.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type * as Zod from 'zod';

type ZodNamespace = typeof Zod.z;

let loaded: ZodNamespace | undefined;
function zod(): ZodNamespace {
  // A synchronous load, one instance: the single-file zod the build puts next to
  // the chunks (scripts/build.mjs), else the installed package's CommonJS build.
  loaded ??= requireZod().z;
  return loaded;
}

function requireZod(): typeof Zod {
  const require = createRequire(import.meta.url);
  const vendored = path.join(path.dirname(fileURLToPath(import.meta.url)), 'zod.cjs');
  let source: string;
  try {
    source = readFileSync(vendored, 'utf8');
  } catch {
    return require('zod') as typeof Zod;
  }
  return runWithCodeCache(vendored, source) as typeof Zod;
}

/**
 * Runs a CommonJS file the way require does, but compiled with the V8 code
 * cache the build wrote next to it (`<file>.v8cache`, scripts/build.mjs):
 * parsing and compiling zod's 450 kB is most of its cost, and it falls in
 * the first turn that checks a tool's input (3-5× less with the cache). A
 * cache from another Node or V8 version is rejected by V8 and the file is
 * compiled as usual.
 */
function runWithCodeCache(file: string, source: string): unknown {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(`${file}.v8cache`);
  } catch {
    // no cache: compile as usual
  }
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;
  run(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

export const z: ZodNamespace = new Proxy({} as ZodNamespace, {
  get: (_target, key) => Reflect.get(zod(), key),
  has: (_target, key) => Reflect.has(zod(), key),
});

