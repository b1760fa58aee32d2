/**
 * Parses `Tool` or `Tool(specifier)`. Errors are values naming the
 * problem; the caller adds file:line. Tool names are case-insensitive
 * (`bash(git commit*)` is `Bash(git commit*)`) and must be plain ASCII, so
 * a look-alike name cannot silently create a rule that never matches.
 *
 * A family's rule word (`Read`, `Edit`, `Bash`, `WebFetch`) has its
 * specifier checked here. A specifier on another tool's name is kept as
 * written and read by that tool's declared family when a call is matched
 * (see ruleSet.ts): the rule files are parsed before any tool is known.
 */
import { canonicalRuleName, familyOfRuleWord, isMcpRuleName, isValidToolName, specifierKindOf } from './toolFamilies.js';
import { ruleToString, type PermissionRule } from './permissionRule.js';

export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export function parseRule(input: string): ParseResult<PermissionRule> {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'empty rule' };
  const open = text.indexOf('(');
  const name = open >= 0 ? text.slice(0, open).trim() : text;
  if (!isValidToolName(name)) {
    return { ok: false, error: /[^\x20-\x7e]/.test(name) ? `tool name "${name}" contains non-ASCII characters` : `"${name}" is not a tool name` };
  }
  if (open < 0) return ok(canonicalRuleName(name), undefined);
  if (!text.endsWith(')')) return { ok: false, error: `rule "${text}" is missing its closing parenthesis` };
  const specifier = text.slice(open + 1, -1).trim();
  if (specifier === '') return { ok: false, error: `rule "${text}" has an empty specifier; write "${name}" for the whole tool` };
  const canonical = canonicalRuleName(name);
  if (isMcpRuleName(canonical)) return { ok: false, error: `MCP rules take no specifier; write mcp__server or mcp__server__tool` };
  const family = familyOfRuleWord(canonical);
  const kind = family === undefined ? undefined : specifierKindOf(family);
  if (kind === 'domain' && !/^domain:[A-Za-z0-9*.-]+$/.test(specifier)) {
    return { ok: false, error: `WebFetch rules take "domain:example.com", got "${specifier}"` };
  }
  if (kind === 'command' && specifier.includes(':*') && !specifier.endsWith(':*')) {
    return { ok: false, error: `":*" is only allowed at the end of a Bash rule ("${specifier}")` };
  }
  // `Bash(*)` is the whole tool; for path tools `*` stays a pattern (the project, gitignore-style).
  if (specifier === '*' && kind === 'command') return ok(canonical, undefined);
  return ok(canonical, specifier);
}

function ok(toolName: string, specifier: string | undefined): ParseResult<PermissionRule> {
  const rule = { toolName, specifier, text: '' };
  return { ok: true, value: { ...rule, text: ruleToString(rule) } };
}

/**
 * Splits a --allowedTools/--disallowedTools value: rules separated by
 * spaces or commas, with commas and spaces inside parentheses kept
 * (`"Bash(git log:*),Read"`, `"Bash(git commit -m *)" Edit`).
 */
export function splitRuleList(values: readonly string[]): string[] {
  const rules: string[] = [];
  for (const value of values) {
    let depth = 0;
    let current = '';
    for (const char of value) {
      if (char === '(') depth++;
      if (char === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (char === ',' || /\s/.test(char))) {
        if (current.trim()) rules.push(current.trim());
        current = '';
        continue;
      }
      current += char;
    }
    if (current.trim()) rules.push(current.trim());
  }
  return rules;
}
