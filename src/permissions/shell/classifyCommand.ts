/**
 * Classifies one simple command: dispatches to the catalog that knows the
 * program, then adds what every command shares (redirections, wrappers that
 * elevate privileges, the effects table). A program we do not know is
 * "other", and each of its arguments is treated as a path it might read or
 * write, so deny rules still see `mytool .env`.
 */
import { classifyCodeRunner, STDIN_FILE } from './codeRunners.js';
import { programName } from './commandName.js';
import { destroys, type CommandEffects, type PathAccess } from './commandEffects.js';
import { optionPathValues, parseWithTable } from './options/optionTable.js';
import { tableFor } from './options/programTables.js';
import { EFFECT_BY_PROGRAM } from './effectsTable.js';
import { classifyFileCommand } from './fileCommands.js';
import { classifyFind, classifyTar, classifyZip } from './findAndArchives.js';
import { classifyGit } from './gitCommand.js';
import { SHELL_PROGRAMS } from './nestedCommands.js';
import { parseShellInvocation } from './shellInvocation.js';
import { classifyNetworkCommand } from './networkCommands.js';
import { classifyReadOnlyProgram, type Classification } from './readOnlyCommands.js';
import { possiblePaths } from './possiblePaths.js';
import { literalWord } from './unwrapCommand.js';
import type { SimpleCommand } from './shellTypes.js';
import type { ExpandedWord } from './wordExpansion.js';

