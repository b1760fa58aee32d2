/**
 * The merged, compiled set of rules a session runs with. Rules are compiled
 * once (patterns anchored at the project root) and kept with their source.
 * Repository allow rules (CLAUDE.md, .claude/settings*.json) are inactive
 * until the folder is trusted; their deny and ask rules always apply.
 */
import { compileBashPattern, type BashPattern } from './bashPattern.js';
import { compileDomainPattern, type DomainPattern } from './domainPattern.js';
import { compilePathPattern, type PathPattern } from './pathPattern.js';
import { describeSource, type SourcedRule } from './permissionRule.js';
import { familyOfRuleWord, specifierKindOf, type SpecifierKind } from './toolFamilies.js';
import { type ToolFamily, isPermissionMode, type PermissionMode } from '../../contract/permissions.js';

export type PermissionModeName = PermissionMode;
export const isPermissionModeName = isPermissionMode;

export type SettingsPermissions = {
  readonly defaultMode?: PermissionModeName;
  readonly additionalDirectories: readonly string[];
};

/** A malformed rule or rule file. `line` is undefined for CLI flags. */
export type RuleFileError = { readonly file: string; readonly line: number | undefined; readonly message: string };

export function formatRuleFileError(error: RuleFileError): string {
  return `${error.line === undefined ? error.file : `${error.file}:${error.line}`}: ${error.message}`;
}

/** What start-up prints: one line for one problem; each further problem on its own line. */
export function describeRuleFileErrors(errors: readonly RuleFileError[]): string {
  const lines = errors.map(formatRuleFileError);
  return lines.length === 1 ? `invalid permission rule in ${lines[0]}` : `invalid permission rules:\n  ${lines.join('\n  ')}`;
}

export type CompiledRule = SourcedRule & {
  /** The family the rule word speaks for (`Edit` → edit); undefined for a rule naming one tool. */
  readonly family?: ToolFamily;
  readonly bash?: BashPattern;
  readonly path?: PathPattern;
  readonly domain?: DomainPattern;
  /** False for a repository allow rule while the folder is untrusted. */
  readonly active: boolean;
  /** "Bash(git commit*) from CLAUDE.md:12" */
  readonly label: string;
};

export type PermissionRuleSet = {
  readonly rules: readonly CompiledRule[];
  readonly projectRoot: string;
  readonly home: string;
};

export type CompileOptions = { readonly projectRoot: string; readonly home: string; readonly folderTrusted: boolean };

export function compileRuleSet(rules: readonly SourcedRule[], options: CompileOptions): PermissionRuleSet {
  const compiled = rules.map((sourced): CompiledRule => {
    const { rule } = sourced;
    const family = familyOfRuleWord(rule.toolName);
    const spec = rule.specifier;
    const active = !(sourced.behavior === 'allow' && sourced.source.fromRepository && !options.folderTrusted);
    const label = `${rule.text} from ${describeSource(sourced.source)}`;
    // A rule naming one tool is read by that tool's declared family, which is known only when a call comes.
    const kinds: readonly SpecifierKind[] = family !== undefined ? [specifierKindOf(family)] : spec?.startsWith('domain:') ? ['domain'] : ['command', 'path'];
    const patterns = {
      ...(spec !== undefined && kinds.includes('command') ? { bash: compileBashPattern(spec) } : {}),
      ...(spec !== undefined && kinds.includes('path') ? { path: compilePathPattern(spec, { root: options.projectRoot, home: options.home }) } : {}),
      ...(spec !== undefined && kinds.includes('domain') ? { domain: compileDomainPattern(spec) } : {}),
    };
    return { ...sourced, ...(family !== undefined ? { family } : {}), ...patterns, active, label };
  });
  return { rules: compiled, projectRoot: options.projectRoot, home: options.home };
}

export function emptyPermissionRuleSet(projectRoot: string, home: string): PermissionRuleSet {
  return { rules: [], projectRoot, home };
}

/** Whether any deny or ask rule is in force (then unbounded shell commands never auto-allow). */
export function hasRestrictiveRules(ruleSet: PermissionRuleSet): boolean {
  return ruleSet.rules.some((rule) => rule.active && rule.behavior !== 'allow');
}
