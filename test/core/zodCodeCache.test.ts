// The vendored zod's V8 code cache (scripts/build.mjs, src/utils/lazyZod.ts): V8 takes it only when
// it was made under the flags the CLI runs with; a rejected cache silently costs the first turn
// that checks a tool input 3-5× more (it once was rejected because the CLI sets V8 flags at start).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain .mjs build script without type declarations
import { cliV8Flags } from '../../scripts/build.mjs';

const zodFile = path.resolve('dist', 'chunks', 'zod.cjs');

function loadInChild(flags: readonly string[]): { rejected: boolean; parsed: boolean } {
  const script = `
    const { setFlagsFromString } = require('node:v8');
    for (const flag of ${JSON.stringify(flags)}) setFlagsFromString(flag);
    const { readFileSync } = require('node:fs');
    const Module = require('node:module');
    const { Script } = require('node:vm');
    const file = ${JSON.stringify(zodFile)};
    const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData: readFileSync(file + '.v8cache') });
    const module = { exports: {} };
    script.runInThisContext()(module.exports, require, module, file, '.');
    const { z } = module.exports;
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected, parsed: z.strictObject({ a: z.string() }).safeParse({ a: 'x' }).success }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe('zod code cache', () => {
  it('is built next to the vendored zod and accepted under the V8 flags the CLI sets', () => {
    expect(existsSync(`${zodFile}.v8cache`)).toBe(true);
    expect(loadInChild(cliV8Flags())).toEqual({ rejected: false, parsed: true });
  });

  it('a cache V8 does not accept (other flags) only costs time: zod still loads', () => {
    expect(loadInChild([])).toEqual({ rejected: true, parsed: true });
  });
});
