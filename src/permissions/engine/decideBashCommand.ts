/**
 * Decides a Bash call: every simple command the analyser found is decided
 * on its own (its command rules, then every file it touches), and the call
 * is denied if any part is denied, asks if any part asks, and is allowed
 * only if every part is. Concerns about the whole command (not understood,
 * computed command names, inline code) are applied last.
 */
import { hostOfUrl } from '../rules/domainPattern.js';
import { hasRestrictiveRules } from '../rules/ruleSet.js';
import type { AnalyzedSimpleCommand, ShellCommandAnalysis } from '../shell/analyzeShellCommand.js';
import type { ShellConcern } from '../shell/shellTypes.js';
import { commandSpellings } from './bashSpellings.js';
import { narrowestPrefixRule } from './commandPrefix.js';
import { checkPathAccess, resolveWordTargets, ruleExplanation } from './checkPathAccess.js';
import type { Behavior, Explanation, TraceEntry } from '../../contract/permissions.js';
import type { DecisionEnvironment } from './decisionTypes.js';
import { ownGitDirectories, usesOwnRepository } from './gitRepositories.js';
import { findBashRule, findDomainRule } from './ruleMatching.js';

export type PartDecision = TraceEntry & {
  /** Rules that would allow this part if saved, or undefined if no allow rule could (ask rules, safety). */
  readonly suggestions: readonly string[] | undefined;
};

/** Concerns no allow rule can override (the analyser did not understand the command). */
const HARD_CONCERNS = new Set<ShellConcern['kind']>(['unparseable', 'dynamic-command', 'too-deep', 'evaluated-code']);

export function decideShellAnalysis(analysis: ShellCommandAnalysis, env: DecisionEnvironment): PartDecision[] {
  const concerns = [...analysis.concerns, ...foreignRepositoryConcerns(analysis, env)];
  // A command with anything unbounded about it (`git -c core.fsmonitor=… push`) is offered only as written, never as a prefix.
  const parts = analysis.commands.map((command) => decideSimpleCommand(command, env, { offerPrefix: concerns.length === 0 }));
  // Rules the OS sandbox enforces need no question about what the analyser cannot bound.
  const restrictive = hasRestrictiveRules(env.ruleSet) && env.sandboxed !== true;
  // A mode may only allow what is bounded: `PATH=/tmp/x ls` is read-only by its words, not by its effect.
  // (The sandbox keeps the working directories writable, so it does not bound this.)
  const allowedByMode = parts.some((p) => p.behavior === 'allow' && p.explanation.kind === 'mode' && env.mode !== 'bypassPermissions');
  for (const concern of concerns) {
    const hard = HARD_CONCERNS.has(concern.kind);
    if (!hard && !restrictive && !allowedByMode) continue; // the command itself is "other" and asks unless a rule allows it
    if (env.mode === 'bypassPermissions' && !restrictive) continue;
    const detail = hard
      ? `not understood, so never auto-allowed: ${concern.detail}`
      : restrictive ? `its effect cannot be bounded (${concern.detail}), and deny or ask rules are in force` : `its effect cannot be bounded (${concern.detail}), so no mode allows it`;
    const behavior: Behavior = env.mode === 'plan' ? 'deny' : 'ask';
    parts.push({ subject: `(whole command) ${concern.kind}`, behavior, explanation: { kind: 'safety', detail }, suggestions: undefined });
  }
  if (analysis.commands.length === 0 && analysis.concerns.length === 0) {
    parts.push({ subject: '(empty command)', behavior: 'allow', explanation: { kind: 'safety', detail: 'nothing to run' }, suggestions: [] });
  }
  return parts;
}

/**
 * A git command that would run in a repository other than the working directories' own reads that
 * repository's config, which can make git run a program (gitRepositories.ts): it is an unbounded effect.
 */
function foreignRepositoryConcerns(analysis: ShellCommandAnalysis, env: DecisionEnvironment): ShellConcern[] {
  const gitCommands = analysis.commands.filter(({ effects }) => effects.gitRepositoryFrom !== undefined);
  if (gitCommands.length === 0) return [];
  const own = ownGitDirectories([...env.workingDirectories, env.ruleSet.projectRoot]);
  const concerns: ShellConcern[] = [];
  for (const { command, effects } of gitCommands) {
    const dirs = resolveWordTargets(effects.gitRepositoryFrom!, command.cwd, undefined, env);
    if (dirs === 'unknown') {
      concerns.push({ kind: 'inline-code', detail: 'git runs in a directory computed at run time, and that repository\'s config can make git run a program' });
      continue;
    }
    for (const dir of dirs) {
      const found = usesOwnRepository(dir.real, own);
      if (!found.own) concerns.push({ kind: 'inline-code', detail: `git would use the repository at ${found.gitDirectory}, not the working directory's own, and its config (core.fsmonitor, core.hooksPath, aliases, diff and filter drivers) can make git run a program` });
    }
  }
  return concerns;
}

