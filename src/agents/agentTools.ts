/**
 * Which tools a child gets: a subset of the parent's pool, never more, so a
 * child can never widen what its parent may do.
 *
 * Never offered to children: `ExitPlanMode` (leaving plan mode is the
 * user's decision about the main conversation — a child asking for it
 * would widen the mode for everyone) and `TodoWrite` (the todo list is the
 * main conversation's; a child would overwrite it), nor `StructuredOutput`
 * (--json-schema: the main conversation's answer). `Agent` is offered only
 * when the setting allows one more level and the caller is a direct child.
 */
import { toolMatchesName, type PreparedCall, type Tool, type Tools } from '../contract/tool.js';
import type { AgentDefinition } from '../contract/agentDefinition.js';

export const AGENT_TOOL_NAME = 'Agent';
// StructuredOutput (--json-schema) is the main conversation's answer; a child answers its parent in text.
const NEVER_FOR_CHILDREN = new Set(['ExitPlanMode', 'TodoWrite', 'StructuredOutput']);

/** `AGENTCLI_SUBAGENT_NESTING=1`: children may start children of their own (one more level, no further). */
export function maxAgentDepth(env: NodeJS.ProcessEnv): number {
  return env.AGENTCLI_SUBAGENT_NESTING === '1' || env.AGENTCLI_SUBAGENT_NESTING === 'true' ? 2 : 1;
}

/**
 * @param childDepth the depth the child will run at (1 for a child of the main conversation)
 */
export function toolsForAgent(agent: AgentDefinition, parentTools: Tools, options: { readonly childDepth: number; readonly maxDepth: number }): Tools {
  const mayDelegate = options.childDepth < options.maxDepth;
  const candidates = parentTools.filter((tool) => {
    if (NEVER_FOR_CHILDREN.has(tool.name)) return false;
    if (tool.name === AGENT_TOOL_NAME) return mayDelegate;
    return agent.readOnly ? isAlwaysReadOnly(tool) : true;
  });
  if (agent.tools === undefined) return candidates;
  // `Bash(git log:*)` in a tools list names the tool; rules say what it may run.
  const wanted = agent.tools.map((entry) => entry.replace(/\(.*$/s, '').trim());
  return candidates.filter((tool) => wanted.some((name) => toolMatchesName(tool, name) || name.toLowerCase() === tool.name.toLowerCase()));
}

/** A call that declares nothing: tools read-only by nature say so; Bash, whose answer needs its analysis, does not. */
const CALL_WITHOUT_FACTS: PreparedCall = { input: {}, scope: { cwd: '/', home: '/' }, facts: {} };

/** Read-only whatever the input (Read, Grep, Glob, WebFetch …); a throwing check counts as not (fail closed). */
function isAlwaysReadOnly(tool: Tool): boolean {
  if (tool.name === AGENT_TOOL_NAME) return false;
  try {
    return tool.isReadOnly(CALL_WITHOUT_FACTS);
  } catch {
    return false;
  }
}
