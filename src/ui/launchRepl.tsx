/**
 * Brings the REPL up: folder trust, the session, history, commands, then the
 * Ink app; and takes it down again so the terminal is left as it was found.
 */
import { render } from 'ink';
import { loadCommandCatalog } from '../app/commandCatalog.js';
import { createPermissionRulesAccess } from '../commands/permissionRulesAccess.js';
import { openPromptHistory } from '../history/promptHistory.js';
import { configDir } from '../settings/configPaths.js';
import { startConversation, type ResumeTarget } from '../app/startConversation.js';
import { preloadModelClient } from '../services/api/anthropicClient.js';
import { registerCleanup } from '../utils/cleanup.js';
import { VERSION } from '../version.js';
import { loadMarkdownLexer } from './markdown/markdownEngine.js';
import { loadDisplaySettings } from '../settings/displaySettings.js';
import { AttentionNotifier } from './repl/attentionNotifier.js';
import { printReadinessFor } from './repl/printReadiness.js';
import { StatusLineSlot } from './status/statusLineSlot.js';
import { applyTheme } from './kit/theme.js';
import { replCommandHooks } from './repl/replCommandHooks.js';
import { ReplApp } from './repl/ReplApp.js';
import { ReplController } from './repl/replController.js';
import { createTerminalHandoff } from './repl/terminalHandoff.js';
import { runEditorInForeground } from '../utils/process/externalEditor.js';
import { replayItems } from './repl/replayItems.js';
import type { ReplLaunchOptions } from './startRepl.js';
import { loadToolRenderers } from './tools/toolRendererCache.js';
import { finishedTextThatFits, stderrForInk, stdoutForInk } from './layout/inkStdout.js';
import { askFolderTrust } from './trust/askFolderTrust.js';
import { isFolderTrusted, trustFolder } from '../permissions/folderTrust.js';

const BRACKETED_PASTE_ON = '\u001B[?2004h';
const BRACKETED_PASTE_OFF = '\u001B[?2004l';
/** How long to wait, after the app closes, for an interrupted turn to finish answering its tool calls. */
const SHUTDOWN_GRACE_MS = 3_000;
/**
 * The live area repaints at most 10 times a second: each repaint writes the changed text line again
 * (~130 bytes), so a slower cadence writes fewer bytes per streamed character; 100 ms still reads as
 * a steady stream.
 */
const LIVE_PUBLISH_INTERVAL_MS = 100;
/** When the modules the first answer needs start loading: after the first frames, long before a prompt is typed and answered. */
const AFTER_FIRST_FRAMES_MS = 100;

