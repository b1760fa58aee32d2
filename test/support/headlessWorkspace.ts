// The built CLI run headless against the fake server, in a fresh project folder and config
// folder for every test. Call useHeadlessWorkspace() once at the top of a test file: it
// registers the hooks that make the folders before each test and close the server after it.
import { afterEach, beforeEach } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn, type ScriptFn } from './fakeAnthropic.js';
import { runCli, tempDir, type CliRun } from './runCli.js';

export type WorkspaceFolders = { readonly cwd: string; readonly configDir: string };

export type HeadlessWorkspace = {
  /** The fake server of the test's latest run; undefined before the first. */
  readonly server: FakeAnthropicServer | undefined;
  /** Starts a fake server with `script` (closing the previous one) and runs `agentcli <args>` in the project folder. */
  run(script: ScriptedTurn[] | ScriptFn, args: readonly string[], extra?: { readonly env?: Record<string, string>; readonly stdin?: string }): Promise<CliRun>;
};

/** `onFolders` receives each test's folders before it runs (files keep them in `cwd` / `configDir` variables). */
export function useHeadlessWorkspace(onFolders: (folders: WorkspaceFolders) => void): HeadlessWorkspace {
  let folders: WorkspaceFolders | undefined;
  let server: FakeAnthropicServer | undefined;
  beforeEach(async () => {
    folders = { cwd: await tempDir('agentcli-cwd-'), configDir: await tempDir('agentcli-config-') };
    onFolders(folders);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get server() {
      return server;
    },
    async run(script, args, extra = {}) {
      if (!folders) throw new Error('useHeadlessWorkspace: run() outside a test');
      await server?.close();
      server = await startFakeAnthropic({ script });
      return runCli(args, {
        cwd: folders.cwd,
        ...(extra.stdin !== undefined ? { stdin: extra.stdin } : {}),
        env: {
          ANTHROPIC_BASE_URL: server.url,
          ANTHROPIC_API_KEY: 'test-key',
          AGENTCLI_CONFIG_DIR: folders.configDir,
          AGENTCLI_RETRY_BASE_DELAY_MS: '5',
          ...extra.env,
        },
      });
    },
  };
}
