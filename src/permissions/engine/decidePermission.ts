/**
 * The permission decision for one tool call, as pure as a decision can be
 * (it reads the file system only to resolve symlinks and globs). Precedence
 * is deny > ask > allow > mode default, whatever the rule's source; deny and
 * ask rules hold in every mode, bypassPermissions included.
 */
import path from 'node:path';
import { hostOfUrl } from '../rules/domainPattern.js';
import { familyRuleWord, type CallTool } from '../rules/toolFamilies.js';
import { checkPathAccess, ruleExplanation } from './checkPathAccess.js';
import { decideShellAnalysis, pathRuleFor, type PartDecision } from './decideBashCommand.js';
import { describeExplanation, type DecisionEnvironment, type PermissionVerdict, type ToolCallSubject } from './decisionTypes.js';
import type { DeclaredPathAccess, Explanation } from '../../contract/permissions.js';
import { findDomainRule, findWholeToolRule } from './ruleMatching.js';
import { validatedSuggestions } from './suggestRules.js';

/**
 * Decides one call from its declarations alone. The shell analysis comes
 * with the call (made once when the call was prepared), so deciding — and
 * proving the suggested rules, which decides again — never re-parses it.
 */
export async function decidePermission(call: ToolCallSubject, env: DecisionEnvironment): Promise<PermissionVerdict> {
  const parts = decideParts(call, env);
  const verdict = combineParts(call, parts);
  if (verdict.behavior !== 'ask') return verdict;
  return { ...verdict, suggestedRules: await validatedSuggestions(call, parts, env, decidePartsWithoutSuggestions) };
}

async function decidePartsWithoutSuggestions(call: ToolCallSubject, env: DecisionEnvironment): Promise<PermissionVerdict> {
  return combineParts(call, decideParts(call, env));
}

function callToolOf(call: ToolCallSubject): CallTool {
  return { name: call.toolName, family: call.family, ...(call.aliases ? { aliases: call.aliases } : {}) };
}

function decideParts(call: ToolCallSubject, env: DecisionEnvironment): PartDecision[] {
  const tool = callToolOf(call);
  const whole: PartDecision[] = [];
  for (const behavior of ['deny', 'ask'] as const) {
    const rule = findWholeToolRule(env.ruleSet, behavior, tool);
    if (rule) whole.push({ subject: call.toolName, behavior, explanation: ruleExplanation(rule), suggestions: undefined });
  }
  if (whole.length > 0) return whole;
  if (call.family === 'execute') {
    if (call.shell === undefined) {
      return [{ subject: call.toolName, behavior: 'ask', explanation: { kind: 'safety', detail: 'the command was not analysed' }, suggestions: undefined }];
    }
    return decideShellAnalysis(call.shell, env);
  }
  return [decideOtherTool(tool, call, env)];
}

/** A read or edit call that declares no path works on its cwd (a search root left out). */
function declaredPaths(call: ToolCallSubject, env: DecisionEnvironment): readonly DeclaredPathAccess[] {
  if (call.paths !== undefined && call.paths.length > 0) return call.paths;
  return [{ path: env.cwd, access: call.family === 'edit' ? 'write' : 'read' }];
}

