/**
 * In the bundle, `import { z } from 'zod'` inside src/ resolves here (see
 * scripts/build.mjs): the same zod, loaded on first use instead of at
 * start-up. Nothing needs a zod schema before the first model response —
 * the built-in tools' JSON Schemas are precomputed at build time — so zod's
 * ~40 ms of loading moves from start-up into the time the model is thinking.
 * Tests run the sources directly and import zod itself.
 */
import { createRequire } from 'node:module';
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
  try {
    return require('./zod.cjs') as typeof Zod;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND')) throw error;
    return require('zod') as typeof Zod;
  }
}

export const z: ZodNamespace = new Proxy({} as ZodNamespace, {
  get: (_target, key) => Reflect.get(zod(), key),
  has: (_target, key) => Reflect.has(zod(), key),
});

/** Loads zod now (called while the first request is in flight). */
export function preloadZod(): void {
  zod();
}
