/**
 * Programs that run code given to them. Inline code (`node -e`,
 * `python -c`, `perl -e`, a here-doc fed to `python3`) can do anything, so
 * it is an "inline-code" concern: never auto-allowed by a broad rule while
 * deny or ask rules are in force. A script file is recorded so a script
 * written and run in the same command can be caught. awk and sed are
 * read-only filters unless their program writes files or runs commands.
 */
import { baseProgramName } from './commandName.js';
import { parseArguments } from './argumentParsing.js';
import { analyzeAwkProgram } from './awkProgram.js';
import { optionValues } from './options/optionTable.js';
import { parseProgramArguments } from './options/programTables.js';
import { reads, writes } from './commandEffects.js';
import type { Classification } from './readOnlyCommands.js';
import { isSafeSedScript } from './sedScript.js';
import { literalWord } from './unwrapCommand.js';
import { possiblePaths } from './possiblePaths.js';
import type { ExpandedWord } from './wordExpansion.js';

/** Interpreter → options whose value (or the option itself, clustered) is program text. */
const INLINE_CODE_OPTIONS: Readonly<Record<string, { readonly code: readonly string[]; readonly values: readonly string[]; readonly program?: readonly string[] }>> = {
  node: { code: ['-e', '--eval', '-p', '--print'], values: ['-r', '--require', '--import', '--loader', '-C', '--conditions', '--input-type'], program: ['--test', '--run', '--watch'] },
  nodejs: { code: ['-e', '--eval', '-p', '--print'], values: ['-r', '--require'] },
  bun: { code: ['-e', '--eval', '-p', '--print'], values: [] },
  deno: { code: ['eval'], values: [] },
  python: { code: ['-c'], values: ['-W', '-X', '-Q'], program: ['-m'] },
  pypy: { code: ['-c'], values: ['-W', '-X'], program: ['-m'] },
  perl: { code: ['-e', '-E'], values: ['-I', '-M', '-m', '-x', '-i'] },
  ruby: { code: ['-e'], values: ['-I', '-r', '-C', '-E', '-x'], program: ['-S'] },
  php: { code: ['-r', '-R', '-B', '-E'], values: ['-c', '-d', '-z', '-t'] },
  lua: { code: ['-e'], values: ['-l'] },
  luajit: { code: ['-e'], values: ['-l'] },
  Rscript: { code: ['-e'], values: [] },
  R: { code: ['-e'], values: [] },
  julia: { code: ['-e', '-E', '--eval', '--print'], values: [] },
  osascript: { code: ['-e'], values: ['-l'] },
  pwsh: { code: ['-c', '-Command', '-EncodedCommand', '-e', '-ec'], values: [] },
  powershell: { code: ['-c', '-Command', '-EncodedCommand'], values: [] },
  tclsh: { code: [], values: [] },
  expect: { code: ['-c'], values: [] },
  groovy: { code: ['-e'], values: [] },
  gdb: { code: ['-ex', '-ix', '-eval-command', '--eval-command'], values: [] },
  vim: { code: ['-c', '--cmd', '-S', '-s', '-W', '-w'], values: [] },
  view: { code: ['-c', '--cmd', '-S', '-s'], values: [] },
  vimdiff: { code: ['-c', '--cmd', '-S', '-s'], values: [] },
  vi: { code: ['-c', '--cmd', '-S'], values: [] },
  nvim: { code: ['-c', '--cmd', '-S', '-l'], values: [] },
  emacs: { code: ['--eval', '-l', '--load', '-f', '--funcall'], values: [] },
  make: { code: ['--eval', '-E'], values: ['-C', '-f', '--file', '-j', '-I', '-o', '-W'] },
};

/** Programs whose every use runs commands we cannot see (SQL shells with `.shell`, ed's `!`, dc's `!`, m4's syscmd). */
const ALWAYS_RUNS_CODE = new Set(['sqlite3', 'sqlite', 'ed', 'red', 'ex', 'dc', 'm4', 'psql', 'mysql', 'mariadb', 'lldb', 'duckdb']);

const EDITORS = new Set(['vim', 'vi', 'nvim', 'view', 'gvim', 'vimdiff']);

/** Interpreters that read their program from standard input when given no script. */
const READS_PROGRAM_FROM_STDIN = new Set(['node', 'nodejs', 'bun', 'python', 'pypy', 'perl', 'ruby', 'php', 'lua', 'luajit', 'R', 'julia', 'osascript', 'tclsh', 'expect', 'groovy']);

