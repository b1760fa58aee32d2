/**
 * Everything one agentcli session needs, assembled once from the CLI
 * options: the tool pool, the permission context, the system prompt, the
 * model client. Both front ends (REPL and headless) start here, so they run
 * the same engine with the same configuration.
 */
import path from 'node:path';
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { SessionInfo, Tools } from '../contract/tool.js';
import { readGitInfo } from '../context/gitInfo.js';
import { foldersFromRootToCwd, loadMemorySources, withImports, type MemoryFile } from '../context/memoryFiles.js';
import { createMemoryReadGate } from '../context/memoryReadGate.js';
import { NestedMemory } from '../context/nestedMemory.js';
import { TodoStaleness } from '../context/todoReminder.js';
import { buildSystemPrompt } from '../context/systemPrompt.js';
import { loadHooks } from '../hooks/loadHooks.js';
import type { HookRunner } from '../hooks/types.js';
import type { HookJudges } from '../hooks/hookJudge.js';
import { ruleSetOf } from '../permissions/canUseTool.js';
import { replaceMemoryRules } from '../permissions/memoryRules.js';
import { setupPermissions } from '../permissions/setup.js';
import type { PermissionDenialRecord } from '../permissions/types.js';
import type { PermissionMode, ToolPermissionContext } from '../contract/permissions.js';
import { clientOptionsFromEnv, createAnthropicModelClient } from '../services/api/anthropicClient.js';
import { CostTracker } from '../services/api/cost.js';
import { DEFAULT_MODEL, resolveModelName } from '../services/api/models.js';
import type { ThinkingSettings } from '../services/api/thinking.js';
import { withUsageTracking } from '../services/api/usageTrackingClient.js';
import type { ModelClient } from '../contract/modelClient.js';
import type { McpServersControl } from '../services/mcp/types.js';
import { retryPolicyFromEnv } from '../services/api/withRetry.js';
import { createRequestToolSelection } from '../services/toolSearch/requestToolSelection.js';
import { maxToolUseConcurrency } from '../services/tools/toolOrchestration.js';
import { createAppStateStore, initialAppState } from '../state/appState.js';
import type { AppStateStore } from '../contract/appState.js';
import { createReadFileState } from '../state/readFileState.js';
import type { ReadFileState } from '../contract/readFileState.js';
import { assembleToolPool, getAllBaseTools, getTools } from '../tools.js';
import { userShell } from '../utils/process/userShell.js';
import type { AgentCatalog } from '../contract/agentDefinition.js';
import { loadAgentCatalog, parseCliAgents } from '../agents/loadAgentCatalog.js';
import { createAgentTool } from '../tools/AgentTool/AgentTool.js';
import { createSubagentLauncher } from '../agents/subagentLauncher.js';
import type { SubagentLauncher } from '../contract/subagentLauncher.js';
import type { SubagentScope } from '../session/subagentScope.js';
import { SessionShellEnvironment } from '../hooks/sessionShellEnvironment.js';
import { createSkillTool } from '../tools/SkillTool/SkillTool.js';
import { loadSkills } from '../skills/loadSkills.js';
import { sessionSkillRoots } from '../skills/sessionSkillRoots.js';
import { findOutputStyle, loadOutputStyles, styleForPrompt } from '../outputStyles/outputStyle.js';
import { loadSessionPlugins, type PluginDir, type SessionPlugins } from '../plugins/sessionPlugins.js';
import { sessionDir } from '../settings/configPaths.js';
import { readSettingsValues } from '../session/settingsValues.js';
import { SpendCap } from '../session/spendCap.js';
import type { SettingSource } from '../settings/settingSources.js';
import { isSourceSelected } from '../settings/settingsFiles.js';
import { holdSettings, readSettingsSnapshot, type SettingsSnapshot } from '../settings/settingsSnapshot.js';
import { selectBuiltInTools, type ToolsetChoice } from '../tools/toolsetChoice.js';
import type { JsonSchemaObject } from '../structuredOutput/jsonSchemaArgument.js';
import { prepareStructuredOutputTool } from '../tools/StructuredOutputTool/prepareStructuredOutput.js';
import { STRUCTURED_OUTPUT_NUDGE, STRUCTURED_OUTPUT_SYSTEM_NOTE } from '../tools/StructuredOutputTool/prompt.js';
import { newUuid } from '../utils/ids.js';
import type { Session } from '../session/session.js';
import type { ProjectLocation } from '../settings/projectLocation.js';
import { locateProject } from './projectLocation.js';
import { BackgroundTaskRegistry } from '../tasks/backgroundTasks.js';


