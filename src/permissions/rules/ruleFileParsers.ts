/**
 * Reads rules out of the three textual sources: CLAUDE.md lines, settings
 * JSON, and CLI flags. A rule that does not parse is an error naming the
 * file and line (never silently dropped: a dropped deny rule is a hole).
 */
import { isPermissionModeName, type RuleFileError, type SettingsPermissions } from './ruleSet.js';
import { jsonErrorOffset } from './jsonErrorPosition.js';
import { parseRule, splitRuleList } from './parseRule.js';
import type { RuleBehavior, RuleSource, SourcedRule } from './permissionRule.js';

export type ParsedRules = { readonly rules: SourcedRule[]; readonly errors: RuleFileError[] };

const RULE_KEYWORDS: Readonly<Record<string, RuleBehavior>> = { allow: 'allow', ask: 'ask', deny: 'deny' };
const RULE_LINE = /^\s*(?:[-*+]\s+)?(allow|ask|deny)\s*:(.*)$/;

/**
 * `allow: Bash(git commit*)`, `- deny: Read(.env), Edit(.env)` — lowercase
 * keyword at the start of a line (after an optional list bullet). `#`
 * outside parentheses starts a comment. Other lines are instructions for
 * the model and are ignored.
 */
export function parseClaudeMdRules(text: string, source: Omit<RuleSource, 'line'>): ParsedRules {
  const rules: SourcedRule[] = [];
  const errors: RuleFileError[] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = index + 1;
    const match = RULE_LINE.exec(stripComment(rawLine));
    if (!match) return;
    const behavior = RULE_KEYWORDS[match[1] ?? ''];
    if (!behavior) return;
    const body = (match[2] ?? '').trim();
    if (body === '') {
      errors.push({ file: source.origin, line, message: `"${behavior}:" without a rule` });
      return;
    }
    for (const ruleText of splitRuleList([body])) {
      const parsed = parseRule(ruleText);
      if (parsed.ok) rules.push({ behavior, rule: parsed.value, source: { ...source, line } });
      else errors.push({ file: source.origin, line, message: parsed.error });
    }
  });
  return { rules, errors };
}

function stripComment(line: string): string {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === '#' && depth === 0 && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i);
  }
  return line;
}

export type ParsedSettings = ParsedRules & { readonly permissions: SettingsPermissions };

/** `{"permissions": {"allow": [], "ask": [], "deny": [], "defaultMode": "...", "additionalDirectories": []}}` */
export function parseSettingsJson(text: string, source: Omit<RuleSource, 'line'>): ParsedSettings {
  const file = source.origin;
  const empty: SettingsPermissions = { additionalDirectories: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = lineAt(text, jsonErrorOffset(text));
    return { rules: [], errors: [{ file, line, message: `invalid JSON: ${message}` }], permissions: empty };
  }
  if (!isRecord(data)) return { rules: [], errors: [{ file, line: 1, message: 'settings must be a JSON object' }], permissions: empty };
  const permissions = data['permissions'];
  if (permissions === undefined) return { rules: [], errors: [], permissions: empty };
  const permissionsLine = lineOfKey(text, 'permissions', 0);
  if (!isRecord(permissions)) return { rules: [], errors: [{ file, line: permissionsLine, message: '"permissions" must be an object' }], permissions: empty };

  const rules: SourcedRule[] = [];
  const errors: RuleFileError[] = [];
  for (const behavior of ['allow', 'ask', 'deny'] as const) {
    const list = permissions[behavior];
    if (list === undefined) continue;
    const keyOffset = offsetOfKey(text, behavior, 0);
    if (!Array.isArray(list)) {
      errors.push({ file, line: lineAt(text, keyOffset), message: `"permissions.${behavior}" must be an array of rule strings` });
      continue;
    }
    let searchFrom = keyOffset;
    for (const entry of list) {
      const found = typeof entry === 'string' ? text.indexOf(JSON.stringify(entry), searchFrom) : -1;
      const line = lineAt(text, found >= 0 ? found : searchFrom);
      if (found >= 0) searchFrom = found + 1;
      if (typeof entry !== 'string') {
        errors.push({ file, line, message: `"permissions.${behavior}" entries must be strings, got ${JSON.stringify(entry)}` });
        continue;
      }
      const parsed = parseRule(entry);
      if (parsed.ok) rules.push({ behavior, rule: parsed.value, source: { ...source, line } });
      else errors.push({ file, line, message: parsed.error });
    }
  }
  const defaultMode = permissions['defaultMode'];
  if (defaultMode !== undefined && (typeof defaultMode !== 'string' || !isPermissionModeName(defaultMode))) {
    errors.push({ file, line: lineOfKey(text, 'defaultMode', 0), message: `"defaultMode" must be one of default, acceptEdits, plan, bypassPermissions; got ${JSON.stringify(defaultMode)}` });
  }
  const directories = permissions['additionalDirectories'];
  const additionalDirectories: string[] = [];
  if (directories !== undefined) {
    if (!Array.isArray(directories) || !directories.every((d): d is string => typeof d === 'string')) {
      errors.push({ file, line: lineOfKey(text, 'additionalDirectories', 0), message: '"additionalDirectories" must be an array of strings' });
    } else additionalDirectories.push(...directories);
  }
  const mode = typeof defaultMode === 'string' && isPermissionModeName(defaultMode) ? defaultMode : undefined;
  return { rules, errors, permissions: { additionalDirectories, ...(mode ? { defaultMode: mode } : {}) } };
}

/** `--allowedTools "Bash(git log:*),Read"` → rules; errors name the flag. */
export function parseCliRules(values: readonly string[], behavior: RuleBehavior, flag: string): ParsedRules {
  const rules: SourcedRule[] = [];
  const errors: RuleFileError[] = [];
  for (const text of splitRuleList(values)) {
    const parsed = parseRule(text);
    if (parsed.ok) rules.push({ behavior, rule: parsed.value, source: { kind: 'cliArg', origin: flag, fromRepository: false } });
    else errors.push({ file: flag, line: undefined, message: `${parsed.error} (in "${text}")` });
  }
  return { rules, errors };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}

function offsetOfKey(text: string, key: string, from: number): number {
  const found = text.indexOf(`"${key}"`, from);
  return found >= 0 ? found : from;
}

function lineOfKey(text: string, key: string, from: number): number {
  return lineAt(text, offsetOfKey(text, key, from));
}
