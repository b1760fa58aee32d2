import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AGENTCLI_BIN } from './support/replHarness.js';

const run = promisify(execFile);

describe('REPL start-up outside a terminal', () => {
  it('without a terminal (piped), plain `agentcli` says to use -p and exits non-zero', async () => {
    const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-notty-'));
    try {
      const failure = await run(process.execPath, [AGENTCLI_BIN], {
        env: { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'x', AGENTCLI_CONFIG_DIR: configDir },
        timeout: 10_000,
      }).then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toBe('agentcli: the interactive REPL needs a terminal; for scripts and pipes run headless with -p "<prompt>".\n');
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });
});
