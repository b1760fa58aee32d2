/**
 * Programs that only read. Two lists: those whose operands are not files
 * (so any argument is harmless) and those whose operands are files they
 * read (so every operand is checked as a Read of that path). A program
 * with an option that writes or runs code (`sort -o`, `tree -o`,
 * `less -o`, `sort --compress-program`) is classified with that option in
 * mind; a computed word that could be such an option makes it not
 * read-only.
 */
import { hasOption, optionValues, type ParsedArguments } from './options/optionTable.js';
import { parseProgramArguments } from './options/programTables.js';
import { readOnly, reads, writes, type CommandEffects } from './commandEffects.js';
import type { ExpandedWord } from './wordExpansion.js';

/**
 * What a classifier says about one command. `problems` lists why its
 * arguments are not fully understood (from the program's option table or
 * the classifier's own language parser); undefined means no table checked
 * them, and such a command is never auto-allowed.
 */
export type Classification = Omit<CommandEffects, 'program' | 'matchArgv' | 'known' | 'notUnderstood'> & { readonly problems?: readonly string[] };

/** Arguments are never paths and no option writes (each has an option table in options/builtinTables.ts). */
const NO_FILE_READ_ONLY = new Set([
  'echo', 'printf', 'true', 'false', ':', 'pwd', 'whoami', 'id', 'uname', 'uptime', 'which', 'type', 'whereis',
  'printenv', 'seq', 'basename', 'dirname', 'expr', 'test', '[', 'sleep', 'nproc', 'arch', 'locale', 'tty', 'groups',
  'users', 'who', 'w', 'cal', 'ncal', 'jobs', 'help', 'logname', 'getconf', 'ps', 'free', 'df', 'lsof', 'cd', 'pushd', 'popd',
  'exit', 'return', 'break', 'continue', 'shift', 'wait', 'read', 'mapfile', 'readarray', 'let', 'umask', 'ulimit', 'dirs', 'times', 'tput',
  'history', 'set', 'alias', 'unalias', 'hash', 'shopt', 'export', 'declare', 'typeset', 'local', 'readonly', 'unset',
  'command', 'pgrep', 'env', 'mktemp', 'clear', 'lscpu', 'lsblk', 'vmstat', 'iostat', 'tr', 'date', 'hostname',
]);

/** Programs whose operands are files they read (options: options/readerTables.ts). */
const FILE_READERS = new Set([
  'cat', 'tac', 'nl', 'head', 'tail', 'wc', 'cut', 'od', 'hexdump', 'hd', 'strings', 'file', 'stat', 'md5sum', 'sha1sum',
  'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'cmp', 'comm', 'paste', 'join', 'fold', 'fmt',
  'rev', 'column', 'expand', 'unexpand', 'base64', 'base32', 'basenc', 'diff', 'ls', 'dir', 'vdir', 'du', 'readlink', 'realpath',
  'zcat', 'bzcat', 'xzcat', 'zstdcat', 'look', 'numfmt', 'tsort', 'bat', 'batcat',
]);

/** Programs searching their operands (first operand is the pattern unless -e/-f gives it). */
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rgrep', 'zgrep', 'rg', 'ag', 'ack']);

export function classifyReadOnlyProgram(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  if (NO_FILE_READ_ONLY.has(program)) return noFileProgram(program, args);
  if (FILE_READERS.has(program)) return fileReader(program, args);
  if (SEARCHERS.has(program)) return searcher(program, args);
  switch (program) {
    case 'less':
    case 'more':
    case 'most':
      return pager(program, args);
    case 'sort':
    case 'shuf':
      return sortCommand(program, args);
    case 'uniq':
      return outputAsSecondOperand('uniq', args);
    case 'xxd':
      return outputAsSecondOperand('xxd', args);
    case 'tree':
      return treeCommand(args);
    case 'jq':
    case 'gojq':
      return jqCommand(program, args);
    default:
      return undefined;
  }
}

function noFileProgram(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const problems = [...parsed.problems];
  // `mktemp /etc/x.XXX` creates a file wherever its template says.
  if (program === 'mktemp' && parsed.operands.some((word) => word.kind === 'dynamic' || word.text.includes('/'))) problems.push('mktemp creates its file where the template says');
  return { ...readOnly(), effects: [], concerns: [], problems };
}

function fileReader(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const recursive = (['ls', 'dir', 'vdir'].includes(program) && hasOption(parsed, '-R')) || (program === 'diff' && hasOption(parsed, '-r')) || program === 'du';
  const operandReads = ['ls', 'dir', 'vdir', 'du', 'stat', 'readlink', 'realpath'].includes(program);
  const operands = parsed.operands.filter((word) => word.text !== '-');
  // ls/du/stat read directory listings or metadata, which is still a read of the directory.
  return { ...readOnly(reads(operands, operandReads ? `listed by ${program}` : `read by ${program}`, recursive)), effects: [], concerns: [], problems: parsed.problems };
}

