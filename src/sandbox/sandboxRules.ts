/**
 * What the permission rules ask of the sandbox, and whether the sandbox
 * then enforces every rule a shell command could run into.
 *
 *   Read deny            → masked (an empty folder or file in its place)
 *   Edit deny            → read-only
 *   Bash deny of a deleting program that names a path (`Bash(rm -rf data:*)`)
 *                        → that path read-only
 *   WebFetch rules, and Bash denies of network clients (`Bash(curl:*)`)
 *                        → enforced while the sandbox keeps the network off
 *
 * "Enforced" is what lets a command whose effects the analyser cannot bound
 * run without asking: the OS, not the analyser, stops it. A rule the
 * sandbox cannot hold keeps the analysis in force: ask rules (the user
 * wants a question, not a wall), a deny with no path (`Bash(rm:*)`: the
 * sandbox does not know what to keep), an Edit deny that could match files
 * not yet created (`Edit(*.lock)`), a pattern whose paths lie outside the
 * working directories at any depth (`Read(~/**\/*.pem)`).
 */
import path from 'node:path';
import type { PathPattern } from '../permissions/rules/pathPattern.js';
import type { CompiledRule, PermissionRuleSet } from '../permissions/rules/ruleSet.js';
import { hasGlob, isWithin, literalPrefix } from './treeScan.js';

export type SandboxRuleTargets = {
  /** Read deny patterns: what they match is masked. */
  readonly masked: readonly PathPattern[];
  /** Edit deny patterns: what they match is read-only. */
  readonly readOnlyPatterns: readonly PathPattern[];
  /** Paths a deleting program's deny rule names: read-only. */
  readonly readOnlyPaths: readonly string[];
};

export function sandboxRuleTargets(ruleSet: PermissionRuleSet): SandboxRuleTargets {
  const masked: PathPattern[] = [];
  const readOnlyPatterns: PathPattern[] = [];
  const readOnlyPaths: string[] = [];
  for (const rule of ruleSet.rules) {
    if (!rule.active || rule.behavior !== 'deny') continue;
    // Only family rule words (Read, Edit, Bash) speak for shell effects; a rule naming one tool is about that tool.
    const family = rule.family;
    if (family === 'read' && rule.path) masked.push(rule.path);
    else if (family === 'edit' && rule.path) readOnlyPatterns.push(rule.path);
    else if (family === 'execute') readOnlyPaths.push(...(deletionTargets(rule, ruleSet.projectRoot) ?? []));
  }
  return { masked, readOnlyPatterns, readOnlyPaths };
}

export type CoverageFacts = {
  readonly network: boolean;
  /** The working directories and settings' writablePaths. */
  readonly writableAreas: readonly string[];
  readonly exists: (absolutePath: string) => boolean;
};

/**
 * Whether making `target` read-only holds: it exists, and no writable area
 * lies strictly inside it (the sandbox never turns a working directory
 * read-only because a rule names one of its parents).
 */
export function canHoldReadOnly(target: string, facts: Pick<CoverageFacts, 'writableAreas' | 'exists'>): boolean {
  return facts.exists(target) && !facts.writableAreas.some((area) => area !== target && isWithin(area, target));
}

/** The active deny and ask rules the sandbox cannot enforce (empty: the OS is the boundary for all of them). */
export function rulesBeyondSandbox(ruleSet: PermissionRuleSet, facts: CoverageFacts): CompiledRule[] {
  return ruleSet.rules.filter((rule) => rule.active && rule.behavior !== 'allow' && !enforcedBySandbox(rule, ruleSet, facts));
}

function enforcedBySandbox(rule: CompiledRule, ruleSet: PermissionRuleSet, facts: CoverageFacts): boolean {
  const family = rule.family;
  // Rules naming one tool (MCP servers, Grep…) are never what a shell command runs into.
  if (family === undefined || family === 'other') return true;
  if (family === 'network') return !facts.network;
  if (rule.behavior === 'ask') return false;
  if (family === 'read') return rule.path !== undefined && maskIsComplete(rule.path, facts);
  if (family === 'edit') return rule.path !== undefined && readOnlyIsComplete(rule.path, facts);
  // bash: a deny of a network client (`Bash(curl:*)`) protects the network effect, which is gone in here.
  if (rule.bash?.effect === 'network') return !facts.network;
  const targets = deletionTargets(rule, ruleSet.projectRoot);
  return targets !== undefined && targets.length > 0 && targets.every((target) => canHoldReadOnly(target, facts));
}

/** A mask is complete unless the pattern reaches any depth outside the working directories (bounded walk there). */
function maskIsComplete(pattern: PathPattern, facts: CoverageFacts): boolean {
  const prefix = literalPrefix(pattern.anchored);
  if (facts.writableAreas.some((dir) => isWithin(prefix, dir))) return true;
  return !pattern.anchored.includes('**') || pattern.anchored.endsWith('/**') && !hasGlob(pattern.anchored.slice(0, -3));
}

/** Read-only holds only where nothing new can match: an existing literal path, or an existing folder and everything in it. */
function readOnlyIsComplete(pattern: PathPattern, facts: CoverageFacts): boolean {
  const anchored = pattern.anchored.endsWith('/**') ? pattern.anchored.slice(0, -3) : pattern.anchored;
  return !hasGlob(anchored) && canHoldReadOnly(anchored, facts);
}

/**
 * The paths a deny rule for a deleting program names: `rm -rf data:*` →
 * data, `rm build/*` → build (relative to the project root). Undefined when
 * the rule is not about deletion; empty when it names no path.
 */
export function deletionTargets(rule: CompiledRule, projectRoot: string): string[] | undefined {
  if (rule.bash?.effect !== 'delete') return undefined;
  const [program = '', ...rest] = rule.bash.specifier.replace(/:\*$/, '').split(' ').filter(Boolean);
  const words = [path.basename(program), ...rest];
  // find and rsync operands are where they look, not what they delete: no path to keep.
  if (!DELETERS_WITH_PATH_OPERANDS.test(words.slice(0, 2).join(' '))) return [];
  const operands = words.slice(subcommandWords(words)).filter((word) => !word.startsWith('-') && word !== '*');
  return operands.map((word) => {
    const literal = literalPrefix(`/${word}`).slice(1) || '.';
    return path.resolve(projectRoot, word.startsWith('/') ? literalPrefix(word) : literal);
  });
}

const DELETERS_WITH_PATH_OPERANDS = /^(rm|unlink|rmdir|shred|srm|trash|trash-put|gio trash|git rm|git clean)(\s|\*|$)/;

/** `rm x` → operands start after 1 word; `git clean x`, `gio trash x` after 2. */
function subcommandWords(words: readonly string[]): number {
  return words[0] === 'git' || words[0] === 'gio' ? 2 : 1;
}
