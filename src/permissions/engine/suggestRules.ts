/**
 * "Yes, and don't ask again": the narrowest rules that would have allowed
 * this call — for Bash, one rule per asking command (at most 5): its prefix
 * up to one subcommand when the analyser understood it and knows its
 * subcommands (`git push:*`, commandPrefix.ts), else the exact command; the
 * exact file for file tools, the domain for WebFetch. Each suggestion is proved before it is offered: the call is
 * decided again with the rules added, and only if that allows it are they
 * returned.
 */
import type { PartDecision } from './decideBashCommand.js';
import type { DecisionEnvironment, PermissionVerdict, ToolCallSubject } from './decisionTypes.js';
import { compileRuleSet } from '../rules/ruleSet.js';
import { parseRule } from '../rules/parseRule.js';
import type { SourcedRule } from '../rules/permissionRule.js';

export const MAX_SUGGESTED_RULES = 5;

export async function validatedSuggestions(
  call: ToolCallSubject,
  parts: readonly PartDecision[],
  env: DecisionEnvironment,
  decide: (call: ToolCallSubject, env: DecisionEnvironment) => Promise<PermissionVerdict>,
): Promise<string[]> {
  const candidates = candidateRules(parts);
  if (candidates.length === 0) return [];
  const withRules = withSessionAllowRules(env, candidates);
  if (!withRules) return [];
  const verdict = await decide(call, withRules);
  return verdict.behavior === 'allow' ? candidates : [];
}

/** Rules for every asking part, or none if any asking part cannot be allowed by a rule. */
export function candidateRules(parts: readonly PartDecision[]): string[] {
  const rules: string[] = [];
  for (const part of parts) {
    if (part.behavior === 'deny') return [];
    if (part.behavior !== 'ask') continue;
    if (part.suggestions === undefined || part.suggestions.length === 0) return [];
    rules.push(...part.suggestions);
  }
  const unique = [...new Set(rules)];
  return unique.length <= MAX_SUGGESTED_RULES ? unique : [];
}

function withSessionAllowRules(env: DecisionEnvironment, ruleTexts: readonly string[]): DecisionEnvironment | undefined {
  const added: SourcedRule[] = [];
  for (const text of ruleTexts) {
    const parsed = parseRule(text);
    if (!parsed.ok) return undefined;
    added.push({ behavior: 'allow', rule: parsed.value, source: { kind: 'session', origin: 'suggestion', fromRepository: false } });
  }
  const extra = compileRuleSet(added, { projectRoot: env.ruleSet.projectRoot, home: env.ruleSet.home, folderTrusted: true });
  return { ...env, ruleSet: { ...env.ruleSet, rules: [...env.ruleSet.rules, ...extra.rules] } };
}