/** `located`: the saved conversation to continue, already being read (startRepl starts it before Ink loads). */
export async function launchRepl(options: ReplLaunchOptions, located?: Promise<ResumeTarget | undefined>): Promise<number> {
  holdKeystrokes();
  const env = options.session.env ?? process.env;
  const config = configDir(env);
  const cwd = options.session.cwd;

  if (!(await isFolderTrusted(config, cwd))) {
    if (!(await askFolderTrust(cwd))) return 0;
    holdKeystrokes();
    await trustFolder(config, cwd);
  }

  // Project MCP servers are repository content too: they start only now that the folder is trusted.
  const warnings: string[] = [];
  const { choice } = options;
  const { conversation } = await startConversation({
    session: { ...options.session, env, isInteractive: true, isTrusted: true },
    choice: choice.kind === 'pick' ? { kind: 'new' } : choice,
    ...(located ? { located } : {}),
    persist: options.persist,
    mcp: { cliConfigs: options.mcp?.cliConfigs, strict: options.mcp?.strict, isTrusted: true },
    onWarning: (message) => {
      if (controller) controller.transcript.addNotice('warning', message);
      else warnings.push(message);
    },
  });
  const { session } = conversation;
  const [history, commands, display] = await Promise.all([
    openPromptHistory({ configDir: session.info.configDir, projectRoot: session.cwd }),
    loadCommandCatalog(session, 'repl'),
    loadDisplaySettings(session.settingsInForce.current()),
  ]);
  const terminal = { write: (sequence: string) => void process.stdout.write(sequence) };
  const handOffTerminal = createTerminalHandoff({ stdin: process.stdin, write: terminal.write, env });
  const permissionRules = createPermissionRulesAccess({
    projectRoot: session.cwd,
    appState: session.appState,
    configDir: session.info.configDir,
    onSaveError: (message) => controller?.transcript.addNotice('warning', `The rule holds for this session only: ${message}`),
  });
  let controller: ReplController | undefined;
  controller = new ReplController({
    conversation,
    commands,
    history,
    permissionRules,
    readiness: printReadinessFor(() => session.tools),
    finishedTextHeld: () => finishedTextThatFits(process.stdout),
    publishIntervalMs: LIVE_PUBLISH_INTERVAL_MS,
    baseUrl: env.ANTHROPIC_BASE_URL || undefined,
    terminal,
    notifier: new AttentionNotifier({ setting: display.notifications, env, write: terminal.write }),
    openEditor: (file) => handOffTerminal(() => runEditorInForeground(file, env)),
    commandHooks: replCommandHooks(() => controller, () => statusLine),
    vimMode: display.editorMode === 'vim',
  });
  // An MCP server's question opens a form in the REPL.
  session.mcp?.setElicitationHandler((request, signal) => controller.dialogs.elicit(request, signal));
  for (const warning of display.warnings) controller.transcript.addNotice('warning', warning);
  if (display.theme) applyTheme(display.theme);
  const statusLine = new StatusLineSlot(controller, { cwd: session.cwd, env });
  statusLine.set(display.statusLine?.command);
  if (options.verbose || display.verbose) controller.toggleVerbose();
  controller.transcript.addItem({ kind: 'welcome', version: VERSION, model: conversation.model, cwd: conversation.cwd });
  for (const warning of [...session.startupWarnings, ...warnings]) controller.transcript.addNotice('warning', warning);
  if (conversation.messages.length > 0) {
    controller.transcript.addNotice('info', `Resumed session ${conversation.id} (${conversation.messages.length} messages).`);
    for (const item of replayItems(conversation.messages)) controller.transcript.addItem(item);
  }
  await conversation.start();

  process.stdout.write(BRACKETED_PASTE_ON);
  const unregister = registerCleanup(() => {
    process.stdout.write(BRACKETED_PASTE_OFF);
  });
  const onSignal = (): void => controller.requestExit();
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('SIGINT', onSignal);

  // The first frame shows what is already there (the welcome, warnings, a resumed session). Otherwise the
  // store's first publish repainted ~10 ms after it, and a key typed at once waited out Ink's repaint
  // throttle (~32 ms) before it echoed (tmux: prompt → echo 42 ms before, 22 ms after).
  controller.transcript.flush();
  const inkStdout = stdoutForInk(process.stdout);
  const instance = render(<ReplApp controller={controller} commands={commands.registry} history={history} statusLine={statusLine} />, {
    stdout: inkStdout,
    stderr: stderrForInk(process.stderr, inkStdout),
    // Whole frames: stdoutForInk's frame writer compares them line by line with what is on screen.
    incrementalRendering: false,
    exitOnCtrlC: false,
    kittyKeyboard: { mode: 'auto' },
  });
  // Paint first: the prompt is on screen once render() and the effects' repaint (Ink throttles repaints
  // to ~32 ms) are done. Only then does what the first answer needs (markdown, each tool's UI with its
  // diff view, the SDK and Node's fetch) load, so neither the first frames nor the first keys wait for them.
  const preload = setTimeout(() => {
    void loadMarkdownLexer();
    for (const tool of session.tools) void loadToolRenderers(tool);
    preloadModelClient();
  }, AFTER_FIRST_FRAMES_MS);
  try {
    if (choice.kind === 'pick') await controller.resumeSession(undefined, { fork: choice.fork });
    if (options.initialPrompt?.trim()) controller.submit(options.initialPrompt);
    await instance.waitUntilExit();
    controller.requestExit();
    await Promise.race([controller.whenIdle(), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())]);
  } finally {
    clearTimeout(preload);
    statusLine.dispose();
    controller.dispose();
    await conversation.end('exit');
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('SIGINT', onSignal);
    process.stdout.write(BRACKETED_PASTE_OFF);
    unregister();
  }
  // The way back in, printed where the user will look for it: below the last screen.
  if (options.persist && conversation.messages.length > 0) process.stdout.write(`\nResume this session with: agentcli --resume ${conversation.id}\n`);
  return 0;
}

/**
 * Raw mode from the first moment: keys typed while the REPL starts (or
 * between the trust question and the prompt) wait unechoed in the terminal
 * until Ink reads them, instead of sitting in the line editor of a cooked
 * terminal, where they would be echoed over the screen and held until Enter.
 */
function holdKeystrokes(): void {
  if (!process.stdin.isTTY) return;
  process.stdin.setRawMode(true);
  // Whatever path leads out (an error while the session loads included), the shell gets its terminal back.
  restoreTerminal ??= registerCleanup(() => {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
  });
}
let restoreTerminal: (() => void) | undefined;
