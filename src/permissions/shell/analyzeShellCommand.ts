/**
 * The shell analyser's front door: parse, reduce to simple commands,
 * classify each. Async because the parser loads lazily; a synchronous
 * variant serves callers that cannot wait (Bash's isReadOnly) and answers
 * "unknown" until the parser is ready.
 */
import os from 'node:os';
import path from 'node:path';
import { getLoadedBashParser, loadBashParser, type BashParser } from './bashParser.js';
import { classifyCommand } from './classifyCommand.js';
import type { CommandEffects } from './commandEffects.js';
import { reduceToSimpleCommands } from './reduceToSimpleCommands.js';
import type { CwdState, ShellConcern, SimpleCommand } from './shellTypes.js';
import type { ExpandedWord } from './wordExpansion.js';
import { monotonicMs } from '../../utils/clock.js';

export type AnalyzedSimpleCommand = { readonly command: SimpleCommand; readonly effects: CommandEffects };

export type ShellCommandAnalysis = {
  readonly source: string;
  readonly commands: readonly AnalyzedSimpleCommand[];
  /** Everything that makes the command's effect unbounded, from parsing and classification. */
  readonly concerns: readonly ShellConcern[];
  /** Milliseconds spent parsing and classifying (not loading the parser). */
  readonly analysisMs: number;
};

export type AnalyzeOptions = { readonly cwd: string; readonly home?: string };

export async function analyzeShellCommand(source: string, options: AnalyzeOptions): Promise<ShellCommandAnalysis> {
  return analyzeWith(await loadBashParser(), source, options);
}

/** Undefined when the parser has not finished loading yet. */
export function analyzeShellCommandSync(source: string, options: AnalyzeOptions): ShellCommandAnalysis | undefined {
  const parser = getLoadedBashParser();
  return parser ? analyzeWith(parser, source, options) : undefined;
}

function analyzeWith(parser: BashParser, source: string, options: AnalyzeOptions): ShellCommandAnalysis {
  const started = monotonicMs();
  const home = options.home ?? os.homedir();
  const reduced = reduceToSimpleCommands(parser, source, { cwd: options.cwd, home });
  const commands = findNamesAfterWrites(pathsAfterRelinking(reduced.commands.map((command) => ({ command, effects: classifyCommand(command) }))));
  const concerns = [...reduced.concerns, ...commands.flatMap((c) => c.effects.concerns), ...writtenThenRun(commands, home)];
  return { source, commands, concerns, analysisMs: monotonicMs() - started };
}

/** git subcommands that write the work tree from the object store (which can hold symlinks). */
const GIT_TREE_WRITERS = new Set(['checkout', 'switch', 'restore', 'reset', 'stash', 'pull', 'merge', 'rebase', 'clone', 'worktree', 'apply', 'am', 'cherry-pick', 'revert', 'read-tree', 'checkout-index']);

/**
 * Whether a command may create a symlink or move a path, so that names
 * resolved before the command runs mean something else afterwards:
 * `ln -s .claude c && echo '{}' > c/settings.json`, `mv .env x; cat x`.
 */
function mayRelink({ command, effects }: AnalyzedSimpleCommand): boolean {
  const program = effects.program;
  const words = command.argv.slice(1).map((word) => (word.kind === 'static' ? word.text : '-?'));
  switch (program) {
    case 'ln':
    case 'mv':
    case 'rsync':
    case 'unzip':
    case 'patch':
    case 'install':
      return true;
    case 'cp':
      // -s/-l link; -a/-d/-P/-r/-R copy symlinks as symlinks.
      return words.some((word) => /^-[a-zA-Z]*[sldPaRr]/.test(word) || /^--(symbolic-link|link|archive|no-dereference|preserve|recursive)/.test(word));
    case 'tar':
      return words.some((word) => /^-?[a-zA-Z]*x/.test(word) || word.startsWith('--extract') || word.startsWith('--get'));
    case 'git':
      return effects.matchArgv.slice(1, 2).some((word) => GIT_TREE_WRITERS.has(word.text));
    default:
      return false;
  }
}

/**
 * Paths are resolved before the command runs. Once any part may relink or
 * move paths, every other part's paths are unknown: pipelines and loops
 * run parts in any order, so "earlier" cannot be trusted either.
 */
function pathsAfterRelinking(commands: readonly AnalyzedSimpleCommand[]): AnalyzedSimpleCommand[] {
  const relinkers = commands.filter(mayRelink);
  if (relinkers.length === 0) return [...commands];
  const culprit = relinkers[0]?.effects.program ?? 'a command';
  return commands.map((analyzed) => {
    if (relinkers.length === 1 && relinkers[0] === analyzed) return analyzed;
    const paths = analyzed.effects.paths.map((access) => (access.target === 'unknown' ? access : { ...access, target: 'unknown' as const, why: `${access.why} (${culprit} in the same command may change what ${access.target.text} names)` }));
    return { ...analyzed, effects: { ...analyzed.effects, paths } };
  });
}

/**
 * `touch 'src/x .env' && find src | xargs cat`: the names find prints are
 * bounded by what is on disk when we look, so a command that writes
 * anything (or runs code) alongside voids the bound.
 */
function findNamesAfterWrites(commands: readonly AnalyzedSimpleCommand[]): AnalyzedSimpleCommand[] {
  const bounded = (analyzed: AnalyzedSimpleCommand): boolean => analyzed.effects.paths.some((access) => access.foundByFind === true);
  const writer = commands.some((analyzed) => !bounded(analyzed) && (analyzed.effects.kind === 'other' || analyzed.effects.paths.some((access) => access.access === 'write')));
  if (!writer) return [...commands];
  return commands.map((analyzed) => {
    if (!bounded(analyzed)) return analyzed;
    const paths = analyzed.effects.paths.map((access) => (access.foundByFind ? { ...access, target: 'unknown' as const, foundByFind: false, why: `${access.why}, but another part of the command writes files` } : access));
    return { ...analyzed, effects: { ...analyzed.effects, paths } };
  });
}

/** `echo 'rm -rf ~' > x.sh && bash x.sh`: the script's content is whatever the command wrote. */
function writtenThenRun(commands: readonly AnalyzedSimpleCommand[], home: string): ShellConcern[] {
  const written = new Set<string>();
  let writesUnknown = false;
  for (const { command, effects } of commands) {
    for (const access of effects.paths) {
      if (access.access !== 'write' || access.possible) continue;
      const resolved = access.target === 'unknown' ? undefined : lexicalPaths(access.target, command.cwd, home);
      if (!resolved) writesUnknown = true;
      else for (const p of resolved) written.add(p);
    }
  }
  const concerns: ShellConcern[] = [];
  for (const { command, effects } of commands) {
    const script = effects.runsScript;
    if (!script) continue;
    const resolved = lexicalPaths(script, command.cwd, home);
    if (!resolved) concerns.push({ kind: 'eval-computed-text', detail: `runs a script whose name is computed: ${script.text}` });
    else if (writesUnknown || resolved.some((p) => written.has(p))) {
      concerns.push({ kind: 'runs-written-script', detail: `runs ${script.text}, which this same command may have written` });
    }
  }
  return concerns;
}

function lexicalPaths(word: ExpandedWord, cwd: CwdState, home: string): string[] | undefined {
  if (word.kind === 'dynamic' || word.isGlob || word.unknownPath !== undefined) return undefined;
  const text = word.text.startsWith('~/') ? home + word.text.slice(1) : word.text;
  if (path.isAbsolute(text)) return [path.resolve(text)];
  if (cwd.kind === 'unknown') return undefined;
  return cwd.dirs.map((dir) => path.resolve(dir, text));
}
