/**
 * Finds the rules that apply to one thing a call does: a tool as a whole,
 * a path read or written, a shell command, a web domain. Deny and ask
 * rules match generously (either the link or its target, any spelling,
 * case-insensitive paths, subdomains); allow rules match strictly (both
 * the link and its target, the exact spelling).
 */
import { ruleToolCovers, toolFamily } from '../rules/toolNames.js';
import type { CompiledRule, PermissionRuleSet } from '../rules/ruleSet.js';
import type { RuleBehavior } from '../rules/permissionRule.js';
import type { EffectClass } from '../shell/commandEffects.js';
import type { ResolvedPath } from './resolvePaths.js';

function active(ruleSet: PermissionRuleSet, behavior: RuleBehavior): CompiledRule[] {
  return ruleSet.rules.filter((rule) => rule.active && rule.behavior === behavior);
}

/** A rule with no specifier naming this tool (or its MCP server, or its family). */
export function findWholeToolRule(ruleSet: PermissionRuleSet, behavior: RuleBehavior, toolName: string): CompiledRule | undefined {
  return active(ruleSet, behavior).find((rule) => rule.rule.specifier === undefined && ruleToolCovers(rule.rule.toolName, toolName));
}

export type PathAccessKind = 'read' | 'write';

/**
 * Path rules for an access. Reads answer to Read-family rules; writes to
 * Edit-family rules and also to Read deny/ask rules (a file you may not
 * read you may not edit either). Edit allow rules also allow reading.
 */
export function findPathRule(
  ruleSet: PermissionRuleSet,
  behavior: RuleBehavior,
  access: PathAccessKind,
  resolved: ResolvedPath,
  options: { readonly recursive: boolean; readonly callTool?: string },
): CompiledRule | undefined {
  const restrictive = behavior !== 'allow';
  return active(ruleSet, behavior).find((rule) => {
    const family = toolFamily(rule.rule.toolName);
    if (!appliesToAccess(rule, family, access, restrictive, options.callTool)) return false;
    if (rule.rule.specifier === undefined) return true;
    const pattern = rule.path;
    if (!pattern) return false;
    if (restrictive) {
      const hit = (p: string): boolean => pattern.matches(p, { caseInsensitive: true }) || (options.recursive && pattern.mayMatchBelow(p, { caseInsensitive: true }));
      return hit(resolved.spelled) || hit(resolved.real);
    }
    return pattern.matches(resolved.spelled) && pattern.matches(resolved.real);
  });
}

function appliesToAccess(rule: CompiledRule, family: string, access: PathAccessKind, restrictive: boolean, callTool: string | undefined): boolean {
  // A rule naming a specific tool (Grep(...)) applies to calls of that tool; for shell access, to its family.
  if (callTool !== undefined && family === toolFamily(callTool) && !ruleToolCovers(rule.rule.toolName, callTool)) return false;
  if (access === 'read') return family === 'read' || (!restrictive && family === 'edit');
  return family === 'edit' || (restrictive && family === 'read');
}

/**
 * Bash rules for one simple command. `spellings` are the forms the command
 * may be written in (see bashSpellings.ts); deny/ask rules match any of them
 * and their normalised option forms, and rules naming an effect
 * (`deny: Bash(rm -rf*)` → deletion) match every command with that effect.
 */
export function findBashRule(
  ruleSet: PermissionRuleSet,
  behavior: RuleBehavior,
  command: { readonly spellings: readonly string[]; readonly normalised: readonly string[]; readonly effects: readonly EffectClass[] },
): CompiledRule | undefined {
  const restrictive = behavior !== 'allow';
  return active(ruleSet, behavior).find((rule) => {
    if (!ruleToolCovers(rule.rule.toolName, 'Bash')) return false;
    if (rule.rule.specifier === undefined) return true;
    const pattern = rule.bash;
    if (!pattern) return false;
    if (!restrictive) return command.spellings.slice(0, 1).some((spelling) => pattern.matches(spelling));
    if (pattern.effect && command.effects.includes(pattern.effect)) return true;
    return command.spellings.some((s) => pattern.matches(s)) || command.normalised.some((s) => pattern.matchesNormalised(s));
  });
}

/** WebFetch domain rules; deny/ask also cover subdomains. */
export function findDomainRule(ruleSet: PermissionRuleSet, behavior: RuleBehavior, host: string): CompiledRule | undefined {
  const includeSubdomains = behavior !== 'allow';
  return active(ruleSet, behavior).find((rule) => {
    if (toolFamily(rule.rule.toolName) !== 'webfetch') return false;
    if (rule.rule.specifier === undefined) return true;
    return rule.domain?.matchesHost(host, { includeSubdomains }) ?? false;
  });
}
