/**
 * Programs that only read. Two lists: those whose operands are not files
 * (so any argument is harmless) and those whose operands are files they
 * read (so every operand is checked as a Read of that path). A program
 * with an option that writes or runs code (`sort -o`, `tree -o`,
 * `less -o`, `sort --compress-program`) is classified with that option in
 * mind; a computed word that could be such an option makes it not
 * read-only.
 */
import { parseArguments, hasOption, optionValues, type ParsedArguments } from './argumentParsing.js';
import { readOnly, reads, writes, type CommandEffects } from './commandEffects.js';
import type { ExpandedWord } from './wordExpansion.js';

export type Classification = Omit<CommandEffects, 'program' | 'matchArgv' | 'known'>;

/** Arguments are never paths and no option writes. */
export const NO_FILE_READ_ONLY = new Set([
  'echo', 'printf', 'true', 'false', ':', 'pwd', 'whoami', 'id', 'uname', 'uptime', 'which', 'type', 'whereis',
  'printenv', 'seq', 'basename', 'dirname', 'expr', 'test', '[', 'sleep', 'nproc', 'arch', 'locale', 'tty', 'groups',
  'users', 'who', 'w', 'cal', 'jobs', 'help', 'logname', 'getconf', 'ps', 'free', 'df', 'lsof', 'cd', 'pushd', 'popd',
  'exit', 'return', 'break', 'continue', 'shift', 'wait', 'read', 'let', 'umask', 'ulimit', 'dirs', 'times', 'tput',
  'history', 'set', 'alias', 'hash', 'shopt', 'export', 'declare', 'typeset', 'local', 'readonly', 'unset', 'unalias',
  'command', 'pgrep', 'env', 'mktemp', 'clear', 'lscpu', 'lsblk', 'vmstat', 'iostat', 'top', 'htop', 'tr', 'date',
  'hostname',
]);

/** Options with values, per file-reading program, so values are not taken for operands. */
const FILE_READERS: Readonly<Record<string, readonly string[]>> = {
  cat: [], tac: ['-s', '--separator'], nl: ['-b', '-d', '-f', '-h', '-i', '-l', '-n', '-s', '-v', '-w'],
  head: ['-n', '-c', '--lines', '--bytes'], tail: ['-n', '-c', '--lines', '--bytes', '-s', '--pid', '--sleep-interval'],
  wc: [], cut: ['-d', '-f', '-b', '-c', '--delimiter', '--fields', '--bytes', '--characters', '--output-delimiter'], od: ['-A', '-j', '-N', '-S', '-t', '-w'], hexdump: ['-e', '-f', '-n', '-s'], strings: ['-n', '-t', '-e'],
  file: ['-m', '-f', '-F', '-P'], stat: ['-c', '--format', '--printf'], md5sum: [], sha1sum: [], sha224sum: [],
  sha256sum: [], sha384sum: [], sha512sum: [], b2sum: [], cksum: [], sum: [], cmp: ['-i', '-n'], comm: [],
  paste: ['-d'], join: ['-1', '-2', '-j', '-t', '-e', '-o', '-a', '-v'], fold: ['-w'], fmt: ['-w', '-p'],
  rev: [], column: ['-c', '-s', '-o', '-t', '-N', '-R', '-H'], expand: ['-t'], unexpand: ['-t'], base64: ['-w'],
  base32: ['-w'], basenc: ['-w'], diff: ['-U', '-C', '-I', '-x', '-X', '--label', '-L', '-F'], ls: [
    '-I', '-w', '-T', '--ignore', '--hide', '--width', '--format', '--sort', '--time', '--block-size', '--quoting-style',
    '--indicator-style', '--time-style', '--tabsize',
  ],
  du: ['-d', '--max-depth', '--exclude', '-X', '-B', '--block-size', '-t', '--threshold'], readlink: [], realpath: [
    '--relative-to', '--relative-base',
  ],
  zcat: [], bzcat: [],
  xzcat: [], zless: [], look: [], numfmt: [], tsort: [],
};

const BAT_VALUE_OPTIONS = ['-l', '--language', '-r', '--line-range', '--style', '--theme', '-H', '--highlight-line'];

/** Programs searching their operands (first operand is the pattern unless -e/-f gives it). */
const SEARCHERS: Readonly<Record<string, readonly string[]>> = {
  grep: ['-e', '-f', '-m', '-A', '-B', '-C', '-d', '-D', '--include', '--exclude', '--exclude-dir', '--exclude-from', '--regexp', '--file', '--max-count', '--context', '--after-context', '--before-context', '--label'],
  egrep: ['-e', '-f', '-m', '-A', '-B', '-C'],
  fgrep: ['-e', '-f', '-m', '-A', '-B', '-C'],
  zgrep: ['-e', '-f', '-m', '-A', '-B', '-C'],
  rg: ['-e', '-f', '-g', '--glob', '--iglob', '-t', '-T', '--type', '--type-not', '-m', '--max-count', '-A', '-B', '-C', '-j', '--threads', '-M', '--max-columns', '--max-depth', '-d', '--regexp', '--file', '--sort', '--sortr', '-E', '--encoding', '-r', '--replace', '--type-add', '--ignore-file', '--color', '--colors', '--context-separator', '--field-match-separator', '--path-separator', '--max-filesize'],
  ag: ['-G', '--ignore', '-m', '-A', '-B', '-C', '--depth', '-p', '--path-to-ignore'],
  ack: ['-m', '-A', '-B', '-C', '--type', '--ignore-dir', '--match'],
};

