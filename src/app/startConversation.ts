/**
 * The one start-up path of every front end: which conversation (new,
 * --continue, --resume <id>, --fork-session, --session-id), MCP servers,
 * the session, and the ConversationSession that owns it. Errors about the
 * session flags come before anything starts, as one clear line.
 */
import { attachTaskHooks } from '../hooks/taskHooks.js';
import { startFileChangedWatcher } from '../hooks/fileChangedHooks.js';
import { elicitationHookLayer } from '../hooks/elicitationHooks.js';
import { runSetupHooks, setupHookCall } from '../hooks/lifecycleEventHooks.js';
import { loadSessionPlugins } from '../plugins/sessionPlugins.js';
import { pluginMcpDocuments } from '../plugins/pluginMcp.js';
import { lifecycleHookListener } from '../hooks/lifecycleHooks.js';
import { preloadModelClient } from '../services/api/anthropicClient.js';
import { startConfiguredMcpServers } from '../services/mcp/startMcpServers.js';
import type { McpManager } from '../services/mcp/McpManager.js';
import type { McpConfigOptions } from '../services/mcp/loadMcpConfig.js';
import type { ScopedMcpServerConfig } from '../services/mcp/types.js';
import { UserFacingError } from '../utils/errors.js';
import { ConversationSession } from '../session/conversationSession.js';
import { createSession, type SessionOptions } from './createSession.js';
import { locateProject } from './projectLocation.js';
import { startSkillChangeMonitor } from '../hooks/skillChangeHooks.js';
import { readSettingsSnapshot } from '../settings/settingsSnapshot.js';
import { followSettingsFiles } from './liveSettings.js';
import { ruleSetOf } from '../permissions/canUseTool.js';
import type { McpSandboxContext, McpServerSandbox } from '../sandbox/mcpServerSandbox.js';
import type { ToolPermissionContext } from '../contract/permissions.js';
import type { SessionLifecycleListener } from '../session/lifecycle.js';
import { configDir as resolveConfigDir } from '../settings/configPaths.js';
import { loadTranscript, type LoadedTranscript } from '../session/transcript/loadTranscript.js';
import { findSessionFile, latestSessionFile } from '../session/transcript/sessionFiles.js';

/** Which conversation to run. */
export type SessionChoice =
  | { readonly kind: 'new'; readonly sessionId?: string }
  | { readonly kind: 'continue'; readonly fork: boolean; readonly sessionId?: string }
  | { readonly kind: 'resume'; readonly id: string; readonly fork: boolean; readonly sessionId?: string };

/** What the flags ask for; `pick` is --resume without an id (the REPL's picker). */
export type SessionChoiceFlags = SessionChoice | { readonly kind: 'pick'; readonly fork: boolean };

export type StartConversationOptions = {
  readonly session: Omit<SessionOptions, 'mcp' | 'sessionId'>;
  readonly choice: SessionChoice;
  readonly persist: boolean;
  readonly mcp:
    | {
        readonly cliConfigs?: McpConfigOptions['cliConfigs'];
        readonly strict?: boolean;
        readonly isTrusted: boolean;
        /** Servers from the front end (the Agent SDK client's in-process servers). */
        readonly extraServers?: readonly ScopedMcpServerConfig[];
        /** Start the MCP manager even with no servers: the front end may add some later. */
        readonly evenWithoutServers?: boolean;
      }
    | undefined;
  readonly lifecycle?: SessionLifecycleListener;
  readonly onWarning: (message: string) => void;
  /** The saved conversation to continue, already being read (locateSavedConversation); otherwise `choice` is looked up now. */
  readonly located?: Promise<ResumeTarget | undefined>;
  /**
   * Load the SDK while a resumed transcript is read, for a front end whose
   * first request follows at once (headless). The REPL loads it after its
   * first frames instead, so the prompt is not kept waiting.
   */
  readonly preloadModelClient?: boolean;
};

