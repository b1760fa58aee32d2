/**
 * The effective rules with their sources, for `agentcli permissions list`
 * and the REPL's permissions view: deny first, then ask, then allow.
 */
import { describeSource, type RuleBehavior } from './rules/permissionRule.js';
import type { PermissionRuleSet } from './rules/ruleSet.js';
import type { ToolPermissionContext } from '../contract/permissions.js';

export type ListedRule = {
  readonly behavior: RuleBehavior;
  /** `Bash(git commit*)` */
  readonly rule: string;
  /** `/repo/CLAUDE.md:12`, `--allowedTools`, `/repo/.claude/settings.json:4` */
  readonly source: string;
  /** False for a repository allow rule while the folder is not trusted. */
  readonly active: boolean;
  readonly fromRepository: boolean;
};

const ORDER: Readonly<Record<RuleBehavior, number>> = { deny: 0, ask: 1, allow: 2 };

export function listRules(ruleSet: PermissionRuleSet): ListedRule[] {
  return [...ruleSet.rules]
    .sort((a, b) => ORDER[a.behavior] - ORDER[b.behavior])
    .map((rule) => ({ behavior: rule.behavior, rule: rule.rule.text, source: describeSource(rule.source), active: rule.active, fromRepository: rule.source.fromRepository }));
}

/** The rules of a session (REPL: `listRulesOfContext(appState.get().toolPermissionContext)`). */
export function listRulesOfContext(context: ToolPermissionContext): ListedRule[] {
  return context.rules.ruleSet ? listRules(context.rules.ruleSet) : [];
}
