/**
 * Checks one file access (from a file tool, or from a shell command's
 * operands and redirections) against path rules, protected paths and the
 * working directories. An access whose path cannot be known statically is
 * treated as possibly naming any path: it can never be allowed by
 * containment, and it meets every deny or ask rule of its kind (as ask).
 */
import path from 'node:path';
import type { CwdState } from '../shell/shellTypes.js';
import type { ExpandedWord, StaticWord } from '../shell/wordExpansion.js';
import type { DecisionEnvironment } from './decisionTypes.js';
import type { Explanation } from '../../contract/permissions.js';
import { catastrophicTargetReason, protectionOf, recursiveEditTouchesProtected, ruleNamesProtection } from './protectedPaths.js';
import { isInsideWorkingDirectories, type ResolvedPath } from './resolvePaths.js';
import { findPathRule, type PathAccessKind } from './ruleMatching.js';
import { describeSource } from '../rules/permissionRule.js';
import type { CompiledRule } from '../rules/ruleSet.js';
import type { CallTool } from '../rules/toolFamilies.js';

export type AccessRequest = {
  readonly access: PathAccessKind;
  /** Resolved paths, or 'unknown' when the path is computed at run time. */
  readonly targets: readonly ResolvedPath[] | 'unknown';
  readonly recursive: boolean;
  readonly destructive: boolean;
  /** Only possibly a path (argument of an unknown program): a deny match asks instead. */
  readonly possible: boolean;
  /** The file tool making the access (its declared name and family); absent for shell commands. */
  readonly callTool?: CallTool;
};

export type AccessCheck = {
  /** A deny/ask from rules or safety checks; undefined if nothing restricts it. */
  readonly restriction?: { readonly behavior: 'deny' | 'ask'; readonly explanation: Explanation };
  /** An allow rule covering every target. */
  readonly allowRule?: CompiledRule;
  /** Every target is inside the working directories. */
  readonly inside: boolean;
};

export function ruleExplanation(rule: CompiledRule): Explanation {
  return { kind: 'rule', rule: rule.rule.text, source: describeSource(rule.source), behavior: rule.behavior };
}

export function checkPathAccess(request: AccessRequest, env: DecisionEnvironment): AccessCheck {
  const workingDirectories = env.workingDirectories.map((dir) => env.paths.resolve(dir));
  if (request.targets === 'unknown') return checkUnknownTarget(request, env);
  if (request.targets.length === 0) return { inside: true };
  let allowRule: CompiledRule | undefined;
  let allAllowed = true;
  let inside = true;
  for (const target of request.targets) {
    const callTool = request.callTool ? { callTool: request.callTool } : {};
    const options = { recursive: request.recursive, ...callTool };
    for (const behavior of ['deny', 'ask'] as const) {
      const direct = findPathRule(env.ruleSet, behavior, request.access, target, { ...callTool, recursive: false });
      if (direct) {
        const downgraded = behavior === 'deny' && request.possible;
        return { restriction: { behavior: downgraded ? 'ask' : behavior, explanation: ruleExplanation(direct) }, inside: false };
      }
      const below = request.recursive ? findPathRule(env.ruleSet, behavior, request.access, target, options) : undefined;
      if (below) {
        const restriction = protectedFileBelow(request, target, behavior, env);
        if (restriction) return { restriction, inside: false };
      }
    }
    if (request.destructive) {
      const catastrophic = catastrophicTargetReason(target, env.home, env.workingDirectories);
      if (catastrophic) return { restriction: { behavior: 'ask', explanation: { kind: 'safety', detail: `never auto-allowed: ${target.spelled} — ${catastrophic}` } }, inside: false };
    }
    const allow = findPathRule(env.ruleSet, 'allow', request.access, target, options);
    if (request.access === 'write' && !request.possible) {
      // Every mode, bypassPermissions included: only an allow rule that names the protected path lets it through.
      const protection = protectionOf(target, env.home);
      const named = protection !== undefined && ruleNamesProtection(allow?.rule.specifier, protection);
      const protectedReason = named ? undefined : request.destructive ? recursiveEditTouchesProtected(target, env.home, env.workingDirectories) : protection?.reason;
      if (protectedReason) return { restriction: { behavior: 'ask', explanation: { kind: 'safety', detail: `always asks: ${protectedReason}` } }, inside: false };
    }
    if (allow) allowRule ??= allow;
    else allAllowed = false;
    if (!isInsideWorkingDirectories(target, workingDirectories)) inside = false;
  }
  return { ...(allAllowed && allowRule ? { allowRule } : {}), inside };
}

/** More entries than this below a directory and we stop looking and assume the worst. */
const TREE_SCAN_LIMIT = 10_000;

/**
 * A recursive operation on a directory a deny/ask rule may reach below:
 * look at what is actually there. A protected file found makes a recursive
 * write (rm -r, mv) denied and a recursive read (grep -r, cp -r) ask; a tree
 * too big to scan asks; a tree without one is fine.
 */
