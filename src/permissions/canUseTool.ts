/**
 * The engine's permission seam, filled by the rule engine: every tool call
 * is decided from the session's rules and mode (engine/decidePermission.ts),
 * combined with the tool's own checkPermissions. The result carries the
 * deciding rule and its source, and the trace, for dialogs, denials sent to
 * the model, and `agentcli permissions check`.
 */
import os from 'node:os';
import type { PreparedCall, Tool, ToolUseContext } from '../contract/tool.js';
import { decidePermission } from './engine/decidePermission.js';
import type { Explanation, DecisionReason, PermissionDecision, ToolPermissionContext } from '../contract/permissions.js';
import type { PermissionVerdict, ToolCallSubject } from './engine/decisionTypes.js';
import { createPathResolver } from './engine/resolvePaths.js';
import { findWholeToolRule } from './engine/ruleMatching.js';
import { emptyPermissionRuleSet, type PermissionRuleSet } from './rules/ruleSet.js';
import { sandboxEnforcesRules, sandboxForCall } from '../sandbox/sessionSandbox.js';
import type { PermissionRuleSetHandle } from './types.js';

/** Decides a prepared call: its input parsed and its facts (paths, shell analysis) declared once. */
export type CanUseToolFn = (tool: Tool, call: PreparedCall, context: ToolUseContext) => Promise<PermissionDecision>;

export function emptyRuleSet(): PermissionRuleSetHandle {
  return { __ruleSet: true };
}

export function permissionContextOf(context: ToolUseContext): ToolPermissionContext {
  return context.appState.get().toolPermissionContext;
}

export function ruleSetOf(permissionContext: ToolPermissionContext, fallbackRoot: string): PermissionRuleSet {
  return permissionContext.rules.ruleSet ?? emptyPermissionRuleSet(fallbackRoot, os.homedir());
}

export const canUseToolWithRules: CanUseToolFn = async (tool, call, context) => {
  const permissionContext = permissionContextOf(context);
  const ruleSet = ruleSetOf(permissionContext, context.projectRoot);
  const verdict = await decidePermission(describeCall(tool, call), {
    mode: permissionContext.mode,
    ruleSet,
    cwd: call.scope.cwd,
    workingDirectories: permissionContext.workingDirectories,
    home: ruleSet.home,
    paths: createPathResolver(),
    // Only shell commands run in the sandbox: a call whose declared facts include a shell analysis.
    sandboxed: call.facts.shell !== undefined && sandboxEnforcesRules(permissionContext.sandbox, { mode: permissionContext.mode, ruleSet, workingDirectories: permissionContext.workingDirectories }),
    sandboxOff: call.facts.shell !== undefined && sandboxForCall(permissionContext.sandbox, permissionContext.mode).kind === 'off',
  });
  const toolDecision = await tool.checkPermissions(call, context);
  const decision = combineWithTool(verdictToDecision(verdict), toolDecision, verdict);
  // Approved shell commands run in the session sandbox; the dialog offers "outside" as its own answer.
  const sandboxed = decision.behavior === 'ask' && call.facts.shell !== undefined && sandboxForCall(permissionContext.sandbox, permissionContext.mode).kind === 'on';
  return sandboxed ? { ...decision, sandboxed: true } : decision;
};

/** What the engine needs to know about a call: the tool's declarations, never its name's meaning. */
export function describeCall(tool: Tool, call: PreparedCall): ToolCallSubject {
  let isReadOnly = false;
  try {
    isReadOnly = tool.isReadOnly(call);
  } catch {
    isReadOnly = false; // a throwing check counts as not read-only (fail closed)
  }
  const { paths, shell, url } = call.facts;
  return {
    toolName: tool.name,
    ...(tool.aliases ? { aliases: tool.aliases } : {}),
    family: tool.family,
    isReadOnly,
    // An MCP tool's read-only flag comes from its server's annotations.
    ...(tool.mcpInfo !== undefined ? { readOnlyClaimedByServer: true } : {}),
    ...(paths ? { paths } : {}),
    ...(shell ? { shell } : {}),
    ...(url !== undefined ? { url } : {}),
  };
}

export function reasonOf(explanation: Explanation): DecisionReason {
  switch (explanation.kind) {
    case 'rule':
      return { type: 'rule', rule: explanation.rule, source: explanation.source };
    case 'mode':
      return { type: 'mode', mode: explanation.mode };
    case 'safety':
      return { type: 'other', detail: explanation.detail };
  }
}

export function verdictToDecision(verdict: PermissionVerdict): PermissionDecision {
  const reason = reasonOf(verdict.explanation);
  const trace = verdict.trace;
  if (verdict.behavior === 'allow') return { behavior: 'allow', reason, trace };
  if (verdict.behavior === 'deny') return { behavior: 'deny', message: verdict.message, reason, trace };
  return { behavior: 'ask', message: verdict.message, reason, trace, ...(verdict.suggestedRules.length > 0 ? { suggestedRules: verdict.suggestedRules } : {}) };
}

/**
 * deny (from either side) > ask > allow. A tool may allow what the mode
 * default would ask about (it knows its own input best), but never what a
 * rule or a safety check asks about or denies.
 */
function combineWithTool(ours: PermissionDecision, tool: Awaited<ReturnType<Tool['checkPermissions']>>, verdict: PermissionVerdict): PermissionDecision {
  if (tool.behavior === 'passthrough' || ours.behavior === 'deny') return ours;
  if (tool.behavior === 'deny') return tool;
  if (tool.behavior === 'ask') return ours.behavior === 'ask' ? ours : tool;
  if (ours.behavior === 'ask' && verdict.explanation.kind === 'mode') return { ...tool, trace: verdict.trace };
  return ours;
}

/**
 * A deny rule naming the whole tool (`deny: WebFetch`, `--disallowedTools Bash`,
 * `deny: mcp__github`): the tool is not even offered to the model.
 */
export function isToolBlanketDenied(tool: Pick<Tool, 'name' | 'aliases' | 'family'>, context: ToolPermissionContext): boolean {
  const ruleSet = context.rules.ruleSet;
  return ruleSet !== undefined && findWholeToolRule(ruleSet, 'deny', tool) !== undefined;
}
