/**
 * /agents: the agent types this session offers — built-in, user, project
 * and --agents — with where each comes from, and the files that could not
 * be loaded. `/agents new <name> [--user]` writes a new agent file from a
 * template (project: .claude/agents/, --user: the config dir's agents/) for
 * the user to edit; it is loaded by the next session, so this session's
 * tool definitions stay byte-stable for the prompt cache.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentDefinition } from '../../contract/agentDefinition.js';
import { projectAgentsDir, userAgentsDir } from '../../agents/loadAgentCatalog.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export const agentsCommand: SlashCommand = {
  name: 'agents',
  description: 'List the subagent types, or create one from a template',
  argumentHint: '[new <name> [--user]]',
  async run(args, context) {
    const [action, name, ...flags] = args.trim().split(/\s+/).filter(Boolean);
    if (action === undefined) {
      const catalog = await context.session.agentCatalog;
      return { type: 'text', text: listAgents(catalog.agents, catalog.warnings) };
    }
    if (action !== 'new') return { type: 'text', tone: 'error', text: `Unknown /agents action "${action}". Use /agents, or /agents new <name> [--user].` };
    if (!name || !AGENT_NAME.test(name)) return { type: 'text', tone: 'error', text: 'Give the new agent a name: letters, digits, "-", "_" or "." (e.g. /agents new reviewer).' };
    const dir = flags.includes('--user') ? userAgentsDir(context.session.info.configDir) : projectAgentsDir(context.session.location.repositoryRoot);
    return createAgentFile(path.join(dir, `${name}.md`), name);
  },
};

export function listAgents(agents: readonly AgentDefinition[], warnings: readonly string[]): string {
  const order: AgentDefinition['source'][] = ['built-in', 'user', 'project', 'plugin', 'cli'];
  const titles: Record<AgentDefinition['source'], string> = { 'built-in': 'Built-in', user: 'User', project: 'Project', plugin: 'Plugin', cli: '--agents' };
  const lines: string[] = [];
  for (const source of order) {
    const ofSource = agents.filter((agent) => agent.source === source);
    if (ofSource.length === 0) continue;
    lines.push(`${titles[source]} agents:`);
    for (const agent of ofSource) {
      const details = [agent.model ? `model ${agent.model}` : '', agent.tools ? `tools ${agent.tools.join(', ')}` : '', agent.file ?? ''].filter(Boolean).join(' · ');
      lines.push(`  ${agent.agentType} — ${agent.description}${details ? `\n    ${details}` : ''}`);
    }
  }
  for (const warning of warnings) lines.push(`Not loaded: ${warning}`);
  lines.push('Create one with /agents new <name> (project) or /agents new <name> --user.');
  return lines.join('\n');
}

export function agentTemplate(name: string): string {
  return `---
name: ${name}
description: What this agent is for and when to use it (the model reads this to decide)
# tools: Read, Grep, Glob      # omit for every tool except Agent
# model: inherit               # sonnet, opus, haiku, inherit, or a model id
---
You are ${name}. Describe the job: what to look at, how to work, and what the final answer must contain.
The agent that delegates to you sees only your final message.
`;
}

async function createAgentFile(file: string, name: string): Promise<CommandResult> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, agentTemplate(name), { flag: 'wx' });
  } catch (error) {
    const exists = error instanceof Error && 'code' in error && error.code === 'EEXIST';
    return { type: 'text', tone: 'error', text: exists ? `${file} already exists; edit it instead.` : `Could not create ${file}: ${errorMessageOf(error)}` };
  }
  return { type: 'text', text: `Created ${file} from the template. Edit its description and prompt; new sessions offer it as subagent_type "${name}".` };
}
