/**
 * Agent (alias Task): delegates a prompt to a child conversation and
 * returns its final answer, with a one-line footer saying what it cost.
 *
 * The tool is made per session (like MCP tools), because its prompt lists
 * the session's agent types. It asks no permission of its own and counts as
 * read-only: the call itself changes nothing, and every tool the child uses
 * goes through the same permission checks as the parent's — so it runs in
 * plan mode, and in parallel with other Agent calls.
 */
import { z } from 'zod';
import { buildTool, type Tool } from '../../contract/tool.js';
import { DEFAULT_AGENT_TYPE, findAgent, type AgentCatalog } from '../../contract/agentDefinition.js';
import { type AgentProgress, describeAgentWork } from '../../contract/agentProgress.js';
import { runChildOfCall, type SubagentResult } from '../../contract/subagentLauncher.js';
import { newUuid } from '../../utils/ids.js';
import { AGENT_TOOL_ALIAS, AGENT_TOOL_NAME, agentToolPrompt } from './prompt.js';

export type AgentInput = {
  readonly description: string;
  readonly prompt: string;
  readonly subagent_type?: string;
  readonly model?: string;
  readonly run_in_background?: boolean;
};

export type AgentOutput =
  | ({ readonly kind: 'completed' } & SubagentResult)
  | { readonly kind: 'background'; readonly taskId: string; readonly agentType: string; readonly description: string };

export function createAgentTool(catalog: Promise<AgentCatalog>): Tool<AgentInput, AgentOutput, AgentProgress> {
  return buildTool<AgentInput, AgentOutput, AgentProgress>({
    name: AGENT_TOOL_NAME,
    aliases: [AGENT_TOOL_ALIAS],
    searchHint: 'delegate subagent parallel task explore plan',
    inputSchema: () =>
      z.strictObject({
        description: z.string().describe('A short (3-5 word) description of the task'),
        prompt: z.string().describe('The task for the agent: everything it needs to know, and what to report back'),
        subagent_type: z.string().optional().describe(`The agent type to use (default ${DEFAULT_AGENT_TYPE})`),
        model: z.string().optional().describe('sonnet, opus, haiku, inherit, or a full model id (default: the agent\'s own, else yours)'),
        run_in_background: z.boolean().optional().describe('Start the agent and return a task id at once; you are told when it finishes'),
      }),
    description: (input) => input?.description ?? 'Delegate a task',
    prompt: async () => agentToolPrompt((await catalog).agents),
    userFacingName: (input) => (input?.subagent_type && input.subagent_type !== DEFAULT_AGENT_TYPE ? input.subagent_type : AGENT_TOOL_NAME),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    interruptBehavior: () => 'cancel',
    async checkPermissions() {
      return { behavior: 'allow', reason: { type: 'tool', detail: "the agent's own tool calls are checked one by one" } };
    },
    async validateInput(input, context) {
      if (!context.subagents) return { result: false, message: 'Agent cannot start a subagent here (no conversation to run it in).' };
      const { agents } = await catalog;
      const type = input.subagent_type ?? DEFAULT_AGENT_TYPE;
      if (!findAgent({ agents, warnings: [] }, type)) {
        return { result: false, message: `No agent type "${type}". Available: ${agents.map((agent) => agent.agentType).join(', ')}.` };
      }
      if (input.prompt.trim() === '') return { result: false, message: 'prompt is empty: say what the agent should do.' };
      return { result: true };
    },
    mapToolResultToToolResultBlockParam: (data, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: agentResultText(data),
    }),
    ui: () => import('./UI.js'),
    async call(input, context, onProgress) {
      const launcher = context.subagents;
      const agent = findAgent(await catalog, input.subagent_type ?? DEFAULT_AGENT_TYPE);
      if (!launcher || !agent) throw new Error('the agent type or the conversation to run it in is missing');
      const common = {
        agent,
        prompt: input.prompt,
        description: input.description,
        ...(input.model ? { model: input.model } : {}),
      };
      if (input.run_in_background) {
        const agentId = newUuid().slice(0, 8);
        const task = context.backgroundTasks.startAgent({
          agentId,
          label: `${agent.agentType}: ${input.description}`,
          description: input.description,
          cwd: context.cwd,
          sessionId: context.session.id,
          sessionDir: context.session.dir,
          // Its own controller: the turn ending or an Esc does not stop it; TaskStop does.
          run: async (signal) => agentResultText({ kind: 'completed', ...(await launcher.run({ ...common, agentId, signal }, context)) }),
        });
        return { data: { kind: 'background', taskId: task.id, agentType: agent.agentType, description: input.description } };
      }
      const result = await runChildOfCall(launcher, { ...common, onProgress }, context);
      return { data: { kind: 'completed', ...result } };
    },
  });
}

export function agentResultText(data: AgentOutput): string {
  if (data.kind === 'background') {
    return `Started the ${data.agentType} agent in the background as task ${data.taskId}. You will be told when it finishes; read its answer with TaskOutput("${data.taskId}"), or stop it with TaskStop.`;
  }
  const answer = data.text || '(the agent finished without a final answer)';
  const limit = data.stopReason === 'max_turns' ? ` · stopped at its turn limit (${data.turns} turns)` : '';
  return `${answer}\n\n[${data.agentType} agent: ${describeAgentWork({ toolUses: data.toolUses, tokens: data.tokens, elapsedMs: data.durationMs })}${limit}]`;
}
