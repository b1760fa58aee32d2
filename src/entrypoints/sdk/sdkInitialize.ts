/**
 * The Agent SDK's `initialize` request: what it asks of the session before
 * it starts (callback hooks, subagents, in-process MCP servers, the system
 * prompt), and our answer in Claude Code's shape (commands, agents, models,
 * output styles, account).
 */
import path from 'node:path';
import { headlessSlashCommands } from '../headlessSlashCommandList.js';
import type { PluginDir } from '../../plugins/sessionPlugins.js';
import type { ConversationSession } from '../../session/conversationSession.js';
import { MODEL_TABLE } from '../../services/api/models.js';
import type { McpConfigText } from '../../services/mcp/loadMcpConfig.js';
import type { ScopedMcpServerConfig } from '../../services/mcp/types.js';
import type { HookRunner } from '../../hooks/types.js';
import { isRecord, type ControlChannel, type ControlRequestBody } from './controlChannel.js';
import { sdkHookRunners } from './sdkHookBridge.js';
import { SdkMcpTransport } from './sdkMcpTransport.js';

/** What the session is started with, from the client's initialize (all empty without one). */
export type SdkSessionSetup = {
  readonly hookRunners: readonly HookRunner[];
  /** Subagent definitions, as the `--agents` JSON object they are merged into. */
  readonly agents: Readonly<Record<string, unknown>> | undefined;
  readonly sdkMcpServers: readonly ScopedMcpServerConfig[];
  /**
   * The servers agentcli runs or connects to (stdio, http, sse) that the
   * client sent in initialize (the SDK's `mcpServersDelivery: 'initialize'`,
   * which keeps their env and headers off the command line): one more
   * `--mcp-config` document.
   */
  readonly mcpServers: McpConfigText | undefined;
  /** Replaces agentcli's own instructions; undefined (or empty) keeps them. */
  readonly systemPrompt: string | undefined;
  readonly appendSystemPrompt: string | undefined;
  /**
   * Plugin folders the client sent in initialize (the SDK's `pluginDelivery:
   * 'initialize'`, started with --await-initialize): loaded as --plugin-dir
   * (--plugin-dir-no-mcp with `skipMcpDiscovery`).
   */
  readonly plugins: readonly PluginDir[];
};

export const NO_SDK_SETUP: SdkSessionSetup = {
  hookRunners: [],
  agents: undefined,
  sdkMcpServers: [],
  mcpServers: undefined,
  systemPrompt: undefined,
  appendSystemPrompt: undefined,
  plugins: [],
};

const INITIALIZE_MCP_SOURCE = "the Agent SDK's initialize request (mcpServers)";

export function setupFromInitialize(request: ControlRequestBody, channel: ControlChannel, onProblem: (message: string) => void): SdkSessionSetup {
  const hooks = isRecord(request.hooks) ? sdkHookRunners(request.hooks, channel, onProblem) : [];
  const serverNames = Array.isArray(request.sdkMcpServers) ? request.sdkMcpServers.filter((name): name is string => typeof name === 'string') : [];
  // The SDK sends [""] when its caller set no system prompt: nothing said, so nothing of ours is replaced.
  const systemPrompt = Array.isArray(request.systemPrompt)
    ? request.systemPrompt.filter((part): part is string => typeof part === 'string').join('\n\n')
    : typeof request.systemPrompt === 'string'
      ? request.systemPrompt
      : undefined;
  return {
    hookRunners: hooks,
    agents: isRecord(request.agents) ? request.agents : undefined,
    sdkMcpServers: serverNames.map((name) => ({
      name,
      scope: 'sdk',
      source: 'the Agent SDK client (createSdkMcpServer)',
      config: { type: 'sdk', openTransport: () => new SdkMcpTransport(name, channel) },
      missingEnvVars: [],
    })),
    mcpServers: request.mcpServers === undefined ? undefined : { source: INITIALIZE_MCP_SOURCE, text: JSON.stringify({ mcpServers: request.mcpServers }) },
    systemPrompt: systemPrompt?.trim() ? systemPrompt : undefined,
    appendSystemPrompt: typeof request.appendSystemPrompt === 'string' && request.appendSystemPrompt.trim() ? request.appendSystemPrompt : undefined,
    plugins: initializePlugins(request.plugins, onProblem),
  };
}