function searcher(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const patternGiven = hasOption(parsed, '-e', '-f') || (program === 'rg' && hasOption(parsed, '--files', '--type-list'));
  const operands = patternGiven ? parsed.operands : parsed.operands.slice(1);
  const alwaysRecursive = program === 'rg' || program === 'ag' || program === 'ack' || program === 'rgrep';
  const recursive = alwaysRecursive || hasOption(parsed, '-r', '-R');
  const targets: (ExpandedWord | 'cwd')[] = operands.length > 0 ? [...operands] : recursive ? ['cwd'] : [];
  const paths = targets.map((target) => ({
    target: target === 'cwd' ? cwdWord() : target,
    access: 'read' as const,
    recursive,
    why: `searched by ${program}`,
  }));
  return { ...readOnly(paths), effects: [], concerns: [], problems: parsed.problems };
}

function pager(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  // `less +!cmd` and `+cmd` run less commands at start-up, including shell escapes.
  if (args.some((word) => word.kind === 'dynamic' || word.text.startsWith('+'))) {
    return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'pager start-up commands can run a shell' }], problems: ['pager start-up commands can run a shell'] };
  }
  const logs = optionValues(parsed, '-o', '-O');
  return { kind: logs.length > 0 ? 'file-edit' : 'read-only', paths: reads(parsed.operands, 'read by pager'), effects: [], concerns: [], problems: parsed.problems };
}

function sortCommand(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const writesOutput = optionValues(parsed, '-o').length > 0;
  // shuf's operands are lines of text with -e, a file otherwise.
  const operands = program === 'shuf' && hasOption(parsed, '-e', '-i') ? [] : parsed.operands;
  return { kind: writesOutput ? 'file-edit' : 'read-only', paths: reads(operands, `read by ${program}`), effects: [], concerns: [], problems: parsed.problems };
}

function outputAsSecondOperand(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments(program, args);
  const [input, output] = parsed.operands;
  const paths = [...reads(input ? [input] : [], `read by ${program}`), ...writes(output ? [output] : [], `output file of ${program}`)];
  return { kind: output ? 'file-edit' : 'read-only', paths, effects: [], concerns: [], problems: parsed.problems };
}

function treeCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseProgramArguments('tree', args);
  const writesOutput = optionValues(parsed, '-o').length > 0;
  return { kind: writesOutput ? 'file-edit' : 'read-only', paths: reads(parsed.operands.length > 0 ? parsed.operands : [cwdWord()], 'listed by tree', true), effects: [], concerns: [], problems: parsed.problems };
}

/** Options of jq that take two words (`--arg name value`); the table describes the first. */
const JQ_TWO_VALUE_OPTIONS = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);

/**
 * jq: the first operand is the filter (unless -f names a filter file), the
 * rest are input files. A filter that imports modules reads files from the
 * module path, which we do not model.
 */
function jqCommand(program: string, args: readonly ExpandedWord[]): Classification {
  const files: ExpandedWord[] = [];
  const tableWords: ExpandedWord[] = [];
  let positional: readonly ExpandedWord[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    if (word.kind === 'static' && (word.text === '--args' || word.text === '--jsonargs')) {
      positional = args.slice(i + 1);
      tableWords.push(...args.slice(i + 1, i + 2));
      break;
    }
    tableWords.push(word);
    if (word.kind === 'static' && JQ_TWO_VALUE_OPTIONS.has(word.text)) {
      const value = args[i + 2];
      if (value && (word.text === '--slurpfile' || word.text === '--rawfile')) files.push(value);
      tableWords.push(...args.slice(i + 1, i + 2));
      i += 2;
    }
  }
  const parsed = parseProgramArguments(program, tableWords);
  const fromFile = optionValues(parsed, '-f');
  const filter = fromFile.length > 0 ? undefined : parsed.operands[0];
  const inputs = fromFile.length > 0 ? parsed.operands : parsed.operands.slice(1);
  const problems = [...parsed.problems];
  if (filter && (filter.kind === 'dynamic' || /\b(import|include|modulemeta|get_search_list)\b/.test(filter.text))) problems.push('the jq filter imports modules or is computed');
  if (positional.length > 0 && !filter) problems.push('jq --args without a filter');
  return { ...readOnly([...reads([...inputs, ...files], `read by ${program}`), ...reads(fromFile, `filter file of ${program}`)]), effects: [], concerns: [], problems };
}

/** The shell's working directory, as an operand (grep -r with no path searches it). */
export function cwdWord(): ExpandedWord {
  return { kind: 'static', text: '.', isGlob: false, masked: { chars: '.', quoted: [true] } };
}
