/**
 * Skill: loads one skill's instructions into the conversation when the
 * model decides it needs them (progressive disclosure: the tool's prompt
 * lists only names and descriptions; src/skills/skillListing.ts).
 *
 * Loading text changes nothing, so a skill without `allowed-tools` loads
 * without asking. A skill with `allowed-tools` grants those rules for the
 * rest of the user's turn (as a custom command's turn does), so loading it
 * goes through the permission rules like any call with side effects: in
 * the default mode the user is asked first.
 *
 * A skill's `model` takes over the rest of the user's turn once the skill
 * is loaded (the result's contextModifier; the loop sends its later
 * requests with it), as it does for the turn `/name` starts.
 *
 * `!`cmd`` snippets in a skill run when the user types `/name` (inside the
 * command's turn, through the Bash tool's pipeline). Loaded by the model,
 * they are shown as commands for it to run with Bash itself: a tool call
 * never starts other tool calls behind the pipeline's back.
 *
 * A `context: fork` skill is not loaded into the conversation: its body (with
 * the call's args) is the task of a subagent of the skill's `agent` type,
 * started through the context's SubagentLauncher as the Agent tool does, and
 * the result is that agent's final answer — the instructions never reach the
 * parent's requests. Its `allowed-tools` hold while the fork runs (the child
 * shares the session's permission state) and are released when it ends; its
 * `model` is the child's model.
 */
import { z } from 'zod';
import { buildTool, type Tool, type ToolUseContext } from '../../contract/tool.js';
import { DEFAULT_AGENT_TYPE, findAgent, type AgentCatalog } from '../../contract/agentDefinition.js';
import { describeAgentWork } from '../../contract/agentProgress.js';
import { runChildOfCall } from '../../contract/subagentLauncher.js';
import type { Skill } from '../../skills/skill.js';
import { resolveModelName } from '../../services/api/models.js';
import { PermissionState } from '../../permissions/permissionState.js';
import { renderCommandPrompt } from '../../commands/custom/renderCommandPrompt.js';
import type { SkillCatalog } from '../../skills/loadSkills.js';
import { expandSkillVariables } from '../../skills/skillVariables.js';
import { listSkillsForModel } from '../../skills/skillListing.js';
import { SKILL_TOOL_NAME, skillToolPrompt } from './prompt.js';

export type SkillInput = { readonly skill: string; readonly args?: string };
export type SkillOutput = {
  readonly name: string;
  readonly dir: string;
  readonly instructions: string;
  readonly granted: readonly string[];
  /** A `context: fork` skill: what its agent answered (then `instructions` is empty: they went to the agent). */
  readonly forked?: { readonly agentType: string; readonly answer: string; readonly work: string };
};

