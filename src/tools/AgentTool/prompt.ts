import type { AgentDefinition } from '../../contract/agentDefinition.js';

export const AGENT_TOOL_NAME = 'Agent';
/** Claude Code's earlier name for the tool; models and rules that say Task still work. */
export const AGENT_TOOL_ALIAS = 'Task';

export function agentToolPrompt(agents: readonly AgentDefinition[]): string {
  const types = agents.map((agent) => `- ${agent.agentType}: ${agent.description}${agent.tools ? ` (tools: ${agent.tools.join(', ')})` : ''}`);
  return `Delegates a task to a subagent: a separate conversation that works on it with its own tools and returns one final report. The subagent sees only the prompt you write — none of this conversation — so say everything it needs: the goal, what you already know, where to look, and what its answer should contain.

Use it to keep this conversation's context clean (broad searches, reading many files) and to run independent work in parallel: several Agent calls in one message run at the same time. Do not use it for a single file read or one grep — call those tools directly.

Agent types (subagent_type; default general-purpose):
${types.join('\n')}

- The result is the subagent's final message. It is not shown to the user: tell the user what matters from it.
- run_in_background: true returns a task id at once; you are told when it finishes, and read its answer with TaskOutput (stop it with TaskStop).
- model: sonnet, opus, haiku, inherit (the default: your model, or the agent's own choice) or a full model id.
- The subagent's tool calls follow the same permission rules as yours.`;
}