export const DEFAULT_MAX_OUTPUT_TOKENS = 32_000;
/** --json-schema: refused StructuredOutput calls and turns ended without one, together, before the run fails (as Claude Code). */
export const MAX_STRUCTURED_OUTPUT_ATTEMPTS = 5;

export type SessionOptions = {
  readonly cwd: string;
  readonly model?: string;
  /** --fallback-model: where a query continues when the model stays overloaded. */
  readonly fallbackModel?: string;
  readonly permissionMode?: PermissionMode;
  /** --allow-dangerously-skip-permissions: bypassPermissions may be switched to later (it is not the starting mode). */
  readonly allowBypassPermissions?: boolean;
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  readonly additionalDirectories?: readonly string[];
  readonly appendSystemPrompt?: string;
  /**
   * --system-prompt: replaces agentcli's own instructions (how to work). The
   * environment facts, CLAUDE.md instructions and --append-system-prompt
   * still follow, as Claude Code keeps its CLAUDE.md and git context under a
   * custom prompt: the caller chooses the behaviour, not what the repo says.
   */
  readonly systemPrompt?: string;
  /**
   * --json-schema: the answer must be JSON matching this schema, given
   * through the StructuredOutput tool (src/tools/StructuredOutputTool/).
   */
  readonly jsonSchema?: JsonSchemaObject;
  /** --plugin-dir: plugin folders loaded for this session (in a trusted folder), besides the enabled installed ones. */
  readonly pluginDirs?: readonly PluginDir[];
  /** --init / --maintenance: Setup hooks run before the first prompt (their context goes with it). */
  readonly setup?: 'init' | 'maintenance';
  /** The session's plugins, when the caller already loaded them (startConversation does, for their MCP servers). */
  readonly plugins?: SessionPlugins;
  /** --setting-sources: which settings files (and the CLAUDE.md, agents and commands of those scopes) are read; default all. */
  readonly settingSources?: readonly SettingSource[];
  /** --settings: one more settings layer above the files (a JSON file or inline JSON). */
  readonly flagSettings?: string;
  /** The project location, when the caller computed it already (startConversation); else computed from cwd and the flags above. */
  readonly location?: ProjectLocation;
  /** The start's settings, read once (startConversation reads them); else read here, once, from the location. */
  readonly settingsSnapshot?: SettingsSnapshot;
  /** --tools: which built-in tools are offered at all (default: every one). */
  readonly toolset?: ToolsetChoice;
  readonly maxTurns?: number;
  /** --max-budget-usd: the session stops before a request once its cost reaches this (over the settings' `budget`). */
  readonly maxBudgetUsd?: number;
  /** Extended thinking flags (--max-thinking-tokens, --effort, --thinking); without --thinking, settings' alwaysThinkingEnabled decides. */
  readonly thinking?: ThinkingSettings;
  readonly isInteractive: boolean;
  readonly isTrusted: boolean;
  /** true (`--sandbox`): Bash commands run in the OS sandbox whatever the mode; false: never; unset: settings decide. */
  readonly sandbox?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  /** The conversation's id (--session-id, or a resumed session's); default: a new one. */
  readonly sessionId?: string;
  /** Replaces the built-in tool list (tests use small synthetic tools). */
  readonly baseTools?: Tools;
  readonly mcpTools?: Tools;
  /** Live MCP servers: their tools join the pool (and it is re-assembled when they change); their clients go in the context. */
  readonly mcp?: McpServersControl;
  /** Replaces the Anthropic client (tests, benchmarks). */
  readonly modelClient?: ModelClient;
  /** Hook runners from the front end (the Agent SDK client's callbacks), on the same list as the settings' hooks. */
  readonly extraHookRunners?: readonly HookRunner[];
  /**
   * Told the permission context as soon as the rules are loaded, before the rest of the session: MCP
   * servers, which start in the OS sandbox that the rules shape, need not wait for the whole session.
   */
  readonly onPermissionContext?: (context: ToolPermissionContext) => void;
  /**
   * Subagents: `--agents` JSON. The Agent tool joins the pool unless
   * `baseTools` replaces the built-ins and this is absent (tests opt in).
   */
  readonly agents?: { readonly cliJson?: string };
  /**
   * File checkpoints for rewind. Default on (settings' fileCheckpointingEnabled
   * may turn them off); the Agent SDK front end passes false unless the client
   * enabled file checkpointing, as Claude Code does.
   */
  readonly fileCheckpointing?: boolean;
};