export type StartedConversation = {
  readonly conversation: ConversationSession;
  readonly mcp: McpManager | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startConversation(options: StartConversationOptions): Promise<StartedConversation> {
  const env = options.session.env ?? process.env;
  // The one project location of this start: plugins, MCP config files, transcripts and the session's loaders all read it.
  const location = locateProject({ cwd: options.session.cwd, env, settingSources: options.session.settingSources, flagSettings: options.session.flagSettings });
  const { cwd, configDir: config } = location;
  const resumed = await (options.located ?? findResumed(options.choice, config, cwd));
  // Reading a long transcript leaves the main thread idle: the SDK loads meanwhile.
  if (resumed && options.preloadModelClient) preloadModelClient();
  const newId = options.choice.sessionId;
  if (newId !== undefined) {
    if (!UUID.test(newId)) throw new UserFacingError(`--session-id must be a UUID (got "${newId}").`);
    if (await findSessionFile(config, cwd, newId)) throw new UserFacingError(`session id ${newId} is already used; pick another or resume it with --resume ${newId}.`);
    if (resumed && !resumed.fork) throw new UserFacingError('--session-id with --continue or --resume needs --fork-session (the resumed session keeps its own id).');
  }

  // The start's settings, read and parsed once: plugins, MCP servers, the session's loaders and the live-settings
  // watcher all take their layers from this snapshot.
  const settings = await readSettingsSnapshot(location);
  // Plugins first: their MCP servers start with the others (never under --strict-mcp-config, which names every server).
  const plugins = await loadSessionPlugins({
    ...settings,
    isTrusted: options.session.isTrusted,
    ...(options.session.pluginDirs ? { pluginDirs: options.session.pluginDirs } : {}),
  });
  const pluginMcpConfigs = options.mcp?.strict ? [] : pluginMcpDocuments(plugins.plugins);
  // Stdio servers start now, in the OS sandbox, whose policy needs the session's rules: they wait for those
  // (not for the whole session); once the session exists, each start reads its permission state of the moment.
  const firstPermissions = deferred<ToolPermissionContext>();
  let livePermissions: (() => ToolPermissionContext) | undefined;
  const permissionContext = async (): Promise<ToolPermissionContext> => livePermissions?.() ?? firstPermissions.promise;
  const mcpSandbox = options.mcp ? lazyMcpServerSandbox(async () => mcpSandboxContext(await permissionContext(), env), options.onWarning) : undefined;
  const mcp = options.mcp
    ? await startConfiguredMcpServers({
        ...settings,
        cliConfigs: [...(options.mcp.cliConfigs ?? []), ...pluginMcpConfigs],
        strict: options.mcp.strict,
        isTrusted: options.mcp.isTrusted,
        env,
        ...(options.mcp.extraServers ? { extraServers: options.mcp.extraServers } : {}),
        ...(options.mcp.evenWithoutServers ? { evenWithoutServers: true } : {}),
        ...(mcpSandbox ? { sandbox: mcpSandbox } : {}),
        loadToolKit: () => import('../tools/MCPTool/mcpToolKit.js').then((module) => module.mcpToolKit),
      })
    : undefined;
  const transcript = resumed ? await resumed.load : undefined;
  const sessionId = resumed && !resumed.fork ? (transcript?.sessionId ?? resumed.id) : newId;
  const session = await createSession({
    ...options.session,
    location,
    settingsSnapshot: settings,
    plugins,
    ...(transcript?.model && !options.session.model ? { model: transcript.model } : {}),
    ...(sessionId ? { sessionId } : {}),
    ...(mcp ? { mcp } : {}),
    ...(mcpSandbox ? { onPermissionContext: (context: ToolPermissionContext) => firstPermissions.resolve(context) } : {}),
  }).catch((error: unknown) => {
    firstPermissions.reject(error);
    throw error;
  });
  livePermissions = () => session.appState.get().toolPermissionContext;
  // A broken agent file is one warning; the others load (the catalog finishes while the first request is built).
  session.agentCatalog.then((catalog) => catalog.warnings.forEach(options.onWarning), () => undefined);
  const conversation = new ConversationSession({
    session,
    persist: options.persist,
    ...(transcript && resumed
      ? {
          resumed: {
            transcript,
            file: resumed.file,
            fork: resumed.fork,
            keepModel: Boolean(options.session.model),
            keepMode: options.session.permissionMode !== undefined,
          },
        }
      : {}),
    ...(options.lifecycle ? { lifecycle: options.lifecycle } : {}),
    onWarning: options.onWarning,
  });
  const hookCall = () => ({
    session: conversation.info,
    ...(conversation.transcriptPath ? { transcriptPath: conversation.transcriptPath } : {}),
    cwd: conversation.cwd,
    permissionMode: session.appState.get().toolPermissionContext.mode,
    run: { signal: new AbortController().signal, cwd: conversation.cwd, projectDir: session.cwd },
    shellEnvironment: session.shellEnvironment,
  });
  if (options.onWarning) session.shellEnvironment.reportProblemsTo(options.onWarning);
  // Settings files changed while the session runs: ConfigChange hooks, then the change takes effect (or not).
  const settingsFollower = followSettingsFiles(session, { isTrusted: options.session.isTrusted, hookCall, onProblem: options.onWarning });
  // Skill files changed while the session runs, when a ConfigChange hook listens for `skills`.
  const skillFollower = startSkillChangeMonitor(session.hooks, { catalog: await session.skills, hookCall, onProblem: options.onWarning });
  conversation.onLifecycle((event) => {
    if (event.type !== 'session_end' || event.reason !== 'exit') return;
    settingsFollower.close();
    skillFollower?.close();
  });
  // SessionStart, SessionEnd and PreCompact hooks ride on the owner's lifecycle points.
  if (session.hooks.runners.length > 0) {
    conversation.onLifecycle(
      lifecycleHookListener(session.hooks, {
        projectDir: session.cwd,
        permissionMode: () => session.appState.get().toolPermissionContext.mode,
        addContext: (texts) => texts.forEach((text) => conversation.addReminder(text)),
        memoryFiles: () => session.memoryFiles,
        shellEnvironment: session.shellEnvironment,
      }),
    );
    const detachTaskHooks = attachTaskHooks(session.hooks, session.backgroundTasks, hookCall);
    mcp?.setElicitationHooks(elicitationHookLayer(session.hooks, hookCall));
    const fileWatcher = startFileChangedWatcher(session.hooks, { cwd: conversation.cwd, hookCall, onProblem: options.onWarning });
    conversation.onLifecycle((event) => {
      if (event.type !== 'session_end' || event.reason !== 'exit') return;
      detachTaskHooks();
      fileWatcher?.close();
    });
  }
  if (options.session.setup && session.hooks.has('Setup')) {
    const context = await runSetupHooks(session.hooks, { ...setupHookCall(session, conversation.id), shellEnvironment: session.shellEnvironment }, options.session.setup);
    for (const text of context) conversation.addReminder(text);
  }
  return { conversation, mcp };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  promise.catch(() => undefined); // the session's own failure is reported where it is awaited
  return { promise, resolve, reject };
}

/** The permission state of the moment (a server restarted after a mode or rule change gets the new policy). */
function mcpSandboxContext(permissions: ToolPermissionContext, env: NodeJS.ProcessEnv): McpSandboxContext {
  const ruleSet = ruleSetOf(permissions, permissions.workingDirectories[0] ?? process.cwd());
  if (!permissions.sandbox) throw new Error('the session has no sandbox settings');
  return { ruleSet, workingDirectories: permissions.workingDirectories, home: ruleSet.home, sandbox: permissions.sandbox, env };
}

/** The sandbox module loads with the first stdio server that starts, not with every session. */
function lazyMcpServerSandbox(context: () => Promise<McpSandboxContext>, onWarning: (line: string) => void): McpServerSandbox {
  let loaded: Promise<McpServerSandbox> | undefined;
  return {
    async wrap(request, launch) {
      loaded ??= import('../sandbox/mcpServerSandbox.js').then(({ createMcpServerSandbox }) => createMcpServerSandbox({ context, onWarning }));
      return (await loaded).wrap(request, launch);
    },
  };
}

export type ResumeTarget = { readonly id: string; readonly file: string; readonly fork: boolean; readonly load: Promise<LoadedTranscript> };

/**
 * Finds the saved conversation `choice` names and starts reading it, before
 * the rest of the front end has loaded: the file is in agentcli's own config
 * folder, not the project, so reading it needs no folder trust. A lookup
 * that fails rejects when startConversation awaits it, as it would have.
 */
export function locateSavedConversation(choice: SessionChoice, env: NodeJS.ProcessEnv, cwd: string): Promise<ResumeTarget | undefined> {
  const located = findResumed(choice, resolveConfigDir(env), cwd);
  located.catch(() => undefined); // not unhandled while the front end is still loading
  return located;
}

async function findResumed(choice: SessionChoice, config: string, cwd: string): Promise<ResumeTarget | undefined> {
  switch (choice.kind) {
    case 'new':
      return undefined;
    case 'continue': {
      const latest = await latestSessionFile(config, cwd);
      if (!latest) throw new UserFacingError(`no saved session to continue in ${cwd} (start one without --continue).`);
      return { id: latest.id, file: latest.file, fork: choice.fork, load: loadTranscript(latest.file) };
    }
    case 'resume': {
      const file = await findSessionFile(config, cwd, choice.id);
      if (!file) throw new UserFacingError(`no saved session with id ${choice.id} (--resume). Run agentcli --resume in the REPL to pick one.`);
      return { id: choice.id, file, fork: choice.fork, load: loadTranscript(file) };
    }
  }
}

/** Loads a saved session for /resume. */
export async function loadSavedSession(config: string, cwd: string, id: string): Promise<{ transcript: LoadedTranscript; file: string } | undefined> {
  const file = await findSessionFile(config, cwd, id);
  return file ? { transcript: await loadTranscript(file), file } : undefined;
}