function decideSimpleCommand(analyzed: AnalyzedSimpleCommand, env: DecisionEnvironment, options: { readonly offerPrefix: boolean }): PartDecision {
  const { command, effects } = analyzed;
  const spellings = commandSpellings(analyzed);
  const redirects = command.redirects.map((redirect) => redirect.text).join(' ');
  const subject = [spellings.canonical, redirects].filter(Boolean).join(' ') || command.source;
  const hasProgram = command.argv.length > 0;
  const restrictions: { behavior: 'deny' | 'ask'; explanation: Explanation }[] = [];
  const part = (behavior: Behavior, explanation: Explanation, suggestions: readonly string[] | undefined): PartDecision => ({ subject, behavior, explanation, suggestions });

  const shellMatch = { spellings: spellings.spellings, normalised: spellings.normalised, effects: effects.effects };
  for (const behavior of ['deny', 'ask'] as const) {
    const rule = hasProgram ? findBashRule(env.ruleSet, behavior, shellMatch) : undefined;
    if (rule) restrictions.push({ behavior, explanation: ruleExplanation(rule) });
  }
  if (effects.effects.includes('network')) restrictions.push(...domainRestrictions(analyzed, env));

  const pathSuggestions: string[] = [];
  const redirectSuggestions: string[] = [];
  let pathsFullyAllowed = true;
  let pathsSuggestible = true;
  let redirectsAllowed = true;
  for (const access of effects.paths) {
    const resolved = resolveWordTargets(access.target, command.cwd, effects.cwdOverride, env);
    const targets = access.namesSplitOnBlanks && resolved !== 'unknown' && !namesSurviveSplitting(resolved, env) ? 'unknown' : resolved;
    const check = checkPathAccess({ access: access.access, targets, recursive: access.recursive, destructive: access.destructive === true, possible: access.possible === true }, env);
    if (check.restriction) {
      restrictions.push(check.restriction);
      continue;
    }
    const allowedByMode = access.access === 'read' ? check.inside : check.inside && env.mode === 'acceptEdits';
    const allowed = Boolean(check.allowRule) || allowedByMode || access.possible === true;
    if (!allowed) {
      pathsFullyAllowed = false;
      if (targets === 'unknown') pathsSuggestible = false;
      const rules = targets === 'unknown' ? [] : targets.map((t) => pathRuleFor(access.access, t.spelled, env));
      pathSuggestions.push(...rules);
      if (access.viaRedirect) {
        redirectsAllowed = false;
        redirectSuggestions.push(...rules);
      }
    }
  }

  const denial = restrictions.find((r) => r.behavior === 'deny');
  if (denial) return part('deny', denial.explanation, undefined);
  const sideEffects = effects.kind !== 'read-only' || effects.paths.some((p) => p.access === 'write');
  if (env.mode === 'plan' && sideEffects) {
    return part('deny', { kind: 'mode', mode: 'plan', detail: 'plan mode only runs read-only commands' }, undefined);
  }
  const asking = restrictions.find((r) => r.behavior === 'ask');
  if (asking) return part('ask', asking.explanation, undefined);

  const allowRule = hasProgram ? findBashRule(env.ruleSet, 'allow', shellMatch) : undefined;
  const commandSuggestion = spellings.fullyStatic && !spellings.canonical.includes('*') && hasProgram ? [`Bash(${spellings.canonical})`] : undefined;
  if (allowRule) {
    if (redirectsAllowed || env.mode === 'bypassPermissions') return part('allow', ruleExplanation(allowRule), []);
    return part('ask', { kind: 'mode', mode: env.mode, detail: 'the command is allowed, but the file it redirects into needs permission' }, pathsSuggestible ? dedupe(redirectSuggestions) : undefined);
  }
  const understood = effects.notUnderstood.length === 0;
  if (env.mode === 'bypassPermissions') {
    // An unknown program or option could be the one a deny rule exists for: while rules are in force it asks.
    if (understood || env.sandboxed === true || !hasRestrictiveRules(env.ruleSet)) return part('allow', { kind: 'mode', mode: env.mode, detail: 'bypass permissions runs everything no deny or ask rule names' }, []);
    return part('ask', { kind: 'safety', detail: `not understood (${effects.notUnderstood[0] ?? ''}), and deny or ask rules are in force` }, undefined);
  }
  if (!understood && (effects.kind !== 'other' || effects.known)) {
    return part('ask', { kind: 'mode', mode: env.mode, detail: `not auto-allowed: ${effects.notUnderstood[0] ?? ''}` }, commandSuggestion ? dedupe([...commandSuggestion, ...redirectSuggestions]) : undefined);
  }
  if (env.sandboxOff === true && !fullyTabled(analyzed)) {
    return part('ask', { kind: 'mode', mode: env.mode, detail: 'the OS sandbox is off, and only commands with no option-named files, run-time arguments or unresolved paths run without asking' }, commandSuggestion);
  }
  if (effects.kind === 'read-only' && pathsFullyAllowed && !sideEffects) {
    return part('allow', { kind: 'mode', mode: env.mode, detail: 'read-only command inside the working directories' }, []);
  }
  if (effects.kind !== 'other' && pathsFullyAllowed && effects.paths.every((p) => p.target !== 'unknown')) {
    const why = env.mode === 'acceptEdits' ? 'acceptEdits allows file edits inside the working directories' : 'every file it edits is allowed by an Edit rule';
    return part('allow', { kind: 'mode', mode: env.mode, detail: why }, []);
  }
  const detail =
    effects.kind === 'read-only' ? 'it reads outside the working directories' :
    effects.kind === 'file-edit' ? (env.mode === 'acceptEdits' ? 'it edits files outside the working directories' : 'it edits files') :
    effects.known ? 'it has side effects' : `${effects.program ?? 'this program'} is not known to be read-only`;
  // A Bash allow rule covers the program's own operands; redirections need their own Edit rule.
  // An understood command with a known subcommand gets its prefix (`git push:*`), not its literal text.
  const prefix = commandSuggestion && options.offerPrefix ? narrowestPrefixRule(analyzed, spellings.canonical, { understood }) : undefined;
  const commandRules = prefix ? [prefix] : commandSuggestion;
  const suggestions = !pathsSuggestible ? undefined : effects.kind === 'read-only' ? dedupe(pathSuggestions) : commandRules ? dedupe([...commandRules, ...redirectSuggestions]) : undefined;
  return part('ask', { kind: 'mode', mode: env.mode, detail }, suggestions);
}

