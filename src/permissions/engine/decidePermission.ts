/**
 * The permission decision for one tool call, as pure as a decision can be
 * (it reads the file system only to resolve symlinks and globs). Precedence
 * is deny > ask > allow > mode default, whatever the rule's source; deny and
 * ask rules hold in every mode, bypassPermissions included.
 */
import { analyzeShellCommand } from '../shell/analyzeShellCommand.js';
import { hostOfUrl } from '../rules/domainPattern.js';
import { canonicalToolName, toolFamily } from '../rules/toolNames.js';
import { checkPathAccess, ruleExplanation } from './checkPathAccess.js';
import { decideShellAnalysis, pathRuleFor, type PartDecision } from './decideBashCommand.js';
import { describeExplanation, type DecisionEnvironment, type Explanation, type PermissionVerdict, type ToolCallSubject } from './decisionTypes.js';
import { findDomainRule, findWholeToolRule } from './ruleMatching.js';
import { validatedSuggestions } from './suggestRules.js';
import path from 'node:path';

export async function decidePermission(call: ToolCallSubject, env: DecisionEnvironment): Promise<PermissionVerdict> {
  const parts = await decideParts(call, env);
  const verdict = combineParts(call, parts);
  if (verdict.behavior !== 'ask') return verdict;
  return { ...verdict, suggestedRules: await validatedSuggestions(call, parts, env, decidePartsWithoutSuggestions) };
}

async function decidePartsWithoutSuggestions(call: ToolCallSubject, env: DecisionEnvironment): Promise<PermissionVerdict> {
  return combineParts(call, await decideParts(call, env));
}

async function decideParts(call: ToolCallSubject, env: DecisionEnvironment): Promise<PartDecision[]> {
  const toolName = canonicalToolName(call.toolName);
  const whole: PartDecision[] = [];
  for (const behavior of ['deny', 'ask'] as const) {
    const rule = findWholeToolRule(env.ruleSet, behavior, toolName);
    if (rule) whole.push({ subject: toolName, behavior, explanation: ruleExplanation(rule), suggestions: undefined });
  }
  if (whole.length > 0) return whole;
  if (toolFamily(toolName) === 'bash') {
    const analysis = await analyzeShellCommand(call.command ?? '', { cwd: env.cwd, home: env.home });
    return decideShellAnalysis(analysis, env);
  }
  return [decideOtherTool(toolName, call, env)];
}

function decideOtherTool(toolName: string, call: ToolCallSubject, env: DecisionEnvironment): PartDecision {
  const family = toolFamily(toolName);
  const subject = call.path !== undefined ? `${toolName}(${call.path})` : call.url !== undefined ? `${toolName}(${call.url})` : toolName;
  const part = (behavior: PartDecision['behavior'], explanation: Explanation, suggestions: readonly string[] | undefined): PartDecision => ({ subject, behavior, explanation, suggestions });
  let allowedByRule: Explanation | undefined;
  let inside = true;
  let suggestion: string | undefined = family === 'mcp' || family === 'other' ? toolName : undefined;

  if (family === 'read' || family === 'edit') {
    const access = family === 'edit' ? 'write' : 'read';
    const absolute = path.resolve(env.cwd, call.path ?? '.');
    const resolved = env.paths.resolve(absolute);
    // Grep reads the content of every file below its path, so files a Read rule protects there count.
    const recursive = toolName === 'Grep';
    const check = checkPathAccess({ access, targets: [resolved], recursive, destructive: false, possible: false, callTool: toolName }, env);
    if (check.restriction) return part(check.restriction.behavior, check.restriction.explanation, undefined);
    if (check.allowRule) allowedByRule = ruleExplanation(check.allowRule);
    inside = check.inside;
    suggestion = pathRuleFor(access, resolved.spelled, env);
  }
  if (family === 'webfetch') {
    const host = call.url !== undefined ? hostOfUrl(call.url) : undefined;
    if (host === undefined) return part('ask', { kind: 'safety', detail: 'the URL has no host we can check' }, undefined);
    for (const behavior of ['deny', 'ask'] as const) {
      const rule = findDomainRule(env.ruleSet, behavior, host);
      if (rule) return part(behavior, ruleExplanation(rule), undefined);
    }
    const allow = findDomainRule(env.ruleSet, 'allow', host);
    if (allow) allowedByRule = ruleExplanation(allow);
    suggestion = `WebFetch(domain:${host})`;
  }
  if (env.mode === 'plan' && !call.isReadOnly) return part('deny', { kind: 'mode', mode: 'plan', detail: `${toolName} has side effects and plan mode only runs read-only tools; present your plan with ExitPlanMode` }, undefined);
  const wholeAllow = findWholeToolRule(env.ruleSet, 'allow', toolName);
  if (wholeAllow && family !== 'read' && family !== 'edit') allowedByRule ??= ruleExplanation(wholeAllow);
  if (allowedByRule) return part('allow', allowedByRule, []);
  if (env.mode === 'bypassPermissions') return part('allow', { kind: 'mode', mode: env.mode, detail: 'bypass permissions runs everything no deny or ask rule names' }, []);
  if (family === 'read') {
    if (inside) return part('allow', { kind: 'mode', mode: env.mode, detail: 'reading inside the working directories' }, []);
    return part('ask', { kind: 'mode', mode: env.mode, detail: 'it reads outside the working directories' }, suggestion ? [suggestion] : undefined);
  }
  if (family === 'edit') {
    if (env.mode === 'acceptEdits' && inside) return part('allow', { kind: 'mode', mode: env.mode, detail: 'acceptEdits allows edits inside the working directories' }, []);
    const detail = env.mode === 'acceptEdits' ? 'it edits outside the working directories' : 'file edits ask in default mode';
    return part('ask', { kind: 'mode', mode: env.mode, detail }, suggestion ? [suggestion] : undefined);
  }
  if (family === 'webfetch') return part('ask', { kind: 'mode', mode: env.mode, detail: 'fetching a URL sends data to another host' }, suggestion ? [suggestion] : undefined);
  if (call.isReadOnly) return part('allow', { kind: 'mode', mode: env.mode, detail: `${toolName} is read-only` }, []);
  return part('ask', { kind: 'mode', mode: env.mode, detail: `${toolName} has side effects` }, suggestion ? [suggestion] : undefined);
}

export function combineParts(call: ToolCallSubject, parts: readonly PartDecision[]): PermissionVerdict {
  const toolName = canonicalToolName(call.toolName);
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
