import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const setFlags = vi.hoisted(() => vi.fn());
vi.mock('node:v8', () => ({ setFlagsFromString: setFlags }));

describe('V8 heap settings for a long agent run', () => {
  it('keeps the young generation at its initial size and old space within 1.3× of live data', async () => {
    await import('../../src/utils/process/heapTuning.js');
    expect(setFlags.mock.calls.map(([flag]) => flag)).toEqual(['--semi-space-growth-factor=1', '--heap-growing-percent=30']);
  });

  it('are in force before anything else the CLI loads: heapTuning is the first import of cli.ts', () => {
    const source = readFileSync(new URL('../../src/cli.ts', import.meta.url), 'utf8');
    const firstImport = /^import .*$/m.exec(source)?.[0];
    expect(firstImport).toBe("import './utils/process/heapTuning.js';");
  });
});
