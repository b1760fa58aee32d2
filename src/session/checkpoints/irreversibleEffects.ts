/**
 * What a call did that restoring files cannot take back, read from the
 * facts its tool declared (never from its output): network calls, writes
 * outside the working directories, git ref changes (commits, pushes, tags,
 * branches, stashes), processes started or signalled. The rewind picker
 * lists these per prompt so the user knows what stays done.
 */
import path from 'node:path';
import type { PreparedCall, Tool } from '../../contract/tool.js';
import type { AnalyzedSimpleCommand } from '../../permissions/shell/analyzeShellCommand.js';

/** git subcommands that move refs, talk to remotes or rewrite history: the shadow store restores files, not git's own state. */
const GIT_REF_CHANGERS = new Set([
  'commit', 'push', 'pull', 'fetch', 'tag', 'branch', 'merge', 'rebase', 'reset', 'revert', 'cherry-pick', 'am', 'stash',
  'update-ref', 'checkout', 'switch', 'notes', 'replace', 'remote', 'clone', 'gc', 'prune', 'reflog', 'worktree', 'submodule', 'config',
]);

export type EffectScope = { readonly workingDirectories: readonly string[] };

export function irreversibleEffectsOf(tool: Tool, call: PreparedCall, scope: EffectScope): string[] {
  const effects: string[] = [];
  const { facts } = call;
  if (facts.url !== undefined) effects.push(`network: ${tool.name} fetched ${facts.url}`);
  for (const access of facts.paths ?? []) {
    if (access.access === 'write' && !isInside(access.path, scope)) effects.push(`wrote outside the working directories: ${access.path}`);
  }
  if (tool.isMcp === true && !safeIsReadOnly(tool, call)) effects.push(`${tool.name}: an MCP server's own effects`);
  if (facts.shell) {
    for (const command of facts.shell.commands) effects.push(...shellEffects(command, scope));
    if (/(^|[^&|])&\s*($|[;\n)])/.test(facts.shell.source)) effects.push(`started a background process: ${oneLine(facts.shell.source)}`);
  }
  if (isRecord(call.input) && call.input.run_in_background === true && typeof call.input.command === 'string') {
    effects.push(`started a background process: ${oneLine(call.input.command)}`);
  }
  return [...new Set(effects)];
}

function shellEffects({ command, effects }: AnalyzedSimpleCommand, scope: EffectScope): string[] {
  const source = oneLine(command.source);
  const found: string[] = [];
  if (effects.effects.includes('network')) found.push(`network: ${source}`);
  if (effects.effects.includes('kill-process')) found.push(`signalled processes: ${source}`);
  if (effects.program === 'git') {
    const subcommand = effects.matchArgv[1];
    if (subcommand?.kind === 'static' && GIT_REF_CHANGERS.has(subcommand.text)) found.push(`git ${subcommand.text} (refs and remotes are not restored): ${source}`);
  }
  for (const access of effects.paths) {
    if (access.access !== 'write' || access.possible) continue;
    if (access.target === 'unknown' || access.target.kind === 'dynamic' || access.target.isGlob) continue;
    for (const absolute of resolvedPaths(access.target.text, command.cwd)) {
      if (!isInside(absolute, scope)) found.push(`wrote outside the working directories: ${absolute}`);
    }
  }
  return found;
}

function resolvedPaths(text: string, cwd: AnalyzedSimpleCommand['command']['cwd']): string[] {
  if (path.isAbsolute(text)) return [path.resolve(text)];
  if (cwd.kind === 'unknown') return [];
  return cwd.dirs.map((dir) => path.resolve(dir, text));
}

function isInside(absolute: string, scope: EffectScope): boolean {
  return scope.workingDirectories.some((dir) => {
    const relative = path.relative(dir, absolute);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}

/** Whether a call may change files in the working directories: declared writes, or a shell command not claimed read-only. */
export function mayChangeFiles(tool: Tool, call: PreparedCall): boolean {
  if ((call.facts.paths ?? []).some((access) => access.access === 'write')) return true;
  if (tool.family === 'execute') return !safeIsReadOnly(tool, call);
  return false;
}

/** Paths a call declares it writes (a snapshot takes them in even when git ignores them). */
export function declaredWrites(call: PreparedCall): string[] {
  const paths = (call.facts.paths ?? []).filter((access) => access.access === 'write').map((access) => access.path);
  for (const { command, effects } of call.facts.shell?.commands ?? []) {
    for (const access of effects.paths) {
      if (access.access !== 'write' || access.target === 'unknown' || access.target.kind === 'dynamic' || access.target.isGlob) continue;
      paths.push(...resolvedPaths(access.target.text, command.cwd));
    }
  }
  return paths;
}

function safeIsReadOnly(tool: Tool, call: PreparedCall): boolean {
  try {
    return tool.isReadOnly(call);
  } catch {
    return false;
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
