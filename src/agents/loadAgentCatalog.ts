/**
 * Collects the session's agents: built-in types, then user agents
 * (`$AGENTCLI_CONFIG_DIR/agents/*.md`), then project agents
 * (`.claude/agents/*.md`, only once the folder is trusted: they are
 * repository content and carry system prompts), then `--agents` JSON. A
 * later source overrides an earlier one with the same name. A file that
 * cannot be read or parsed is one warning; the others still load.
 *
 * The YAML parser is loaded only when there is a file to parse.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { UserFacingError, errorMessageOf } from '../utils/errors.js';
import type { AgentCatalog, AgentDefinition, AgentSource } from '../contract/agentDefinition.js';
import { BUILT_IN_AGENTS } from './builtInAgents.js';
import type { SettingSource } from '../settings/settingSources.js';
import { isSourceSelected } from '../settings/settingsFiles.js';

export type LoadAgentCatalogOptions = {
  /** Where `.claude/agents` is looked for (the project root). */
  readonly projectRoot: string;
  readonly configDir: string;
  readonly isTrusted: boolean;
  /** --setting-sources: user agents need `user`, project agents `project` (default: both). */
  readonly settingSources?: readonly SettingSource[];
  /** From `--agents '<json>'` (parsed at start-up by parseCliAgents, so a bad flag stops it). */
  readonly cliAgents?: readonly AgentDefinition[];
  /** Enabled plugins' `agents/` folders: their agents are named `<plugin>:<name>`. */
  readonly pluginAgentDirs?: readonly { readonly dir: string; readonly namespace: string }[];
};

export function projectAgentsDir(projectRoot: string): string {
  return path.join(projectRoot, '.claude', 'agents');
}

export function userAgentsDir(configDir: string): string {
  return path.join(configDir, 'agents');
}

export async function loadAgentCatalog(options: LoadAgentCatalogOptions): Promise<AgentCatalog> {
  const cli = options.cliAgents ?? [];
  const warnings: string[] = [];
  const [user, project, ...plugins] = await Promise.all([
    isSourceSelected(options, 'user') ? loadAgentFolder(userAgentsDir(options.configDir), 'user', warnings) : Promise.resolve([]),
    options.isTrusted && isSourceSelected(options, 'project') ? loadAgentFolder(projectAgentsDir(options.projectRoot), 'project', warnings) : Promise.resolve([]),
    ...(options.pluginAgentDirs ?? []).map(async ({ dir, namespace }) =>
      (await loadAgentFolder(dir, 'plugin', warnings)).map((agent) => ({ ...agent, agentType: `${namespace}:${agent.agentType}` })),
    ),
  ]);
  const byType = new Map<string, AgentDefinition>();
  for (const agent of [...BUILT_IN_AGENTS, ...plugins.flat(), ...user, ...project, ...cli]) byType.set(agent.agentType, agent);
  return { agents: [...byType.values()], warnings };
}

async function loadAgentFolder(dir: string, source: AgentSource, warnings: string[]): Promise<AgentDefinition[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  } catch {
    return []; // no folder: no agents of this kind
  }
  if (names.length === 0) return [];
  const { parseAgentFile } = await import('./parseAgentFile.js');
  const agents: AgentDefinition[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      warnings.push(`${file}: cannot be read (${errorMessageOf(error)}); the agent is not loaded`);
      continue;
    }
    const parsed = parseAgentFile(text, file, source);
    if (parsed.ok) agents.push(parsed.agent);
    else warnings.push(`${parsed.error}; the agent is not loaded`);
  }
  return agents;
}

/** `--agents '{"name": {"description", "prompt", "tools"?, "model"?}}'`; a bad value stops start-up with one line, like any bad flag. */
export function parseCliAgents(json: string): AgentDefinition[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UserFacingError(`--agents is not valid JSON (${errorMessageOf(error)}). Example: --agents '{"reviewer": {"description": "Reviews diffs", "prompt": "You review code."}}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UserFacingError('--agents must be a JSON object mapping agent names to {description, prompt, tools?, model?}.');
  }
  return Object.entries(value).map(([agentType, spec]): AgentDefinition => {
    const field = (key: string): unknown => (typeof spec === 'object' && spec !== null ? Reflect.get(spec, key) : undefined);
    const description = field('description');
    const prompt = field('prompt');
    if (typeof description !== 'string' || typeof prompt !== 'string' || description.trim() === '' || prompt.trim() === '') {
      throw new UserFacingError(`--agents: agent "${agentType}" needs a "description" and a "prompt" (strings).`);
    }
    const tools = field('tools');
    if (tools !== undefined && !(Array.isArray(tools) && tools.every((tool) => typeof tool === 'string'))) {
      throw new UserFacingError(`--agents: "tools" of agent "${agentType}" must be an array of tool names.`);
    }
    const model = field('model');
    if (model !== undefined && typeof model !== 'string') throw new UserFacingError(`--agents: "model" of agent "${agentType}" must be a string.`);
    return { agentType, description: description.trim(), tools, model, systemPrompt: prompt.trim(), source: 'cli' };
  });
}
