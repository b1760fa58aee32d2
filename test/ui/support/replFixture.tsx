// The whole REPL (controller + Ink app) in a fake terminal, against the fake Anthropic server
// through the real SDK, with real session assembly and whatever tools a test passes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadCustomCommands } from '../../../src/commands/custom/customCommands.js';
import { createPermissionRulesAccess } from '../../../src/commands/permissionRulesAccess.js';
import { createCommandCatalog } from '../../../src/app/commandCatalog.js';
import { openPromptHistory } from '../../../src/history/promptHistory.js';
import type { PermissionMode } from '../../../src/contract/permissions.js';
import { createAnthropicModelClient } from '../../../src/services/api/anthropicClient.js';
import { ConversationSession } from '../../../src/session/conversationSession.js';
import { createSession } from '../../../src/app/createSession.js';
import type { Session } from '../../../src/session/session.js';
import type { Tool } from '../../../src/contract/tool.js';
import { loadMarkdownLexer } from '../../../src/ui/markdown/markdownEngine.js';
import { printReadinessFor } from '../../../src/ui/repl/printReadiness.js';
import { ReplApp } from '../../../src/ui/repl/ReplApp.js';
import { ReplController } from '../../../src/ui/repl/replController.js';
import type { AttentionNotifier } from '../../../src/ui/repl/attentionNotifier.js';
import type { EditorRun } from '../../../src/utils/process/externalEditor.js';
import { StatusLineSlot } from '../../../src/ui/status/statusLineSlot.js';
import { replCommandHooks } from '../../../src/ui/repl/replCommandHooks.js';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn, type ScriptFn } from '../../support/fakeAnthropic.js';
import { renderInTerminal, type InkTerminal } from './inkTerminal.js';

export type ReplFixture = {
  readonly terminal: InkTerminal;
  readonly server: FakeAnthropicServer;
  readonly controller: ReplController;
  readonly session: Session;
  readonly cwd: string;
  readonly configDir: string;
  /** Types text, then Enter, as separate key events. */
  submit(text: string): Promise<void>;
  close(): Promise<void>;
};

export async function startReplFixture(options: {
  readonly script: ScriptedTurn[] | ScriptFn;
  readonly tools?: readonly Tool[];
  readonly mode?: PermissionMode;
  readonly files?: Record<string, string | Uint8Array>;
  readonly columns?: number;
  readonly rows?: number;
  /** A `statusLine` program, as the setting gives it. */
  readonly statusLineCommand?: string;
  readonly notifier?: AttentionNotifier;
  /** What opening a file in the editor does (the real REPL hands the terminal to $EDITOR). */
  readonly openEditor?: (file: string) => EditorRun;
  /** Adds the Agent tool (with these --agents JSON definitions, if any). */
  readonly agents?: { readonly cliJson?: string };
  readonly env?: Record<string, string>;
  /** Vim editing from the start (the `editorMode` setting). */
  readonly vimMode?: boolean;
  /** --max-budget-usd. */
  readonly maxBudgetUsd?: number;
}): Promise<ReplFixture> {
  const server = await startFakeAnthropic({ script: options.script });
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-repl-cwd-'));
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-repl-config-'));
  for (const [file, content] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), content);
  }
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_RETRY_BASE_DELAY_MS: '5', ...options.env },
    permissionMode: options.mode ?? 'default',
    isInteractive: true,
    isTrusted: true,
    baseTools: options.tools ?? [],
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
    ...(options.agents ? { agents: options.agents } : {}),
    ...(options.maxBudgetUsd !== undefined ? { maxBudgetUsd: options.maxBudgetUsd } : {}),
  });
  const [history, custom] = await Promise.all([
    openPromptHistory({ configDir, projectRoot: cwd }),
    loadCustomCommands({ projectRoot: cwd, configDir }),
    loadMarkdownLexer(),
  ]);
  const commands = createCommandCatalog('repl', custom);
  const permissionRules = createPermissionRulesAccess({
    projectRoot: cwd,
    appState: session.appState,
    configDir,
    onSaveError: (message) => controller.transcript.addNotice('warning', message),
  });
  const conversation = new ConversationSession({ session, persist: true });
  const controller: ReplController = new ReplController({
    conversation,
    commands,
    history,
    permissionRules,
    readiness: printReadinessFor(() => session.tools),
    publishIntervalMs: 5,
    ...(options.notifier ? { notifier: options.notifier } : {}),
    ...(options.openEditor ? { openEditor: options.openEditor } : {}),
    commandHooks: replCommandHooks(() => controller, () => statusLine),
    ...(options.vimMode ? { vimMode: true } : {}),
  });
  const statusLine = new StatusLineSlot(controller, { cwd, minIntervalMs: 20 });
  statusLine.set(options.statusLineCommand);
  const terminal = renderInTerminal(<ReplApp controller={controller} commands={commands.registry} history={history} statusLine={statusLine} />, {
    columns: options.columns ?? 100,
    rows: options.rows ?? 40,
  });
  await terminal.waitFor('Ask anything');
  return {
    terminal,
    server,
    controller,
    session,
    cwd,
    configDir,
    async submit(text) {
      await terminal.press(text);
      await terminal.press('\r');
    },
    async close() {
      controller.requestExit();
      await Promise.race([controller.whenIdle(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
      terminal.unmount();
      statusLine.dispose();
      controller.dispose();
      await server.close();
      await rm(cwd, { recursive: true, force: true });
      await rm(configDir, { recursive: true, force: true });
    },
  };
}
