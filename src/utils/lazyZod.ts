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
  // The CommonJS build of the installed zod package: a synchronous load, one instance.
  loaded ??= (createRequire(import.meta.url)('zod') as typeof Zod).z;
  return loaded;
}

export const z: ZodNamespace = new Proxy({} as ZodNamespace, {
  get: (_target, key) => Reflect.get(zod(), key),
  has: (_target, key) => Reflect.has(zod(), key),
});

/** Loads zod now (called while the first request is in flight). */
export function preloadZod(): void {
  zod();
}
