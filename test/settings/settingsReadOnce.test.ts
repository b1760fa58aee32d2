// The settings files are read once per start: the composition root reads them into one snapshot and
// every start-up loader (rules, sandbox, hooks, plain values, plugins, MCP servers, the live-settings
// watcher's baseline) reads through it. Counted at the file system: every readFile of a settings file
// during a headless start and its first turn.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = ((file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) => {
    reads.push(String(file));
    return (actual.readFile as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof actual.readFile;
  return { ...actual, default: { ...actual, readFile }, readFile };
});

const { startConversation } = await import('../../src/app/startConversation.js');
const { createAnthropicModelClient } = await import('../../src/services/api/anthropicClient.js');
const { startFakeAnthropic } = await import('../support/fakeAnthropic.js');
const { endTurn } = await import('../support/scenario.js');
const { tempDir } = await import('../support/runCli.js');

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runHeadlessStart(options: { readonly settingSources?: readonly ('user' | 'project' | 'local')[] }) {
  const cwd = await tempDir('agentcli-settings-once-');
  const configDir = await tempDir('agentcli-settings-once-config-');
  cleanups.push(() => rm(cwd, { recursive: true, force: true }), () => rm(configDir, { recursive: true, force: true }));
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  const files = {
    project: path.join(cwd, '.claude', 'settings.json'),
    local: path.join(cwd, '.claude', 'settings.local.json'),
    user: path.join(configDir, 'settings.json'),
    flag: path.join(cwd, 'flag-settings.json'),
  };
  await writeFile(files.project, JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
  await writeFile(files.local, JSON.stringify({ permissions: { allow: ['Read'] }, mcpServers: {} }));
  await writeFile(files.user, JSON.stringify({ alwaysThinkingEnabled: false, enabledPlugins: {}, mcpServers: {} }));
  await writeFile(files.flag, JSON.stringify({ outputStyle: 'default', permissions: { ask: ['Write'] } }));
  const server = await startFakeAnthropic({ script: [endTurn('hello')] });
  cleanups.push(() => server.close());
  reads.length = 0;
  const started = await startConversation({
    session: {
      cwd,
      env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir },
      isInteractive: false,
      isTrusted: true,
      baseTools: [],
      flagSettings: files.flag,
      ...(options.settingSources ? { settingSources: options.settingSources } : {}),
      modelClient: createAnthropicModelClient({ apiKey: 'k', baseURL: server.url }),
    },
    choice: { kind: 'new' },
    persist: false,
    mcp: { isTrusted: true },
    onWarning: () => undefined,
  });
  const { conversation } = started;
  cleanups.push(async () => {
    await conversation.end('exit');
    await started.mcp?.close();
  });
  await conversation.start();
  const run = conversation.submit('hi', { signal: new AbortController().signal });
  for (let step = await run.next(); !step.done; step = await run.next());
  await conversation.session.hooks.watchList.ready();
  expect(server.requests).toHaveLength(1);
  const count = (file: string) => reads.filter((read) => read === file).length;
  return { files, count, conversation };
}

describe('settings are read once per start', () => {
  it('a headless start and its first turn read each settings file (and --settings) exactly once', async () => {
    const { files, count, conversation } = await runHeadlessStart({});
    expect({ project: count(files.project), local: count(files.local), user: count(files.user), flag: count(files.flag) }).toEqual({ project: 1, local: 1, user: 1, flag: 1 });
    // Every loader saw the files: rules from three of them, the flag's ask rule, the hook.
    const rules = conversation.session.appState.get().toolPermissionContext;
    expect(JSON.stringify(rules)).toContain('Bash(rm:*)');
    expect(JSON.stringify(rules)).toContain('Write');
    expect(conversation.session.hooks.has('Stop')).toBe(true);
  });

  it('--setting-sources user reads the user file and --settings once, and the project files not at all', async () => {
    const { files, count } = await runHeadlessStart({ settingSources: ['user'] });
    expect({ project: count(files.project), local: count(files.local), user: count(files.user), flag: count(files.flag) }).toEqual({ project: 0, local: 0, user: 1, flag: 1 });
  });
});