/** Options of searchers that run programs: `rg --pre` runs a preprocessor on every file. */
const SEARCHER_EXEC_OPTIONS = ['--pre', '--pre-glob', '--search-zip-command', '-O', '--open-files-in-pager', '--pager'];

export function classifyReadOnlyProgram(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  if (NO_FILE_READ_ONLY.has(program)) return noFileProgram(program, args);
  const readerOptions = FILE_READERS[program];
  if (readerOptions) return fileReader(program, args, readerOptions);
  const searcherOptions = SEARCHERS[program];
  if (searcherOptions) return searcher(program, args, searcherOptions);
  switch (program) {
    case 'less':
    case 'more':
    case 'most':
      return pager(args);
    case 'sort':
    case 'shuf':
      return sortCommand(args);
    case 'bat':
    case 'batcat':
      // `bat --pager 'cmd'` runs cmd.
      return args.some((w) => w.kind === 'dynamic' || w.text.startsWith('--pager')) ? { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'bat --pager runs a program' }] } : fileReader('bat', args, BAT_VALUE_OPTIONS);
    case 'uniq':
      return outputAsSecondOperand('uniq', args, ['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars']);
    case 'xxd':
      return outputAsSecondOperand('xxd', args, ['-c', '-g', '-l', '-o', '-s', '-n', '--name']);
    case 'tree':
      return treeCommand(args);
    case 'jq':
      return jqCommand(args);
    default:
      return undefined;
  }
}

function noFileProgram(program: string, args: readonly ExpandedWord[]): Classification {
  const texts = args.map((word) => (word.kind === 'static' ? word.text : undefined));
  const dynamic = texts.includes(undefined);
  // A few of these change system state with certain arguments.
  const changesState =
    (program === 'date' && texts.some((t) => t === '-s' || t?.startsWith('--set'))) ||
    (program === 'hostname' && texts.some((t) => t !== undefined && !t.startsWith('-'))) ||
    (program === 'mktemp' && texts.some((t) => t !== undefined && (t.includes('/') || t === '-p' || t.startsWith('--tmpdir'))));
  const mayChangeState = dynamic && ['date', 'hostname', 'mktemp', 'tput'].includes(program);
  if (changesState || mayChangeState) return { kind: 'other', paths: [], effects: [], concerns: [] };
  return { ...readOnly(), effects: [], concerns: [] };
}

function fileReader(program: string, args: readonly ExpandedWord[], valueOptions: readonly string[]): Classification {
  const parsed = parseArguments(args, { valueOptions });
  const recursive = (program === 'ls' && hasOption(parsed, '-R', '--recursive')) || (program === 'diff' && hasOption(parsed, '-r', '--recursive'));
  const optionFiles = optionValues(parsed, '-X', '--exclude-from', '-f', '--files-from', '--files0-from', '--reference', '--random-source');
  const operandReads = program === 'ls' || program === 'du' || program === 'stat' || program === 'readlink' || program === 'realpath';
  const operands = parsed.operands.filter((word) => word.text !== '-');
  // ls/du/stat read directory listings or metadata, which is still a read of the directory.
  return {
    ...readOnly([...reads(operands, operandReads ? `listed by ${program}` : `read by ${program}`, recursive), ...reads(optionFiles, `read by ${program}`)]),
    effects: [],
    concerns: [],
  };
}

function searcher(program: string, args: readonly ExpandedWord[], valueOptions: readonly string[]): Classification {
  const parsed = parseArguments(args, { valueOptions: [...valueOptions, ...SEARCHER_EXEC_OPTIONS] });
  if (hasOption(parsed, ...SEARCHER_EXEC_OPTIONS)) {
    return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: `${program} option runs another program` }] };
  }
  const patternGiven = hasOption(parsed, '-e', '-f', '--regexp', '--file') || (program === 'rg' && hasOption(parsed, '--files', '--type-list'));
  const operands = patternGiven ? parsed.operands : parsed.operands.slice(1);
  const alwaysRecursive = program === 'rg' || program === 'ag' || program === 'ack';
  const recursive = alwaysRecursive || hasOption(parsed, '-r', '-R', '--recursive', '--dereference-recursive');
  const patternFiles = optionValues(parsed, '-f', '--file', '--exclude-from', '--ignore-file');
  const targets: (ExpandedWord | 'cwd')[] = operands.length > 0 ? [...operands] : recursive ? ['cwd'] : [];
  const paths = targets.map((target) => ({
    target: target === 'cwd' ? cwdWord() : target,
    access: 'read' as const,
    recursive,
    why: `searched by ${program}`,
  }));
  return { ...readOnly([...paths, ...reads(patternFiles, `pattern file of ${program}`)]), effects: [], concerns: [] };
}

