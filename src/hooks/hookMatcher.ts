/**
 * A hook group's `matcher`, compiled once at start-up:
 *   ""  or "*"          every call
 *   "Bash"              exactly that name (case-sensitive, as in Claude Code)
 *   "Edit|Write"        any of those names
 *   "mcp__github__.*"   anything else is a regular expression
 *
 * Decision: a regular expression must match the whole name, so "Edit" never
 * catches "NotebookEdit" and "mcp__db__.*" never catches "mcp__db2__x".
 */
export type HookMatcher = {
  /** As written, for `/hooks`. */
  readonly pattern: string;
  matches(target: string | undefined): boolean;
};

export type CompiledMatcher = { readonly ok: true; readonly matcher: HookMatcher } | { readonly ok: false; readonly error: string };

const NAME_LIST = /^[A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*$/;

export function compileHookMatcher(pattern: string): CompiledMatcher {
  const trimmed = pattern.trim();
  if (trimmed === '' || trimmed === '*') return { ok: true, matcher: { pattern, matches: () => true } };
  if (NAME_LIST.test(trimmed)) {
    const names = new Set(trimmed.split('|'));
    return { ok: true, matcher: { pattern, matches: (target) => target !== undefined && names.has(target) } };
  }
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${trimmed})$`);
  } catch (error) {
    return { ok: false, error: `matcher ${JSON.stringify(pattern)} is not a valid regular expression (${error instanceof Error ? error.message : String(error)})` };
  }
  return { ok: true, matcher: { pattern, matches: (target) => target !== undefined && regex.test(target) } };
}

/** For events without a matcher (UserPromptSubmit, Stop, ...): every hook of the event runs. */
export const MATCH_ALL: HookMatcher = { pattern: '', matches: () => true };
