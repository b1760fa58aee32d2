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
  const started = performance.now();
  const home = options.home ?? os.homedir();
  const reduced = reduceToSimpleCommands(parser, source, { cwd: options.cwd, home });
  const commands = reduced.commands.map((command) => ({ command, effects: classifyCommand(command) }));
  const concerns = [...reduced.concerns, ...commands.flatMap((c) => c.effects.concerns), ...writtenThenRun(commands, home)];
  return { source, commands, concerns, analysisMs: performance.now() - started };
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
  if (word.kind === 'dynamic' || word.isGlob) return undefined;
  const text = word.text.startsWith('~/') ? home + word.text.slice(1) : word.text;
  if (path.isAbsolute(text)) return [path.resolve(text)];
  if (cwd.kind === 'unknown') return undefined;
  return cwd.dirs.map((dir) => path.resolve(dir, text));
}