/** `agents`: the session's agent types, for `context: fork` skills (none: such a skill cannot run). */
export function createSkillTool(catalog: Promise<SkillCatalog>, agents?: Promise<AgentCatalog>): Tool<SkillInput, SkillOutput> {
  const grants = async (name: string | undefined): Promise<readonly string[]> => (name ? ((await catalog).find(name)?.allowedTools ?? []) : []);
  // Until the catalog is read, every skill counts as granting something (fail-closed).
  let grantsByName: ReadonlyMap<string, readonly string[]> | undefined;
  void catalog.then((loaded) => {
    grantsByName = new Map(loaded.skills.map((skill) => [skill.name.toLowerCase(), skill.allowedTools]));
  }, () => undefined);
  return buildTool<SkillInput, SkillOutput>({
    name: SKILL_TOOL_NAME,
    searchHint: 'skill instructions load capability',
    inputSchema: () =>
      z.strictObject({
        skill: z.string().describe('The skill\'s name, exactly as listed (plugin skills: "plugin:skill")'),
        args: z.string().optional().describe('Optional arguments for the skill'),
      }),
    description: (input) => `Load the ${input?.skill ?? ''} skill`.replace(/\s+skill$/, ' skill'),
    prompt: async () => skillToolPrompt(listSkillsForModel((await catalog).skills)),
    // Loading instructions is reading; granting rules is not.
    isReadOnly: (call) => grantsByName !== undefined && (grantsByName.get(call.input.skill.toLowerCase())?.length ?? 0) === 0,
    isConcurrencySafe: () => false,
    async checkPermissions(call) {
      if ((await grants(call.input.skill)).length === 0) return { behavior: 'allow', reason: { type: 'tool', detail: 'loading a skill\'s instructions changes nothing' } };
      return { behavior: 'passthrough' };
    },
    async validateInput(input, context) {
      const skill = (await catalog).find(input.skill);
      if (!skill) {
        const names = (await catalog).skills.filter((candidate) => candidate.modelInvocable).map((candidate) => candidate.name);
        return { result: false, message: `No skill named "${input.skill}". Available: ${names.join(', ') || 'none'}.` };
      }
      if (!skill.modelInvocable) return { result: false, message: `The ${skill.name} skill is only run by the user (/${skill.name}); it cannot be loaded by the model.` };
      if (skill.fork) {
        const type = skill.fork.agentType ?? DEFAULT_AGENT_TYPE;
        if (!context.subagents || !agents) return { result: false, message: `The ${skill.name} skill runs in an agent of its own, and no agent can be started here.` };
        if (!findAgent(await agents, type)) return { result: false, message: `The ${skill.name} skill names agent type "${type}", which does not exist here.` };
      }
      return { result: true };
    },
    mapToolResultToToolResultBlockParam: (data, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: skillResultText(data) }),
    async call(input, context) {
      const loaded = await catalog;
      const skill = loaded.find(input.skill);
      if (!skill) throw new Error(`no skill named "${input.skill}"`);
      const read = await loaded.readBody(skill);
      if (!read.ok) throw new Error(read.error);
      if (skill.fork) return { data: await runForked(skill, read.body, input.args ?? '', context, agents) };
      // The grant is the one the permission decision saw (read at start-up), not whatever the file says now.
      let granted: readonly string[] = [];
      if (skill.allowedTools.length > 0 && context.onTurnEnd) {
        const grant = new PermissionState(context.appState).grant({ rules: skill.allowedTools, grantedBy: `/${skill.name}`, fromRepository: skill.fromRepository });
        if (!grant.ok) throw new Error(grant.error);
        context.onTurnEnd(grant.revoke);
        granted = skill.allowedTools;
      }
      const instructions = await instructionsForModel(read.body, skill, input.args ?? '');
      const data = { name: skill.name, dir: skill.dir, instructions, granted };
      // `model` holds for the rest of the user's turn, as when the user runs /name: the loop's later requests use it.
      const model = skill.model === undefined ? undefined : resolveModelName(skill.model);
      return model === undefined ? { data } : { data, contextModifier: (later: ToolUseContext) => ({ ...later, model }) };
    },
  });
}

/** The body with its variables and arguments filled in; `!`cmd`` snippets are shown, not run (see the header). */
async function instructionsForModel(body: string, skill: Skill, args: string): Promise<string> {
  const rendered = await renderCommandPrompt(expandSkillVariables(body, skill), args, async (command) => ({
    ok: true,
    output: `\`${command}\` (not run: run it with Bash if you need its output)`,
  }));
  if (!rendered.ok) throw new Error(rendered.error);
  return rendered.prompt;
}

/** A `context: fork` skill: its body is a subagent's task; the grant holds until that agent ends. */
async function runForked(skill: Skill, body: string, args: string, context: ToolUseContext, agents: Promise<AgentCatalog> | undefined): Promise<SkillOutput> {
  const type = skill.fork?.agentType ?? DEFAULT_AGENT_TYPE;
  const agent = agents ? findAgent(await agents, type) : undefined;
  if (!context.subagents || !agent) throw new Error(`cannot start the ${type} agent the ${skill.name} skill runs in`);
  const prompt = await instructionsForModel(body, skill, args);
  let revoke: (() => void) | undefined;
  if (skill.allowedTools.length > 0) {
    const grant = new PermissionState(context.appState).grant({ rules: skill.allowedTools, grantedBy: `/${skill.name}`, fromRepository: skill.fromRepository });
    if (!grant.ok) throw new Error(grant.error);
    revoke = grant.revoke;
  }
  try {
    const result = await runChildOfCall(
      context.subagents,
      { agent, prompt, description: `${skill.name} skill`, ...(skill.model ? { model: skill.model } : {}) },
      context,
    );
    return {
      name: skill.name,
      dir: skill.dir,
      instructions: '',
      granted: skill.allowedTools,
      forked: { agentType: result.agentType, answer: result.text, work: describeAgentWork({ toolUses: result.toolUses, tokens: result.tokens, elapsedMs: result.durationMs }) },
    };
  } finally {
    revoke?.();
  }
}

export function skillResultText(data: SkillOutput): string {
  if (data.forked) {
    return `The ${data.name} skill ran in a ${data.forked.agentType} agent of its own. Its answer:\n\n${data.forked.answer || '(the agent finished without a final answer)'}\n\n[${data.forked.agentType} agent: ${data.forked.work}]`;
  }
  const grant = data.granted.length > 0 ? `\nWhile this turn runs, these are allowed without asking: ${data.granted.join(', ')}.` : '';
  return `Loaded the ${data.name} skill. Its folder is ${data.dir}: files its instructions mention are there.${grant}\n\n${data.instructions}`;
}
