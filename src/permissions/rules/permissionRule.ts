/**
 * A permission rule and where it came from. Every rule keeps its origin
 * (file:line, or the CLI flag) so a decision can say which rule fired.
 */
export type RuleBehavior = 'allow' | 'ask' | 'deny';

export type RuleSourceKind = 'cliArg' | 'flagSettings' | 'localSettings' | 'projectSettings' | 'userSettings' | 'claudeMd' | 'session';

export type RuleSource = {
  readonly kind: RuleSourceKind;
  /** The file, or the flag (`--allowedTools`). */
  readonly origin: string;
  readonly line?: number;
  /** Repository content: its allow rules apply only once the folder is trusted. */
  readonly fromRepository: boolean;
};

export type PermissionRule = {
  /** Canonical tool name (`Bash`, `Edit`, `mcp__github`). */
  readonly toolName: string;
  /** The text inside the parentheses, if any; undefined means the whole tool. */
  readonly specifier: string | undefined;
  /** The rule as written, normalised (`Bash(git commit*)`). */
  readonly text: string;
};

export type SourcedRule = {
  readonly behavior: RuleBehavior;
  readonly rule: PermissionRule;
  readonly source: RuleSource;
};

export function describeSource(source: RuleSource): string {
  return source.line === undefined ? source.origin : `${source.origin}:${source.line}`;
}

export function ruleToString(rule: PermissionRule): string {
  return rule.specifier === undefined ? rule.toolName : `${rule.toolName}(${rule.specifier})`;
}