/** Device files that redirections may use without touching a real file. */
const HARMLESS_DEVICES = /^\/dev\/(null|zero|stdin|stdout|stderr|tty|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/;

/** Programs that only run the nested command or shell string analysed separately. */
const NEUTRAL_RUNNERS = new Set(['eval', 'trap', 'watch', 'parallel', 'exec', 'builtin', 'time', 'nohup', 'xargs', 'busybox', 'coproc']);

/** Programs that run what a file in the project says: writing that file first is "a script written and run". */
const PROJECT_SCRIPT_FILE: Readonly<Record<string, string>> = { npm: 'package.json', yarn: 'package.json', pnpm: 'package.json', bun: 'package.json', make: 'Makefile' };

const HIDDEN_ARGUMENTS: ExpandedWord = { kind: 'dynamic', text: '<arguments supplied at run time>', reason: 'appended by xargs or find -exec' };

const KILLERS = new Set(['kill', 'pkill', 'killall', 'skill', 'xkill']);

export function classifyCommand(command: SimpleCommand): CommandEffects {
  const redirectPaths = redirectAccesses(command);
  const [nameWord, ...written] = command.argv;
  // Arguments xargs or find -exec append are operands we cannot see: one computed word stands for them.
  const args = command.hasHiddenArguments ? [...written, HIDDEN_ARGUMENTS] : written;
  const program = programName(nameWord);
  const elevated = command.wrappers.some((wrapper) => wrapper.elevates);
  const base = classifyProgram(program, nameWord, args, command);
  const programPaths = boundHiddenArguments(command, [...base.classification.paths, ...(program ? optionValuePaths(program, args) : [])]);
  const effects = new Set(base.classification.effects);
  // Case-insensitive file systems (macOS) run `RM` as rm.
  const effectOfName = program === undefined ? undefined : EFFECT_BY_PROGRAM[program.toLowerCase()];
  if (effectOfName) effects.add(effectOfName);
  // bash's /dev/tcp and /dev/udp redirections open network connections.
  if (redirectPaths.some((p) => p.target !== 'unknown' && p.target.kind === 'static' && /^\/dev\/(tcp|udp)\//.test(p.target.text))) effects.add('network');
  if (elevated) effects.add('elevate-privileges');
  const hasRedirectWrite = redirectPaths.some((p) => p.access === 'write');
  let kind = base.classification.kind;
  if (kind === 'read-only' && hasRedirectWrite) kind = 'file-edit';
  if (elevated) kind = 'other';
  const cwdOverride = base.classification.cwdOverride;
  return {
    program,
    kind,
    paths: [...programPaths, ...redirectPaths, ...(cwdOverride ? [{ target: cwdOverride, access: 'read' as const, recursive: false, why: 'directory the command operates in' }] : [])],
    effects: [...effects],
    concerns: base.classification.concerns,
    ...(base.classification.runsScript ? { runsScript: base.classification.runsScript } : {}),
    ...(cwdOverride ? { cwdOverride } : {}),
    ...(base.classification.gitRepositoryFrom ? { gitRepositoryFrom: base.classification.gitRepositoryFrom } : {}),
    matchArgv: base.matchArgv ?? command.argv,
    known: base.known,
    notUnderstood: notUnderstood(program, kind, base),
  };
}

/**
 * Why the command cannot be auto-allowed by a mode: the classifier's
 * problems, or (for a command a mode could allow) the absence of any
 * table that checked its arguments.
 */
function notUnderstood(program: string | undefined, kind: CommandEffects['kind'], base: ProgramClassification): string[] {
  const problems = [...(base.classification.problems ?? [])];
  if (!base.known) problems.push(`${program ?? 'the program'} is not known to the analyser`);
  else if (base.classification.problems === undefined && kind !== 'other') problems.push(`${program ?? 'the program'} has no option table`);
  return problems;
}

/** Option values the program's table marks as files (`date -f .env`, `sort -o out`, `grep -f pats`). */
function optionValuePaths(program: string, args: readonly ExpandedWord[]): PathAccess[] {
  const table = tableFor(program);
  // jq's and the shells' option values are read by their own classifiers (a shell's first operand ends its options).
  if (!table || program === 'jq' || program === 'gojq' || SHELL_PROGRAMS.has(program)) return [];
  return optionPathValues(parseWithTable(table, args)).map(({ word, access, option }) => ({ target: word, access, recursive: false, why: `${program} ${option}`, fromOptionValue: true }));
}

/**
 * `find src -name '*.ts' | xargs wc -l`: the words xargs appends are the
 * names find printed, all below its starting points. Bounded to those
 * trees (recursive), with a note that xargs splits names on blanks, which
 * the permission engine checks against the names actually there.
 */
function boundHiddenArguments(command: SimpleCommand, paths: readonly PathAccess[]): PathAccess[] {
  const source = command.hiddenArgumentsFrom;
  if (!source) return [...paths];
  return paths.flatMap((access) => {
    if (access.target !== HIDDEN_ARGUMENTS) return [access];
    return source.roots.map((root): PathAccess => ({ ...access, target: root, recursive: true, why: `${access.why} (names found by find below ${root.text})`, foundByFind: true, ...(source.splitOnBlanks ? { namesSplitOnBlanks: true } : {}) }));
  });
}

type ProgramClassification = {
  classification: Classification & { cwdOverride?: ExpandedWord };
  matchArgv?: readonly ExpandedWord[];
  known: boolean;
};

function classifyProgram(program: string | undefined, nameWord: ExpandedWord | undefined, args: readonly ExpandedWord[], command: SimpleCommand): ProgramClassification {
  if (!nameWord) return known({ kind: 'read-only', paths: [], effects: [], concerns: [], problems: [] });
  if (!program) return { classification: { kind: 'other', paths: anyPath('computed command name'), effects: [], concerns: [] }, known: false };
  // `./git status` is a local script that happens to be called git, not git.
  if (isLocalExecutable(nameWord)) {
    return { classification: { kind: 'other', paths: [...reads(nameWord, 'program run from the project'), ...possiblePaths(args)], effects: [], concerns: [], runsScript: nameWord }, known: false };
  }
  if (program === 'git') {
    const git = classifyGit([nameWord, ...args]);
    return { classification: git, matchArgv: git.matchArgv, known: git.knownSubcommand };
  }
  if (program === 'find') return known(classifyFind(args));
  if (program === 'tar') return known(classifyTar(args));
  if (program === 'zip' || program === 'unzip') return known(classifyZip(program, args));
  const catalogued =
    classifyReadOnlyProgram(program, args) ??
    classifyFileCommand(program, args) ??
    classifyCodeRunner(program, args) ??
    classifyNetworkCommand(program, args);
  if (catalogued) return known(catalogued);
  if (SHELL_PROGRAMS.has(program)) return known(shellProgram(program, args));
  // Their commands were analysed as nested commands; the runner itself does nothing more.
  if (NEUTRAL_RUNNERS.has(program)) return known({ kind: 'read-only', paths: [], effects: [], concerns: [], problems: [] });
  if (program === 'source' || program === '.') {
    const script = args[0];
    const fromStdin = script !== undefined && (script.text === '-' || STDIN_FILE.test(script.text));
    const concerns = fromStdin ? [{ kind: 'eval-computed-text' as const, detail: `${program} reads commands from standard input` }] : [];
    return known({ kind: 'other', paths: script ? reads(script, 'sourced script') : [], effects: [], concerns, ...(script ? { runsScript: script } : {}) });
  }
  if (program === 'gio' && ['trash', 'remove', 'rm'].includes(args[0]?.text ?? '')) {
    return known({ kind: 'other', paths: destroys(args.slice(1).filter((w) => !w.text.startsWith('-')), `deleted by gio ${args[0]?.text ?? ''}`), effects: ['delete'], concerns: [] });
  }
  if (KILLERS.has(program)) return known({ kind: 'other', paths: [], effects: ['kill-process'], concerns: [] });
  if (program === 'script') {
    // `script [file]` records the session into file (default ./typescript).
    const operand = args.find((w, i) => w.kind === 'dynamic' || (!w.text.startsWith('-') && !/^-[a-zA-Z]*c$/.test(args[i - 1]?.text ?? '')));
    return known({ kind: 'other', paths: [{ target: operand ?? literalWord('typescript'), access: 'write', recursive: false, why: 'session log written by script' }], effects: [], concerns: [] });
  }
  const projectScript = PROJECT_SCRIPT_FILE[program];
  const runsScript = projectScript ? { runsScript: literalWord(projectScript) } : {};
  return { classification: { kind: 'other', paths: possiblePaths(args), effects: [], concerns: [], ...runsScript }, known: projectScript !== undefined };
}

function known(classification: Classification): ProgramClassification {
  return { classification, known: true };
}

/**
 * `bash script.sh` runs a file; `bash -c '…'` was analysed as nested commands, so it adds nothing itself
 * — unless the shell sources a file first (`--rcfile f`): that file is read, and runs as code.
 */
function shellProgram(program: string, args: readonly ExpandedWord[]): Classification {
  const invocation = parseShellInvocation(program, args);
  const problems = invocation.problems;
  const sourced = invocation.sourced;
  const sourcedReads = sourced.flatMap((file) => reads(file, `file ${program} sources before its commands`));
  if (invocation.commandString || invocation.missingCommandString) {
    if (sourced.length === 0) return { kind: 'read-only', paths: [], effects: [], concerns: [], problems };
    return { kind: 'other', paths: sourcedReads, effects: [], concerns: [], problems, runsScript: sourced[0]! };
  }
  const script = invocation.script;
  if (!script) return { kind: 'other', paths: sourcedReads, effects: [], concerns: [], problems, ...(sourced[0] ? { runsScript: sourced[0] } : {}) };
  // `bash /dev/stdin <<< '…'`: the script is whatever standard input holds.
  if (STDIN_FILE.test(script.text)) return { kind: 'other', paths: sourcedReads, effects: [], concerns: [{ kind: 'eval-computed-text', detail: `a shell reads its script from ${script.text}` }], problems };
  return { kind: 'other', paths: [...reads(script, 'script run by a shell'), ...sourcedReads], effects: [], concerns: [], problems, runsScript: script };
}

/** `./build.sh`, `scripts/x`: a file in the project is being executed. */
function isLocalExecutable(word: ExpandedWord): boolean {
  return word.kind === 'static' && word.text.includes('/') && !/^\/(usr\/)?(local\/)?s?bin\//.test(word.text);
}

function reads(word: ExpandedWord, why: string): PathAccess[] {
  return [{ target: word, access: 'read', recursive: false, why }];
}

function anyPath(why: string): PathAccess[] {
  return [{ target: 'unknown', access: 'write', recursive: true, why, possible: true }];
}

function redirectAccesses(command: SimpleCommand): PathAccess[] {
  const paths: PathAccess[] = [];
  for (const redirect of command.redirects) {
    if (!redirect.target) continue;
    if (redirect.target.kind === 'static' && HARMLESS_DEVICES.test(redirect.target.text)) continue;
    paths.push({ target: redirect.target, access: redirect.access, recursive: false, why: `redirection ${redirect.text}`, viaRedirect: true });
  }
  return paths;
}