/** The SDK's `SdkPluginConfig[]`: `{type: "local", path, skipMcpDiscovery?}`; any other entry is one problem line and skipped. */
export function initializePlugins(value: unknown, onProblem: (message: string) => void): PluginDir[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    onProblem('initialize: "plugins" must be a list of {"type": "local", "path": ...}; no plugin was loaded from it');
    return [];
  }
  return value.flatMap((entry): PluginDir[] => {
    if (isRecord(entry) && entry.type === 'local' && typeof entry.path === 'string' && entry.path !== '') {
      return [{ dir: entry.path, skipMcp: entry.skipMcpDiscovery === true }];
    }
    onProblem(`initialize: plugin ${JSON.stringify(entry)} is not {"type": "local", "path": ...}; skipped`);
    return [];
  });
}

/** Whether every plugin the initialize listed is among the session's loaded plugins (the SDK's `plugins_applied`). */
export function pluginsApplied(listed: readonly PluginDir[], conversation: ConversationSession): boolean {
  const loaded = new Set(conversation.session.plugins.map((plugin) => plugin.root));
  const cwd = conversation.session.cwd;
  return listed.every((choice) => loaded.has(path.resolve(cwd, typeof choice === 'string' ? choice : choice.dir)));
}

/** Merges the client's subagents over `--agents` (the client's definition of a name wins). */
export function mergedAgentsJson(cliJson: string | undefined, agents: SdkSessionSetup['agents']): string | undefined {
  if (!agents) return cliJson;
  if (cliJson === undefined) return JSON.stringify(agents);
  let cli: unknown;
  try {
    cli = JSON.parse(cliJson);
  } catch {
    return cliJson; // --agents itself is invalid: its own error says so
  }
  return JSON.stringify({ ...(isRecord(cli) ? cli : {}), ...agents });
}

/**
 * `mcpServersApplied`: the initialize carried `mcpServers` and the session
 * started with them. The SDK ends a session whose answer lacks this flag
 * when it sent servers (it takes the CLI for one too old to read them).
 */
export async function initializeResponse(
  conversation: ConversationSession,
  options: { readonly mcpServersApplied: boolean; readonly pluginsApplied?: boolean },
): Promise<Record<string, unknown>> {
  const catalog = await conversation.session.agentCatalog.catch(() => ({ agents: [], warnings: [] }));
  const env = conversation.session.env;
  return {
    // What a prompt may start with: /init and the custom commands, expanded as with -p.
    commands: await headlessSlashCommands(conversation.session),
    agents: catalog.agents.map((agent) => ({
      name: agent.agentType,
      description: agent.description,
      ...(typeof agent.model === 'string' ? { model: agent.model } : {}),
    })),
    output_style: 'default',
    available_output_styles: ['default'],
    models: MODEL_TABLE.map((spec) => ({
      value: spec.aliases[0] ?? spec.id,
      resolvedModel: spec.id,
      displayName: spec.label,
      description: `${spec.label}: ${Math.round(spec.contextWindow / 1000)}k context, $${spec.price.input}/$${spec.price.output} per million input/output tokens`,
      supportsEffort: spec.thinking === 'adaptive',
      ...(spec.thinking === 'adaptive' ? { supportedEffortLevels: ['low', 'medium', 'high'], supportsAdaptiveThinking: true } : {}),
    })),
    account: {
      apiKeySource: env.ANTHROPIC_API_KEY ? 'ANTHROPIC_API_KEY' : 'none',
      apiProvider: 'firstParty',
    },
    pid: process.pid,
    mcp_servers_applied: options.mcpServersApplied,
    ...(options.pluginsApplied !== undefined ? { plugins_applied: options.pluginsApplied } : {}),
  };
}