function decideOtherTool(tool: CallTool, call: ToolCallSubject, env: DecisionEnvironment): PartDecision {
  const { family } = tool;
  const toolName = call.toolName;
  const isFileTool = family === 'read' || family === 'edit';
  const paths = isFileTool ? declaredPaths(call, env) : [];
  const shown = paths[0]?.path ?? call.url;
  const subject = shown !== undefined ? `${toolName}(${shown})` : toolName;
  const part = (behavior: PartDecision['behavior'], explanation: Explanation, suggestions: readonly string[] | undefined): PartDecision => ({ subject, behavior, explanation, suggestions });
  let allowedByRule: Explanation | undefined;
  let inside = true;
  const suggestions: string[] = [];

  if (isFileTool) {
    let allAllowed = true;
    for (const declared of paths) {
      const resolved = env.paths.resolve(path.resolve(env.cwd, declared.path));
      const recursive = declared.recursive === true;
      const check = checkPathAccess({ access: declared.access, targets: [resolved], recursive, destructive: false, possible: false, callTool: tool }, env);
      if (check.restriction) return part(check.restriction.behavior, check.restriction.explanation, undefined);
      if (check.allowRule) allowedByRule ??= ruleExplanation(check.allowRule);
      else allAllowed = false;
      inside &&= check.inside;
      suggestions.push(pathRuleFor(declared.access, resolved.spelled, env));
    }
    if (!allAllowed) allowedByRule = undefined;
  } else if (family === 'network') {
    const host = call.url !== undefined ? hostOfUrl(call.url) : undefined;
    if (host === undefined) return part('ask', { kind: 'safety', detail: 'the URL has no host we can check' }, undefined);
    for (const behavior of ['deny', 'ask'] as const) {
      const rule = findDomainRule(env.ruleSet, behavior, host, tool);
      if (rule) return part(behavior, ruleExplanation(rule), undefined);
    }
    const allow = findDomainRule(env.ruleSet, 'allow', host, tool);
    if (allow) allowedByRule = ruleExplanation(allow);
    suggestions.push(`${familyRuleWord('network')}(domain:${host})`);
  } else {
    suggestions.push(toolName);
  }
  const suggested = suggestions.length > 0 ? [...new Set(suggestions)] : undefined;
  const wholeAllow = findWholeToolRule(env.ruleSet, 'allow', tool);
  // A server's "read-only" is its own word: it counts once the user allowed that tool or server by a rule.
  const isReadOnly = call.isReadOnly && (call.readOnlyClaimedByServer !== true || wholeAllow !== undefined);
  if (env.mode === 'plan' && !isReadOnly) {
    if (call.isReadOnly) {
      return part('ask', { kind: 'mode', mode: 'plan', detail: `plan mode only runs read-only tools, and that ${toolName} is read-only is only its server's claim (a rule allowing ${toolName} trusts it)` }, suggested);
    }
    return part('deny', { kind: 'mode', mode: 'plan', detail: `${toolName} has side effects and plan mode only runs read-only tools; present your plan with ExitPlanMode` }, undefined);
  }
  if (wholeAllow && !isFileTool) allowedByRule ??= ruleExplanation(wholeAllow);
  if (allowedByRule) return part('allow', allowedByRule, []);
  if (env.mode === 'bypassPermissions') return part('allow', { kind: 'mode', mode: env.mode, detail: 'bypass permissions runs everything no deny or ask rule names' }, []);
  if (family === 'read') {
    if (inside) return part('allow', { kind: 'mode', mode: env.mode, detail: 'reading inside the working directories' }, []);
    return part('ask', { kind: 'mode', mode: env.mode, detail: 'it reads outside the working directories' }, suggested);
  }
  if (family === 'edit') {
    if (env.mode === 'acceptEdits' && inside) return part('allow', { kind: 'mode', mode: env.mode, detail: 'acceptEdits allows edits inside the working directories' }, []);
    const detail = env.mode === 'acceptEdits' ? 'it edits outside the working directories' : 'file edits ask in default mode';
    return part('ask', { kind: 'mode', mode: env.mode, detail }, suggested);
  }
  if (family === 'network') return part('ask', { kind: 'mode', mode: env.mode, detail: 'fetching a URL sends data to another host' }, suggested);
  if (isReadOnly) return part('allow', { kind: 'mode', mode: env.mode, detail: `${toolName} is read-only` }, []);
  if (call.isReadOnly) return part('ask', { kind: 'mode', mode: env.mode, detail: `its server says ${toolName} is read-only, but that is the server's claim, not a fact agentcli can check (a rule allowing ${toolName} trusts it)` }, suggested);
  return part('ask', { kind: 'mode', mode: env.mode, detail: `${toolName} has side effects` }, suggested);
}

export function combineParts(call: ToolCallSubject, parts: readonly PartDecision[]): PermissionVerdict {
  const toolName = call.toolName;
  const deciding = parts.find((p) => p.behavior === 'deny') ?? parts.find((p) => p.behavior === 'ask') ?? parts[0];
  const trace = parts.map(({ subject, behavior, explanation }) => ({ subject, behavior, explanation }));
  if (!deciding) {
    return { behavior: 'ask', explanation: { kind: 'safety', detail: 'nothing was decided' }, message: `${toolName} needs permission.`, trace, suggestedRules: [] };
  }
  const what = deciding.subject === toolName ? toolName : `${toolName}: ${deciding.subject}`;
  const because = describeExplanation(deciding.explanation);
  const message =
    // The pipeline prefixes "Permission denied: ", so the text starts with what was refused.
    deciding.behavior === 'deny' ? `${what} — ${because}.` :
    deciding.behavior === 'ask' ? `${what} needs permission — ${because}.` :
    `Allowed ${what} — ${because}.`;
  return { behavior: deciding.behavior, explanation: deciding.explanation, message, trace, suggestedRules: [] };
}
