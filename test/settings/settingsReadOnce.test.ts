// Settings are read once per start: the composition root reads the selected settings files into one snapshot
// (src/settings/settingsSnapshot.ts) and every start-up loader — permission rules, hooks, plugins, plain values,
// MCP servers, the live-settings watcher — takes its layers from it. Counted with a preload that logs every
// file the process reads, for a real headless run of the built CLI.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn } from '../support/scenario.js';
import { runCli, tempDir } from '../support/runCli.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Wraps every way Node reads a whole file, then re-exports the wrapped functions to ES modules. */
function readLoggerPreload(log: string): string {
  return [
    "import fs from 'node:fs';",
    "import { syncBuiltinESMExports } from 'node:module';",
    `const log = (file) => { if (typeof file === 'string') fs.appendFileSync(${JSON.stringify(log)}, file + '\\n'); };`,
    'const promised = fs.promises.readFile;',
    'fs.promises.readFile = function (file, ...rest) { log(file); return promised.call(this, file, ...rest); };',
    'const sync = fs.readFileSync;',
    'fs.readFileSync = function (file, ...rest) { log(file); return sync.call(this, file, ...rest); };',
    'const callback = fs.readFile;',
    'fs.readFile = function (file, ...rest) { log(file); return callback.call(this, file, ...rest); };',
    'syncBuiltinESMExports();',
  ].join('\n');
}

describe('settings read once per start', () => {
  it.each([
    { flags: [] as string[], expected: { user: 1, project: 1, local: 1, flag: 1 } },
    { flags: ['--setting-sources', 'user'], expected: { user: 1, project: 0, local: 0, flag: 1 } },
  ])('a headless run reads each selected settings file (and --settings) exactly once: $flags', async ({ flags, expected }) => {
    const cwd = await tempDir('agentcli-settings-once-');
    const configDir = await tempDir('agentcli-settings-once-config-');
    const scratch = await tempDir('agentcli-settings-once-log-');
    await mkdir(path.join(cwd, '.claude'), { recursive: true });
    const files = {
      user: path.join(configDir, 'settings.json'),
      project: path.join(cwd, '.claude', 'settings.json'),
      local: path.join(cwd, '.claude', 'settings.local.json'),
      flag: path.join(scratch, 'flag-settings.json'),
    };
    await writeFile(files.user, JSON.stringify({ permissions: { allow: ['Read'] }, mcpServers: {}, alwaysThinkingEnabled: false }));
    await writeFile(files.project, JSON.stringify({ permissions: { deny: ['Bash(rm*)'] }, hooks: {} }));
    await writeFile(files.local, JSON.stringify({ permissions: { ask: ['Bash(git push*)'] }, outputStyle: 'default' }));
    await writeFile(files.flag, JSON.stringify({ permissions: { deny: ['WebFetch'] } }));
    const log = path.join(scratch, 'reads.log');
    const preload = path.join(scratch, 'log-reads.mjs');
    await writeFile(preload, readLoggerPreload(log));
    await writeFile(log, '');
    server = await startFakeAnthropic({ script: [endTurn('hello')] });

    const run = await runCli(['-p', 'hi', '--settings', files.flag, ...flags], {
      cwd,
      env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, NODE_OPTIONS: `--import ${preload}` },
    });
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('hello');

    const reads = (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '');
    const count = (file: string) => reads.filter((read) => path.resolve(cwd, read) === file).length;
    expect({ user: count(files.user), project: count(files.project), local: count(files.local), flag: count(files.flag) }).toEqual(expected);
  });
});
