// Starts the BUILT agentcli (bin/agentcli.js, bundled by vitest's globalSetup) in tmux against the
// fake Anthropic server running in the test process, in a temp project folder with its own config dir.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustFolder } from '../../../src/permissions/folderTrust.js';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn, type ScriptFn } from '../../support/fakeAnthropic.js';
import { TmuxTerminal } from './tmuxTerminal.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const AGENTCLI_BIN = path.join(repoRoot, 'bin', 'agentcli.js');

export type ReplRun = {
  readonly terminal: TmuxTerminal;
  readonly server: FakeAnthropicServer;
  readonly cwd: string;
  readonly configDir: string;
  close(): Promise<void>;
};

export type ReplRunOptions = {
  /** The model's turns; a function of the project folder when they must name files in it. */
  readonly script: ScriptedTurn[] | ScriptFn | { readonly forCwd: (cwd: string) => ScriptedTurn[] };
  readonly args?: readonly string[];
  /** Pre-trust the folder so the REPL opens straight away (default true). */
  readonly trusted?: boolean;
  readonly env?: Record<string, string>;
  readonly columns?: number;
  readonly rows?: number;
  /** Files to create in the project folder before start, path → content. */
  readonly files?: Record<string, string | Uint8Array>;
  /** Reuse the folders of an earlier run (a second session in the same project); they are then not deleted on close. */
  readonly folders?: { readonly cwd: string; readonly configDir: string };
};

export async function startRepl(options: ReplRunOptions): Promise<ReplRun> {
  // realpath: on some systems the temp folder is a symlink, and the REPL shows resolved paths.
  const cwd = options.folders?.cwd ?? (await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentcli-e2e-cwd-'))));
  const script = 'forCwd' in options.script ? options.script.forCwd(cwd) : options.script;
  const server = await startFakeAnthropic({ script });
  const configDir = options.folders?.configDir ?? (await mkdtemp(path.join(os.tmpdir(), 'agentcli-e2e-config-')));
  for (const [file, content] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), content);
  }
  if (options.trusted ?? true) {
    await trustFolder(configDir, cwd);
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.homedir(),
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: server.url,
    AGENTCLI_CONFIG_DIR: configDir,
    AGENTCLI_RETRY_BASE_DELAY_MS: '5',
    // CI runs set CI=true; the REPL must paint its live area regardless.
    CI: 'true',
    ...options.env,
  };
  const terminal = await TmuxTerminal.start({
    command: [process.execPath, AGENTCLI_BIN, ...(options.args ?? [])],
    cwd,
    env,
    columns: options.columns,
    rows: options.rows,
  });
  return {
    terminal,
    server,
    cwd,
    configDir,
    async close() {
      await terminal.kill();
      await server.close();
      if (options.folders) return;
      await rm(cwd, { recursive: true, force: true });
      await rm(configDir, { recursive: true, force: true });
    },
  };
}