export async function createSession(options: SessionOptions): Promise<Session> {
  const env = options.env ?? process.env;
  // Computed once (startConversation hands it over); every loader below reads its folders from it.
  const location = options.location ?? locateProject({ cwd: options.cwd, env, settingSources: options.settingSources, flagSettings: options.flagSettings });
  const { cwd, configDir: config, repositoryRoot: projectRoot } = location;
  const id = options.sessionId ?? newUuid();
  // Fail on a missing key before any other work (one clear line, ARCHITECTURE §1).
  const modelClient = options.modelClient ?? createAnthropicModelClient(clientOptionsFromEnv(env));
  const cliAgents = options.agents?.cliJson === undefined ? [] : parseCliAgents(options.agents.cliJson);
  const structuredOutputTool = options.jsonSchema === undefined ? undefined : await prepareStructuredOutputTool(options.jsonSchema);

  // Every loader below takes its settings layers from this one snapshot: each file is read and parsed once per start.
  const settings = options.settingsSnapshot ?? (await readSettingsSnapshot(location));
  const memoryLocation = { cwd, projectRoot, configDir: config, ...(options.settingSources ? { settingSources: options.settingSources } : {}) };
  const memorySourcesLoad = loadMemorySources(memoryLocation);
  let judges: HookJudges | undefined;
  const sessionPlugins = options.plugins ?? (await loadSessionPlugins({ ...settings, isTrusted: options.isTrusted, ...(options.pluginDirs ? { pluginDirs: options.pluginDirs } : {}) }));
  const { plugins } = sessionPlugins;
  const skillsLoad = loadSkills(
    sessionSkillRoots({
      projectRoot: cwd,
      configDir: config,
      isTrusted: options.isTrusted,
      ...(options.settingSources ? { settingSources: options.settingSources } : {}),
      pluginRoots: plugins.flatMap((plugin) => plugin.skillDirs.map((root) => ({ root, source: 'plugin' as const, fromRepository: false, namespace: plugin.name, pluginRoot: plugin.root }))),
    }),
  );
  const outputStylesLoad = loadOutputStyles([
    ...(isSourceSelected(settings, 'user') ? [{ dir: path.join(config, 'output-styles'), source: 'user' as const }] : []),
    ...(options.isTrusted && isSourceSelected(settings, 'project') ? [{ dir: path.join(cwd, '.claude', 'output-styles'), source: 'project' as const }] : []),
    ...plugins.flatMap((plugin) => plugin.outputStyleDirs.map((dir) => ({ dir, source: 'plugin' as const, namespace: plugin.name }))),
  ]);
  const permissionsSetup = setupPermissions({
    ...settings,
    memoryFiles: memorySourcesLoad,
    mode: options.permissionMode,
    additionalDirectories: options.additionalDirectories ?? [],
    allowedTools: options.allowedTools ?? [],
    disallowedTools: options.disallowedTools ?? [],
    isTrusted: options.isTrusted,
    isBypassAvailable: options.permissionMode === 'bypassPermissions' || options.allowBypassPermissions === true,
    sandbox: options.sandbox,
  });
  if (options.onPermissionContext) {
    const tell = options.onPermissionContext;
    permissionsSetup.then((setup) => tell(setup.context), () => undefined);
  }
  const [git, memorySources, permissions, settingsValues, hooks, skills, outputStyles] = await Promise.all([
    readGitInfo(cwd, { snapshot: true }),
    memorySourcesLoad,
    permissionsSetup,
    readSettingsValues(settings),
    loadHooks({
      ...settings,
      isTrusted: options.isTrusted,
      env,
      ...(options.extraHookRunners ? { extraRunners: options.extraHookRunners } : {}),
      // prompt and agent hooks reach the model through the session, which exists only once this has loaded.
      judges: () => judges,
      pluginHooks: plugins.flatMap((plugin) => plugin.hooks),
    }),
    skillsLoad,
    outputStylesLoad,
  ]);
  // The settings' `model` comes after --model and ANTHROPIC_MODEL, as in Claude Code (/config writes it).
  const model = resolveModelName(options.model || env.ANTHROPIC_MODEL || settingsValues.model || DEFAULT_MODEL);
  const agentCatalog = loadAgentCatalog({
    projectRoot,
    configDir: config,
    isTrusted: options.isTrusted,
    cliAgents,
    ...(options.settingSources ? { settingSources: options.settingSources } : {}),
    pluginAgentDirs: plugins.flatMap((plugin) => plugin.agentDirs.map((dir) => ({ dir, namespace: plugin.name }))),
  });
  agentCatalog.catch(() => undefined); // read by the Agent tool's prompt; a failure shows there
  const withAgentTool = options.baseTools === undefined || options.agents !== undefined;
  // A headless session is not offered tools that can only wait for a person (they would always fail).
  const toolset = selectBuiltInTools(
    withAgentTool ? [...(options.baseTools ?? getAllBaseTools()), createAgentTool(agentCatalog)] : (options.baseTools ?? getAllBaseTools()),
    options.toolset,
  );
  // The Skill tool joins only when there is a skill the model may load: without one it would be tokens for nothing.
  const skillTool = skills.skills.some((skill) => skill.modelInvocable) ? [createSkillTool(skillsLoad, agentCatalog)] : [];
  const builtInTools = [
    ...getTools(permissions.context, [...toolset.tools, ...skillTool]).filter((tool) => options.isInteractive || tool.requiresUserInteraction !== true),
    // Outside --tools and blanket deny rules: without it a --json-schema session could never answer.
    ...(structuredOutputTool ? [structuredOutputTool] : []),
  ];
  const assemble = (): Tools =>
    assembleToolPool(builtInTools, [...(options.mcpTools ?? []), ...(options.mcp?.tools() ?? [])], permissions.context);
  let tools = assemble();
  options.mcp?.subscribe(() => {
    const next = assemble();
    // A status change alone keeps the same array, so nothing downstream recomputes.
    if (next.length !== tools.length || next.some((tool, index) => tool !== tools[index])) tools = next;
  });
  const startedAt = new Date();
  const styleWarnings: string[] = [...outputStyles.warnings];
  let outputStyle = findOutputStyle(outputStyles, settingsValues.outputStyle);
  if (!outputStyle) {
    styleWarnings.push(`outputStyle "${settingsValues.outputStyle}" in settings is not a known output style (${outputStyles.styles.map((style) => style.name).join(', ')}); using default`);
    outputStyle = findOutputStyle(outputStyles, undefined)!;
  }
  const promptFor = (files: readonly MemoryFile[]): readonly TextBlockParam[] =>
    buildSystemPrompt({
      outputStyle: styleForPrompt(outputStyle),
      cwd,
      additionalDirectories: permissions.context.workingDirectories.slice(1),
      platform: process.platform,
      date: startedAt,
      git,
      model,
      memoryFiles: files,
      appendSystemPrompt: [structuredOutputTool ? STRUCTURED_OUTPUT_SYSTEM_NOTE : '', options.appendSystemPrompt?.trim() ?? '']
        .filter((part) => part !== '')
        .join('\n\n'),
      coreInstructions: options.systemPrompt,
      isInteractive: options.isInteractive,
      shell: path.basename(userShell(env)),
    });
  // The one owner of the memory in force: replaced together with the prompt built from it.
  const appState = createAppStateStore(initialAppState(permissions.context));
  // Memory reaches the model without a tool call: every file and import passes the Read decision of the moment.
  const memoryGate = createMemoryReadGate(() => {
    const permissionContext = appState.get().toolPermissionContext;
    const ruleSet = ruleSetOf(permissionContext, projectRoot);
    return { mode: permissionContext.mode, ruleSet, workingDirectories: permissionContext.workingDirectories, projectRoot, configDir: config, home: ruleSet.home };
  });
  const memoryFiles = await withImports(memorySources, memoryGate);
  let memory = { files: memoryFiles, systemPrompt: promptFor(memoryFiles) };

  const info: SessionInfo = { id, dir: sessionDir(config, cwd, id), configDir: config };
  const shellEnvironment = new SessionShellEnvironment({ configDir: config });
  const readFileState = createReadFileState();
  // Per session, never per process: two ACP sessions in one agent do not share tasks or their notices.
  const backgroundTasks = new BackgroundTaskRegistry();
  const permissionDenials: PermissionDenialRecord[] = [];
  const maxTokens = Number.parseInt(env.AGENTCLI_MAX_OUTPUT_TOKENS ?? '', 10);
  const requestTools = createRequestToolSelection(env);
  const costTracker = new CostTracker();
  // Requests tools make themselves count towards the session's cost too.
  const toolModelClient = withUsageTracking(modelClient, costTracker);

  const session: Session = {
    id,
    info,
    cwd,
    model,
    maxTurns: options.maxTurns,
    spendCap: new SpendCap(options.maxBudgetUsd ?? settingsValues.budgetUsd, () => costTracker.totalCostUsd),
    finalAnswerTool: structuredOutputTool
      ? { name: structuredOutputTool.name, maxAttempts: MAX_STRUCTURED_OUTPUT_ATTEMPTS, nudge: STRUCTURED_OUTPUT_NUDGE }
      : undefined,
    maxOutputTokens: Number.isFinite(maxTokens) && maxTokens > 0 ? maxTokens : DEFAULT_MAX_OUTPUT_TOKENS,
    thinking: { ...options.thinking, alwaysThinking: options.thinking?.alwaysThinking ?? settingsValues.alwaysThinking },
    fallbackModel: options.fallbackModel ? resolveModelName(options.fallbackModel) : undefined,
    isInteractive: options.isInteractive,
    // `autoCompactEnabled: false` in settings turns automatic compaction off unless the environment says otherwise.
    env: settingsValues.autoCompactEnabled === false && env.AGENTCLI_AUTOCOMPACT_PCT === undefined ? { ...env, AGENTCLI_AUTOCOMPACT_PCT: 'off' } : env,
    git,
    settings: location,
    settingsInForce: holdSettings(settings),
    location,
    get memoryFiles() {
      return memory.files;
    },
    async reloadMemory() {
      const sources = await loadMemorySources(memoryLocation);
      const rules = replaceMemoryRules(appState, sources, { folderTrusted: options.isTrusted });
      // Imports are decided under the rules just read (a new deny line holds for this very reload).
      const files = await withImports(sources, memoryGate);
      memory = { files, systemPrompt: promptFor(files) };
      return rules.ok ? undefined : `The memory files' rule lines were not applied (the previous ones stay in force): ${rules.problem}`;
    },
    nestedMemory: new NestedMemory({
      gate: memoryGate,
      loadedFolders: foldersFromRootToCwd(cwd, projectRoot),
      // Subfolders' CLAUDE.md files are project memory: none when --setting-sources leaves the project out.
      roots: isSourceSelected(settings, 'project') ? [projectRoot, ...permissions.context.workingDirectories.slice(1)] : [],
    }),
    todoStaleness: new TodoStaleness(),
    get systemPrompt() {
      return memory.systemPrompt;
    },
    get tools() {
      return tools;
    },
    mcp: options.mcp,
    agentCatalog,
    skills: skillsLoad,
    outputStyles,
    get outputStyle() {
      return outputStyle!;
    },
    setOutputStyle(name) {
      const chosen = findOutputStyle(outputStyles, name);
      if (!chosen) return `No output style named "${name}". Available: ${outputStyles.styles.map((style) => style.name).join(', ')}.`;
      outputStyle = chosen;
      memory = { files: memory.files, systemPrompt: promptFor(memory.files) };
      return undefined;
    },
    commandRoots: plugins.flatMap((plugin) => plugin.commandDirs.map((dir) => ({ dir, namespace: plugin.name, pluginRoot: plugin.root }))),
    plugins,
    appState,
    readFileState,
    backgroundTasks,
    modelClient,
    canUseTool: permissions.canUseTool,
    costTracker,
    retryPolicy: retryPolicyFromEnv(env),
    maxConcurrency: maxToolUseConcurrency(env),
    permissionDenials,
    hooks,
    shellEnvironment,
    startupWarnings: [
      ...permissions.startupWarnings,
      ...sessionPlugins.warnings,
      ...styleWarnings,
      ...(toolset.unknown.length > 0 ? [`--tools: no built-in tool named ${toolset.unknown.join(', ')}; ignored`] : []),
    ],
    baseEnv: {
      canUseTool: permissions.canUseTool,
      hooks,
      onPermissionDenied: (record) => permissionDenials.push(record),
      schemaNotSentHint: requestTools.schemaNotSentHint,
    },
    selectRequestTools: requestTools.selectRequestTools,
    checkpoints: { ...settingsValues.checkpoints, enabled: settingsValues.checkpoints.enabled && options.fileCheckpointing !== false },
    subagentLauncher: (scope) => createSubagentLauncher(session, scope),
    toolUseContext: (signal, messages, currentCwd) => ({
      abortSignal: signal,
      toolUseId: '',
      cwd: currentCwd,
      projectRoot: cwd,
      session: info,
      readFileState,
      tools,
      messages,
      model,
      isInteractive: options.isInteractive,
      appState,
      mcpClients: options.mcp?.clients() ?? [],
      backgroundTasks,
      modelClient: toolModelClient,
      shellEnvironment: () => shellEnvironment.settled(),
    }),
  };
  judges = lazyHookJudges(session);
  return session;
}

/** The judges' module (and the child conversation it may start) loads only when a prompt or agent hook runs. */
function lazyHookJudges(session: Session): HookJudges {
  const load = (): Promise<HookJudges> => import('../agents/hookJudges.js').then((module) => module.createHookJudges(() => session));
  return {
    ask: async (request) => (await load()).ask(request),
    investigate: async (request) => (await load()).investigate(request),
  };
}
