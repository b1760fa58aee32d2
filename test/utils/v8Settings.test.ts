import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const setFlags = vi.hoisted(() => vi.fn());
vi.mock('node:v8', () => ({ setFlagsFromString: setFlags }));

describe('V8 settings for a long agent run', () => {
  it('keep the young generation at its initial size, old space within 1.3× of live data, and wasm on Liftoff', async () => {
    await import('../../src/utils/process/v8Settings.js');
    expect(setFlags.mock.calls.map(([flag]) => flag)).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=30', '--liftoff-only']);
  });

  it('are in force before anything else the CLI loads: v8Settings is the first import of cli.ts', () => {
    const source = readFileSync(new URL('../../src/cli.ts', import.meta.url), 'utf8');
    const firstImport = /^import .*$/m.exec(source)?.[0];
    expect(firstImport).toBe("import './utils/process/v8Settings.js';");
  });
});