/** Nothing in the command is open-ended: the analysis alone can be trusted with it (sandbox off). */
function fullyTabled({ command, effects }: AnalyzedSimpleCommand): boolean {
  return !command.hasHiddenArguments && effects.known && effects.paths.every((p) => p.target !== 'unknown' && p.possible !== true && p.fromOptionValue !== true && (p.target.kind !== 'dynamic'));
}

/** curl https://evil.example meets `deny: WebFetch(domain:evil.example)`: same effect, other tool. */
function domainRestrictions(analyzed: AnalyzedSimpleCommand, env: DecisionEnvironment): { behavior: 'deny' | 'ask'; explanation: Explanation }[] {
  const restrictions: { behavior: 'deny' | 'ask'; explanation: Explanation }[] = [];
  for (const word of analyzed.command.argv.slice(1)) {
    if (word.kind === 'dynamic') continue;
    const host = hostOfUrl(word.text) ?? (/^[a-z0-9.-]+\.[a-z]{2,}(\/|$)/i.test(word.text) ? word.text.split('/')[0] : undefined);
    if (!host) continue;
    for (const behavior of ['deny', 'ask'] as const) {
      const rule = findDomainRule(env.ruleSet, behavior, host);
      if (rule?.rule.specifier !== undefined) restrictions.push({ behavior, explanation: ruleExplanation(rule) });
    }
  }
  return restrictions;
}

/** `Read(./src/x.ts)` inside the project, `Read(//etc/hosts)` outside it; glob characters escaped. */
export function pathRuleFor(access: 'read' | 'write', absolutePath: string, env: Pick<DecisionEnvironment, 'ruleSet'>): string {
  const root = env.ruleSet.projectRoot;
  const escaped = (p: string): string => p.replace(/[*?[\]\\()]/g, '\\$&');
  const inside = absolutePath === root || absolutePath.startsWith(`${root}/`);
  const spec = inside ? `./${escaped(absolutePath.slice(root.length + 1)) || '.'}` : `/${escaped(absolutePath)}`;
  return `${access === 'read' ? 'Read' : 'Edit'}(${spec})`;
}

/** Characters on which xargs (without -0) splits or unquotes names. */
const SPLIT_CHARACTERS = /[\s'"\\]/;
const SPLIT_SCAN_LIMIT = 10_000;

/**
 * Names xargs reads from find are split on blanks and quotes: a file named
 * `src/x .env` becomes the words `src/x` and `.env`. The tree bounds the
 * words only if no name below it holds such a character.
 */
function namesSurviveSplitting(roots: readonly { readonly spelled: string; readonly real: string }[], env: DecisionEnvironment): boolean {
  for (const root of roots) {
    if (SPLIT_CHARACTERS.test(root.spelled)) return false;
    const tree = env.paths.listTree(root.real, SPLIT_SCAN_LIMIT);
    if (tree === undefined || tree.some((file) => SPLIT_CHARACTERS.test(file.slice(root.real.length)))) return false;
  }
  return true;
}

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values)];
}