function protectedFileBelow(request: AccessRequest, target: ResolvedPath, behavior: 'deny' | 'ask', env: DecisionEnvironment): AccessCheck['restriction'] {
  const callTool = request.callTool ? { callTool: request.callTool } : {};
  const tree = env.paths.listTree(target.real, TREE_SCAN_LIMIT);
  if (tree === undefined) {
    const rule = findPathRule(env.ruleSet, behavior, request.access, target, { ...callTool, recursive: true });
    const detail = `${target.spelled} is too large to check, and may contain files that ${rule ? describeRule(ruleExplanation(rule)) : 'a rule'} protects`;
    return { behavior: 'ask', explanation: { kind: 'safety', detail } };
  }
  for (const file of tree) {
    const below = env.paths.resolve(file);
    const rule = findPathRule(env.ruleSet, behavior, request.access, below, { ...callTool, recursive: false });
    if (!rule) continue;
    if (request.access === 'write' && behavior === 'deny' && !request.possible) return { behavior: 'deny', explanation: ruleExplanation(rule) };
    return { behavior: 'ask', explanation: { kind: 'safety', detail: `it would reach ${below.spelled}, which ${describeRule(ruleExplanation(rule))} protects` } };
  }
  return undefined;
}

function checkUnknownTarget(request: AccessRequest, env: DecisionEnvironment): AccessCheck {
  // Any deny or ask rule of this kind might be the one the run-time path hits.
  const anywhere: ResolvedPath = { spelled: '/', real: '/' };
  for (const behavior of ['deny', 'ask'] as const) {
    const rule = findPathRule(env.ruleSet, behavior, request.access, anywhere, { recursive: true, ...(request.callTool ? { callTool: request.callTool } : {}) });
    if (rule) {
      const explanation = ruleExplanation(rule);
      return { restriction: { behavior: 'ask', explanation: { kind: 'safety', detail: `a path computed at run time may be one that ${describeRule(explanation)} protects` } }, inside: false };
    }
  }
  if (request.destructive) {
    return { restriction: { behavior: 'ask', explanation: { kind: 'safety', detail: 'never auto-allowed: deletes a path computed at run time, which could be / or your home' } }, inside: false };
  }
  return { inside: false };
}

function describeRule(explanation: Explanation): string {
  return explanation.kind === 'rule' ? `${explanation.behavior} rule ${explanation.rule} (from ${explanation.source})` : 'a rule';
}

/**
 * Resolves a shell word to absolute paths: relative to every candidate
 * working directory (after `cd`, bash may be in the old or the new one),
 * globs expanded against the file system.
 */
export function resolveWordTargets(word: ExpandedWord | 'unknown', cwd: CwdState, cwdOverride: ExpandedWord | undefined, env: Pick<DecisionEnvironment, 'paths'>): readonly ResolvedPath[] | 'unknown' {
  if (word === 'unknown' || word.kind === 'dynamic' || word.unknownPath !== undefined) return 'unknown';
  // Character classes (`[[:alpha:]]`), equivalence classes and collating symbols match what we cannot enumerate reliably.
  if (word.isGlob && /\[[^\]]*\[[:=.]/.test(word.text)) return 'unknown';
  let bases: readonly string[];
  if (cwd.kind === 'unknown') bases = [];
  else bases = cwd.dirs;
  if (cwdOverride) {
    if (cwdOverride.kind === 'dynamic') return 'unknown';
    bases = bases.map((dir) => path.resolve(dir, cwdOverride.text));
    if (path.isAbsolute(cwdOverride.text)) bases = [cwdOverride.text];
  }
  const text = word.text;
  if (!path.isAbsolute(text) && bases.length === 0) return 'unknown';
  const absolutes = path.isAbsolute(text) ? [text] : bases.map((dir) => path.join(dir, text));
  if (!word.isGlob) return absolutes.map((p) => env.paths.resolve(p));
  const pattern = globPattern(word);
  const results: ResolvedPath[] = [];
  for (const base of path.isAbsolute(text) ? [''] : bases) {
    const absolutePattern = path.isAbsolute(text) ? pattern : `${base}/${pattern}`;
    const matches = env.paths.expandGlob(absolutePattern);
    // No match: bash passes the pattern through literally, so check that path too.
    const checked = matches.length > 0 ? matches : [absolutePattern.replace(/\\(.)/g, '$1')];
    for (const match of checked) results.push(env.paths.resolve(match));
  }
  return results;
}

/** The glob with quoted special characters escaped, so `'*'.txt` only matches a file named `*.txt`. */
function globPattern(word: StaticWord): string {
  let out = '';
  for (let i = 0; i < word.masked.chars.length; i++) {
    const char = word.masked.chars[i] ?? '';
    out += word.masked.quoted[i] && /[*?[\]\\]/.test(char) ? `\\${char}` : char;
  }
  return out;
}