const VERSION_FLAGS = new Set(['--version', '-v', '-V', '--help', '-h', 'version']);

export function classifyCodeRunner(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  if (program === 'awk' || program === 'gawk' || program === 'mawk' || program === 'nawk') return awkCommand(program, args);
  if (program === 'sed' || program === 'gsed') return sedCommand(program, args);
  if (ALWAYS_RUNS_CODE.has(program)) return runsCode(program, `${program} runs the commands it is given, including shell escapes`);
  const base = INLINE_CODE_OPTIONS[program] ? program : baseProgramName(program);
  const spec = INLINE_CODE_OPTIONS[base];
  if (!spec) return undefined;
  if (base === 'make') return makeCommand(args);
  if (args.length === 1 && args[0]?.kind === 'static' && VERSION_FLAGS.has(args[0].text)) {
    return { kind: 'read-only', paths: [], effects: [], concerns: [], problems: [] };
  }
  let script: ExpandedWord | undefined;
  let scriptIndex = args.length;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    if (word.kind === 'dynamic') return runsCode(program, `computed argument ${word.text}`);
    const text = word.text;
    if (spec.code.includes(text) || isClusterWithCode(base, text, spec.code)) return runsCode(program, `${program} ${text}`);
    if (spec.code.some((option) => option.startsWith('--') && text.startsWith(`${option}=`))) return runsCode(program, `${program} ${text}`);
    if (spec.values.includes(text)) {
      i++;
      continue;
    }
    // `python3 -m pytest`, `node --test`: an installed module or test files, not code on the command line.
    if (spec.program?.includes(text)) return { kind: 'other', paths: possiblePaths(args.slice(i + 1)), effects: [], concerns: [] };
    if (text === '-' || STDIN_FILE.test(text)) return runsCode(program, `${program} reads its program from standard input`);
    // `vim '+!cmd'`, `vim -es`: editor commands, including shell escapes.
    if (EDITORS.has(base) && (text.startsWith('+') || /^-[a-zA-Z]*[es]/.test(text))) return runsCode(program, `${program} ${text} runs editor commands`);
    if (text.startsWith('-')) continue;
    script = word;
    scriptIndex = i;
    break;
  }
  if (!script) {
    if (READS_PROGRAM_FROM_STDIN.has(base)) return runsCode(program, `${program} reads its program from standard input`);
    return { kind: 'other', paths: [], effects: [], concerns: [] };
  }
  // The script's own arguments may be files it reads or writes (`python3 s.py .env`).
  return { kind: 'other', paths: [...reads([script], `script run by ${program}`), ...possiblePaths(args.slice(scriptIndex + 1))], effects: [], concerns: [], runsScript: script };
}

/** make runs its makefile (`-f file`, else ./Makefile); `--eval` is inline code. */
function makeCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: ['-C', '-f', '--file', '--makefile', '-j', '-I', '-o', '-W', '--eval', '-E'] });
  if (optionValues(parsed, '--eval', '-E').length > 0 || parsed.dynamicWords.length > 0) return runsCode('make', 'make --eval');
  const [makefile] = optionValues(parsed, '-f', '--file', '--makefile');
  if (makefile && (makefile.text === '-' || STDIN_FILE.test(makefile.text))) return runsCode('make', 'make reads its makefile from standard input');
  const script = makefile ?? literalWord('Makefile');
  return { kind: 'other', paths: reads([script], 'makefile'), effects: [], concerns: [], runsScript: script };
}

/** `perl -ne`, `ruby -pe`, `php -Br`: short clusters ending in a code option. */
function isClusterWithCode(program: string, text: string, codeOptions: readonly string[]): boolean {
  if (!/^-[A-Za-z]{2,}$/.test(text) || !['perl', 'ruby', 'php', 'python', 'node'].includes(program)) return false;
  return codeOptions.some((option) => option.length === 2 && text.slice(1).includes(option.slice(1)));
}

/** Paths that are the command's standard input: a program read from there is text we cannot see. */
export const STDIN_FILE = /^(\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/(self|\d+)\/fd\/\d+)$/;

function runsCode(program: string, detail: string): Classification {
  return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: `${detail}: inline code can do anything` }] };
}