function pager(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: ['-o', '-O', '--log-file', '--LOG-FILE', '-b', '-h', '-j', '-k', '-p', '-P', '-t', '-T', '-x', '-y', '-z', '-#'] });
  // `less +!cmd` and `+cmd` run less commands at start-up, including shell escapes.
  if (args.some((word) => word.kind === 'dynamic' || word.text.startsWith('+'))) {
    return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'pager start-up commands can run a shell' }] };
  }
  const logs = optionValues(parsed, '-o', '-O', '--log-file', '--LOG-FILE');
  const paths = [...reads(parsed.operands, 'read by pager'), ...writes(logs, 'pager log file')];
  return { kind: logs.length > 0 ? 'file-edit' : 'read-only', paths, effects: [], concerns: [] };
}

function sortCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: ['-o', '--output', '-k', '--key', '-t', '--field-separator', '-S', '--buffer-size', '-T', '--temporary-directory', '--compress-program', '--files0-from', '--parallel', '--batch-size', '--random-source', '-n', '--head-count', '-i', '--input-range'] });
  if (hasOption(parsed, '--compress-program')) {
    return { kind: 'other', paths: [], effects: [], concerns: [{ kind: 'inline-code', detail: 'sort --compress-program runs another program' }] };
  }
  const outputs = optionValues(parsed, '-o', '--output');
  const paths = [...reads(parsed.operands, 'read by sort'), ...reads(optionValues(parsed, '--files0-from'), 'file list of sort'), ...writes(outputs, 'sort -o output')];
  return withDynamicGuard(parsed, { kind: outputs.length > 0 ? 'file-edit' : 'read-only', paths, effects: [], concerns: [] });
}

function outputAsSecondOperand(program: string, args: readonly ExpandedWord[], valueOptions: readonly string[]): Classification {
  const parsed = parseArguments(args, { valueOptions });
  const [input, output] = parsed.operands;
  const paths = [...reads(input ? [input] : [], `read by ${program}`), ...writes(output ? [output] : [], `output file of ${program}`)];
  return withDynamicGuard(parsed, { kind: output ? 'file-edit' : 'read-only', paths, effects: [], concerns: [] });
}

function treeCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: ['-o', '-L', '-P', '-I', '--filelimit', '--timefmt', '--charset', '-H', '--sort'] });
  const outputs = optionValues(parsed, '-o');
  const paths = [...reads(parsed.operands, 'listed by tree'), ...writes(outputs, 'tree -o output')];
  return withDynamicGuard(parsed, { kind: outputs.length > 0 ? 'file-edit' : 'read-only', paths, effects: [], concerns: [] });
}

/** jq: the first operand is the filter (unless -f); `--arg name value` takes two words. */
function jqCommand(args: readonly ExpandedWord[]): Classification {
  const files: ExpandedWord[] = [];
  let filterSeen = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    const text = word.kind === 'static' ? word.text : '';
    if (['--arg', '--argjson'].includes(text)) i += 2;
    else if (['--slurpfile', '--rawfile'].includes(text)) {
      const file = args[i + 2];
      if (file) files.push(file);
      i += 2;
    } else if (['-f', '--from-file', '-L', '--indent', '--tab'].includes(text)) {
      const value = args[i + 1];
      if (text === '-f' || text === '--from-file') {
        if (value) files.push(value);
        filterSeen = true;
      }
      if (text !== '--tab') i++;
    } else if (text === '--args' || text === '--jsonargs') break;
    else if (word.kind === 'dynamic' || !text.startsWith('-')) {
      if (filterSeen) files.push(word);
      filterSeen = true;
    }
  }
  return { ...readOnly(reads(files, 'read by jq')), effects: [], concerns: [] };
}

/** A computed word might be an option that writes (`sort $x` with x='-o f'): not read-only then. */
function withDynamicGuard(parsed: ParsedArguments, classification: Classification): Classification {
  if (parsed.dynamicWords.length === 0) return classification;
  return { ...classification, kind: 'other', paths: [...classification.paths, ...writes(['unknown'], 'a computed argument may name an output file')] };
}

/** The shell's working directory, as an operand (grep -r with no path searches it). */
export function cwdWord(): ExpandedWord {
  return { kind: 'static', text: '.', isGlob: false, masked: { chars: '.', quoted: [true] } };
}
