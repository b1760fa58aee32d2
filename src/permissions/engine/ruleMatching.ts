/**
 * Finds the rules that apply to one thing a call does: a tool as a whole,
 * a path read or written, a shell command, a web domain. Deny and ask
 * rules match generously (either the link or its target, any spelling,
 * case-insensitive paths, subdomains); allow rules match strictly (both
 * the link and its target, the exact spelling).
 */
import { ruleNameCovers, specifierKindOf, type CallTool } from '../rules/toolFamilies.js';
import type { ToolFamily } from '../../contract/permissions.js';
import type { CompiledRule, PermissionRuleSet } from '../rules/ruleSet.js';
import type { RuleBehavior } from '../rules/permissionRule.js';
import type { EffectClass } from '../shell/commandEffects.js';
import type { ResolvedPath } from './resolvePaths.js';

function active(ruleSet: PermissionRuleSet, behavior: RuleBehavior): CompiledRule[] {
  return ruleSet.rules.filter((rule) => rule.active && rule.behavior === behavior);
}

/**
 * A rule with no specifier naming this tool (or its MCP server, or its
 * family). A deny or ask rule naming the tool with a specifier its family
 * cannot read (`deny: WebSearch(x)`) counts for the whole tool: fail closed.
 */
export function findWholeToolRule(ruleSet: PermissionRuleSet, behavior: RuleBehavior, tool: CallTool): CompiledRule | undefined {
  const unreadable = behavior !== 'allow' && specifierKindOf(tool.family) === 'none';
  return active(ruleSet, behavior).find(
    (rule) => (rule.rule.specifier === undefined || (unreadable && rule.family === undefined)) && ruleNameCovers(rule.rule.toolName, tool),
  );
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
  options: { readonly recursive: boolean; readonly callTool?: CallTool },
): CompiledRule | undefined {
  const restrictive = behavior !== 'allow';
  return active(ruleSet, behavior).find((rule) => {
    if (!appliesToAccess(rule, access, restrictive, options.callTool)) return false;
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

/**
 * Family rules (`Read(...)`, `Edit(...)`) apply to every access of their
 * kind, from any tool or shell command. A rule naming one tool (`Grep(...)`)
 * applies to calls of that tool, read by its declared family; a deny or ask
 * rule of that kind also holds for shell commands, both reading and writing
 * the path (which family the named tool has is not known without a call, so
 * it fails closed), while such an allow rule never allows a shell command.
 */
function appliesToAccess(rule: CompiledRule, access: PathAccessKind, restrictive: boolean, callTool: CallTool | undefined): boolean {
  let family: ToolFamily | undefined = rule.family;
  if (family === undefined) {
    if (callTool === undefined) return restrictive && rule.path !== undefined;
    if (!ruleNameCovers(rule.rule.toolName, callTool)) return false;
    family = callTool.family;
  }
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
    // Shell commands answer to the execute family's rule word, `Bash(...)`.
    if (rule.family !== 'execute') return false;
    if (rule.rule.specifier === undefined) return true;
    const pattern = rule.bash;
    if (!pattern) return false;
    if (!restrictive) return command.spellings.slice(0, 1).some((spelling) => pattern.matches(spelling));
    if (pattern.effect && command.effects.includes(pattern.effect)) return true;
    return command.spellings.some((s) => pattern.matches(s)) || command.normalised.some((s) => pattern.matchesNormalised(s));
  });
}

/**
 * Domain rules: the network family's `WebFetch(domain:...)`, or one naming
 * the calling tool. Deny/ask also cover subdomains.
 */
export function findDomainRule(ruleSet: PermissionRuleSet, behavior: RuleBehavior, host: string, callTool?: CallTool): CompiledRule | undefined {
  const includeSubdomains = behavior !== 'allow';
  return active(ruleSet, behavior).find((rule) => {
    const forCall = rule.family === undefined && callTool !== undefined && callTool.family === 'network' && ruleNameCovers(rule.rule.toolName, callTool);
    if (rule.family !== 'network' && !forCall) return false;
    if (rule.rule.specifier === undefined) return true;
    return rule.domain?.matchesHost(host, { includeSubdomains }) ?? false;
  });
}
