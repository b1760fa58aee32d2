/**
 * What a shell started on the command line will run, read from its option
 * table (options/shellTables.ts): the command string (`bash -c '…'`) or the
 * script file, and everything it runs before them — files it sources
 * (`--rcfile`, `--init-file`) and init commands (`fish -C`). The nested
 * commands (nestedCommands.ts) and the shell's own classification
 * (classifyCommand.ts) both read it, so the two never disagree about which
 * word is the code.
 */
import { hasOption, optionValues, parseWithTable } from './options/optionTable.js';
import { tableFor } from './options/programTables.js';
import type { ExpandedWord } from './wordExpansion.js';

export type ShellInvocation = {
  /** The command string and the words after it (`$0 $1 …`). */
  readonly commandString?: { readonly words: readonly ExpandedWord[] };
  /** `-c` was given without a string to run. */
  readonly missingCommandString: boolean;
  /** The script file run when there is no command string (`bash x.sh`). */
  readonly script?: ExpandedWord;
  /** Files the shell sources before anything else: read, and run as code. */
  readonly sourced: readonly ExpandedWord[];
  /** Code the shell runs before its command (`fish -C 'cmd'`). */
  readonly initCommands: readonly ExpandedWord[];
  /** Commands come from standard input (`-s`, or neither a string nor a script). */
  readonly readsStdin: boolean;
  /** A word before the code is computed at run time: which word is the code cannot be told. */
  readonly computedWord?: ExpandedWord;
  /** Options the table does not explain, or that are never auto-allowed. */
  readonly problems: readonly string[];
};

export function parseShellInvocation(program: string, args: readonly ExpandedWord[]): ShellInvocation {
  const table = tableFor(program);
  if (!table) return { missingCommandString: false, sourced: [], initCommands: [], readsStdin: false, problems: [`${program} has no option table`] };
  const parsed = parseWithTable(table, args.map(asDashOption));
  const sourced = parsed.options.filter((option) => option.spec?.value === 'source' && option.value).map((option) => option.value!);
  const commandValue = optionValues(parsed, '--command')[0];
  const commandFlag = parsed.options.some((option) => option.name === '-c' && option.spec?.value === undefined);
  const operands = parsed.operands;
  // Options end at the first operand, so a computed word there or in an option's value decides which word is code.
  const computedWord = [...parsed.options.map((option) => option.value), operands[0]].find((word) => word?.kind === 'dynamic');
  const base = {
    sourced,
    initCommands: optionValues(parsed, '--init-command'),
    problems: parsed.problems.filter((problem) => !problem.includes('computed word')),
    ...(computedWord ? { computedWord } : {}),
  };
  if (commandValue) return { ...base, commandString: { words: [commandValue, ...operands] }, missingCommandString: false, readsStdin: false };
  if (commandFlag) {
    return operands.length > 0 ? { ...base, commandString: { words: operands }, missingCommandString: false, readsStdin: false } : { ...base, missingCommandString: true, readsStdin: false };
  }
  const readsStdin = hasOption(parsed, '-s') || operands.length === 0;
  const script = readsStdin ? undefined : operands[0];
  return { ...base, missingCommandString: false, readsStdin, ...(script ? { script } : {}) };
}

/** `+o pipefail`, `+x`: the same options switched off, for the table's purposes. `-` alone ends the options, like `--`. */
function asDashOption(word: ExpandedWord): ExpandedWord {
  if (word.kind !== 'static') return word;
  if (/^\+[A-Za-z]+$/.test(word.text)) return { ...word, text: `-${word.text.slice(1)}` };
  if (word.text === '-') return { ...word, text: '--' };
  return word;
}
