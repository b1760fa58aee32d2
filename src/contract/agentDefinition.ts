/**
 * What a subagent is: a name the model picks it by, a description that tells
 * the model when to pick it, the tools it may use, the model it runs on and
 * the system prompt it starts from. Built-in types, project and user
 * `.claude/agents/*.md` files and `--agents` JSON all become this one shape.
 */

export type AgentSource = 'built-in' | 'project' | 'user' | 'cli' | 'plugin';

/** 'inherit' (the parent's model), an alias ('sonnet', 'opus', 'haiku') or a full model id. */
export type AgentModelChoice = string;

export type AgentDefinition = {
  /** The `subagent_type` value: `general-purpose`, `Explore`, `reviewer` … */
  readonly agentType: string;
  readonly description: string;
  /** Tool names the agent may use; undefined: every tool a child may have. */
  readonly tools: readonly string[] | undefined;
  /** Undefined: the parent's model. */
  readonly model: AgentModelChoice | undefined;
  readonly systemPrompt: string;
  readonly source: AgentSource;
  /** The file it came from (project and user agents). */
  readonly file?: string;
  /** Built-in read-only types: no tool that writes is offered even if the pool has it. */
  readonly readOnly?: boolean;
};

/** The loaded agents, later sources overriding earlier ones by type name. */
export type AgentCatalog = {
  readonly agents: readonly AgentDefinition[];
  /** One line per definition that could not be loaded: file, line and why. */
  readonly warnings: readonly string[];
};

export function findAgent(catalog: AgentCatalog, agentType: string): AgentDefinition | undefined {
  return catalog.agents.find((agent) => agent.agentType === agentType) ?? catalog.agents.find((agent) => agent.agentType.toLowerCase() === agentType.toLowerCase());
}

export const DEFAULT_AGENT_TYPE = 'general-purpose';
