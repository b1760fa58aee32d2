/**
 * Programs that run code given to them. Inline code (`node -e`,
 * `python -c`, `perl -e`, a here-doc fed to `python3`) can do anything, so
 * it is an "inline-code" concern: never auto-allowed by a broad rule while
 * deny or ask rules are in force. A script file is recorded so a script
 * written and run in the same command can be caught. awk and sed are
 * read-only filters unless their program writes files or runs commands.
 */
import { baseProgramName } from './commandName.js';
import { parseArguments, optionValues } from './argumentParsing.js';
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
  vim: { code: ['-c', '--cmd', '-S'], values: [] },
  vi: { code: ['-c', '--cmd', '-S'], values: [] },
  nvim: { code: ['-c', '--cmd', '-S', '-l'], values: [] },
  emacs: { code: ['--eval', '-l', '--load', '-f', '--funcall'], values: [] },
  make: { code: ['--eval', '-E'], values: ['-C', '-f', '--file', '-j', '-I', '-o', '-W'] },
};

/** Interpreters that read their program from standard input when given no script. */
const READS_PROGRAM_FROM_STDIN = new Set(['node', 'nodejs', 'bun', 'python', 'pypy', 'perl', 'ruby', 'php', 'lua', 'luajit', 'R', 'julia', 'osascript', 'tclsh', 'expect', 'groovy']);

const VERSION_FLAGS = new Set(['--version', '-v', '-V', '--help', '-h', 'version']);

export function classifyCodeRunner(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  if (program === 'awk' || program === 'gawk' || program === 'mawk' || program === 'nawk') return awkCommand(program, args);
  if (program === 'sed' || program === 'gsed') return sedCommand(args);
  const base = INLINE_CODE_OPTIONS[program] ? program : baseProgramName(program);
  const spec = INLINE_CODE_OPTIONS[base];
  if (!spec) return undefined;
  if (base === 'make') return makeCommand(args);
  if (args.length === 1 && args[0]?.kind === 'static' && VERSION_FLAGS.has(args[0].text)) {
    return { kind: 'read-only', paths: [], effects: [], concerns: [] };
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
    if (text === '-') return runsCode(program, `${program} reads its program from standard input`);
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
  const script = makefile ?? literalWord('Makefile');
  return { kind: 'other', paths: reads([script], 'makefile'), effects: [], concerns: [], runsScript: script };
}

/** `perl -ne`, `ruby -pe`, `php -Br`: short clusters ending in a code option. */
function isClusterWithCode(program: string, text: string, codeOptions: readonly string[]): boolean {
  if (!/^-[A-Za-z]{2,}$/.test(text) || !['perl', 'ruby', 'php', 'python', 'node'].includes(program)) return false;
  return codeOptions.some((option) => option.length === 2 && text.slice(1).includes(option.slice(1)));
}

function runsCode(program: string, detail: string): Classification {
  return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: `${detail}: inline code can do anything` }] };
}

/** awk programs can `system()`, pipe to commands and print into files. */
const AWK_SIDE_EFFECT = /\bsystem\s*\(|\|\s*getline|\|&|\bprintf?\b[^;}]*(>|\|)|@load|@include|\bclose\s*\(|\bENVIRON\b/;

function awkCommand(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: ['-F', '-v', '-f', '-i', '-l', '--field-separator', '--assign', '--file', '--include', '--load', '-E', '--exec'], optionsAfterOperands: false });
  const programFiles = optionValues(parsed, '-f', '--file', '-E', '--exec', '-i', '--include', '-l', '--load');
  // gawk `-i inplace` rewrites its input files.
  if (programFiles.some((file) => file.text === 'inplace')) {
    const [programText, ...files] = parsed.operands;
    const concerns = !programText || programText.kind === 'dynamic' || AWK_SIDE_EFFECT.test(programText.text) ? [{ kind: 'inline-code' as const, detail: `${program} program may run commands` }] : [];
    return { kind: concerns.length > 0 ? 'other' : 'file-edit', paths: writes(files, `edited in place by ${program}`), effects: [], concerns };
  }
  const [programFile] = programFiles;
  // A program file is a script we cannot inspect: it runs like any script.
  if (programFile) return { kind: 'other', paths: reads(programFiles, `${program} program file`), effects: [], concerns: [], runsScript: programFile };
  const [programText, ...rest] = parsed.operands;
  if (!programText || programText.kind === 'dynamic' || AWK_SIDE_EFFECT.test(programText.text) || parsed.dynamicWords.length > 0) {
    return runsCode(program, `${program} program may run commands or write files`);
  }
  const files = rest.filter((word) => !(word.kind === 'static' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text)));
  return { kind: 'read-only', paths: reads(files, `read by ${program}`), effects: [], concerns: [] };
}

function sedCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: ['-e', '--expression', '-f', '--file', '-l', '--line-length'] });
  const expressions = optionValues(parsed, '-e', '--expression');
  const scriptFiles = optionValues(parsed, '-f', '--file');
  const scripts = expressions.length > 0 || scriptFiles.length > 0 ? expressions : parsed.operands.slice(0, 1);
  const files = expressions.length > 0 || scriptFiles.length > 0 ? parsed.operands : parsed.operands.slice(1);
  const inPlace = parsed.options.some((option) => option.name === '-i' || option.name === '--in-place' || /^-[a-zA-Z]*i/.test(option.name));
  const unsafe = scriptFiles.length > 0 || scripts.some((script) => script.kind === 'dynamic' || !isSafeSedScript(script.text));
  if (unsafe || parsed.dynamicWords.length > 0) {
    return { kind: 'other', paths: [...writes(inPlace ? files : [], 'edited by sed -i'), ...reads(files, 'read by sed')], effects: [], concerns: [{ kind: 'inline-code', detail: 'sed script may run commands or write files (e, w, r, s///e)' }] };
  }
  if (inPlace) return { kind: 'file-edit', paths: writes(files, 'edited by sed -i'), effects: [], concerns: [] };
  return { kind: 'read-only', paths: reads(files, 'read by sed'), effects: [], concerns: [] };
}