/** Files an awk program may name without touching a real file. */
const AWK_DEVICES = /^\/dev\/(stdout|stderr|null|fd\/[012])$/;

function awkCommand(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const includes = optionValues(parsed, '-i');
  // gawk `-i inplace` rewrites its input files: analysed as an edit of each.
  const inPlace = includes.some((file) => file.text === 'inplace');
  const programFiles = [...optionValues(parsed, '-f', '-E', '-l'), ...includes.filter((file) => file.text !== 'inplace')];
  // A program file (or gawk `-i inplace`, an extension) is code we do not read: it runs like any script.
  const [programFile] = programFiles;
  if (programFile) return { kind: 'other', paths: reads(programFiles, `${program} program file`), effects: [], concerns: [], runsScript: programFile, problems: parsed.problems };
  const sources = optionValues(parsed, '-e');
  const programText = sources.length > 0 ? undefined : parsed.operands[0];
  const rest = sources.length > 0 ? parsed.operands : parsed.operands.slice(1);
  const texts = sources.length > 0 ? sources : programText ? [programText] : [];
  if (texts.length === 0 || texts.some((text) => text.kind === 'dynamic')) return runsCode(program, `${program} program is computed or missing`);
  const verdicts = texts.map((text) => analyzeAwkProgram(text.text));
  const refused = verdicts.find((verdict) => !verdict.ok);
  if (refused && !refused.ok) return runsCode(program, refused.reason);
  const files = verdicts.flatMap((verdict) => (verdict.ok ? [verdict.files] : []));
  const named = (names: readonly string[]): ExpandedWord[] => names.filter((name) => !AWK_DEVICES.test(name)).map(literalWord);
  const programReads = named(files.flatMap((f) => f.reads));
  const programWrites = named(files.flatMap((f) => f.writes));
  // `awk '…' k=v file`: an operand with `=` is an assignment, not a file.
  const inputs = rest.filter((word) => !(word.kind === 'static' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text)));
  const paths = [...reads(inputs, `read by ${program}`), ...reads(programReads, `read by the ${program} program`), ...writes(programWrites, `written by the ${program} program`)];
  const problems = parsed.problems.filter((problem) => !(inPlace && problem.endsWith('-i names a program to run')));
  if (inPlace) return { kind: 'file-edit', paths: [...paths, ...writes(inputs, `edited in place by ${program}`)], effects: [], concerns: [], problems };
  return { kind: programWrites.length > 0 ? 'file-edit' : 'read-only', paths, effects: [], concerns: [], problems };
}

function sedCommand(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const expressions = optionValues(parsed, '-e');
  const scriptFiles = optionValues(parsed, '-f');
  const scripts = expressions.length > 0 || scriptFiles.length > 0 ? expressions : parsed.operands.slice(0, 1);
  const files = expressions.length > 0 || scriptFiles.length > 0 ? parsed.operands : parsed.operands.slice(1);
  const inPlace = parsed.options.filter((option) => option.spec?.names.includes('-i'));
  const suffixes = inPlace.flatMap((option) => (option.value ? [option.value] : []));
  const problems = [...parsed.problems];
  // A backup suffix with `/` or `*` puts the backup somewhere else: `-i'../x/*'`.
  if (suffixes.some((suffix) => suffix.kind === 'dynamic' || /[/*]/.test(suffix.text))) problems.push('sed -i backup suffix names another place');
  const unsafe = scriptFiles.length > 0 || scripts.length === 0 || scripts.some((script) => script.kind === 'dynamic' || !isSafeSedScript(script.text));
  if (unsafe || parsed.dynamicWords.length > 0) {
    return { kind: 'other', paths: [...writes(inPlace.length > 0 ? files : [], 'edited by sed -i'), ...reads(files, 'read by sed')], effects: [], concerns: [{ kind: 'inline-code', detail: 'sed script may run commands or write files (e, w, r, s///e)' }], problems };
  }
  if (inPlace.length === 0) return { kind: 'read-only', paths: reads(files, 'read by sed'), effects: [], concerns: [], problems };
  const backups = suffixes.flatMap((suffix) => files.flatMap((file) => (file.kind === 'static' ? [literalWord(file.text + suffix.text)] : [])));
  return { kind: 'file-edit', paths: [...writes(files, 'edited by sed -i'), ...writes(backups, 'backup written by sed -i')], effects: [], concerns: [], problems };
}
