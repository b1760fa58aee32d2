/**
 * Commands hidden inside other commands' arguments: the string given to
 * `bash -c` / `sh -c` / `eval` / `trap` / `watch` / `su -c` / `script -c`,
 * and the command run by `find -exec` / `fd --exec`. Each is analysed as if
 * it were typed at the top level, so `bash -c 'rm -rf x'` is an `rm`.
 */
import { programName } from './commandName.js';
import { parseShellInvocation } from './shellInvocation.js';
import type { ShellConcern } from './shellTypes.js';
import { literalWord } from './unwrapCommand.js';
import type { ExpandedWord } from './wordExpansion.js';

export type NestedCommands = {
  /** Shell source to parse; the first word is the script, the rest its positional parameters. */
  readonly shellSources: readonly { readonly words: readonly ExpandedWord[]; readonly label: string; readonly elevates: boolean }[];
  /** Argument vectors run directly, with run-time arguments we cannot see (`{}`). */
  readonly argvs: readonly { readonly argv: readonly ExpandedWord[]; readonly label: string }[];
  readonly concerns: readonly ShellConcern[];
};

const NONE: NestedCommands = { shellSources: [], argvs: [], concerns: [] };

export const SHELL_PROGRAMS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'yash', 'rbash']);

export function findNestedCommands(argv: readonly ExpandedWord[]): NestedCommands {
  const name = programName(argv[0]);
  if (name === undefined) return NONE;
  if (SHELL_PROGRAMS.has(name)) return shellInvocation(name, argv);
  switch (name) {
    case 'eval':
      return { ...NONE, shellSources: argv.length > 1 ? [{ words: [joinWords(argv.slice(1))], label: 'eval', elevates: false }] : [] };
    case 'trap':
      return trapCommand(argv);
    case 'watch':
      return watchCommand(argv);
    case 'su':
      return suCommand(argv);
    case 'script':
      return optionValueAsShell(argv, ['-c', '--command'], 'script -c');
    case 'npx':
      return optionValueAsShell(argv, ['-c', '--call'], 'npx -c');
    case 'find':
      return findExec(argv);
    case 'git':
      return gitRunsCommands(argv);
    case 'fd':
    case 'fdfind':
      return fdExec(argv);
    case 'parallel':
      return parallelCommand(argv);
    default:
      return NONE;
  }
}

/** Joins eval's arguments as bash does (with spaces); any dynamic word makes the text unknowable. */
function joinWords(words: readonly ExpandedWord[]): ExpandedWord {
  const dynamic = words.find((word) => word.kind === 'dynamic');
  const text = words.map((word) => word.text).join(' ');
  if (dynamic) return { kind: 'dynamic', text, reason: dynamic.kind === 'dynamic' ? dynamic.reason : '' };
  return literalWord(text);
}

/**
 * `bash -c 'cmd' a b`: the string is the script, the words after it `$0 $1 …`. Init commands
 * (`fish -C 'cmd'`) are code too. Files the shell sources first (`--rcfile f`) are its input and its code:
 * the classifier counts them (classifyCommand.ts); what runs from a file is not nested text here.
 */
function shellInvocation(name: string, argv: readonly ExpandedWord[]): NestedCommands {
  const invocation = parseShellInvocation(name, argv.slice(1));
  if (invocation.computedWord) return concern('eval-computed-text', `${name} with a computed argument ${invocation.computedWord.text}`);
  const shellSources = [
    ...invocation.initCommands.map((code) => ({ words: [code], label: `${name} init command`, elevates: false })),
    ...(invocation.commandString ? [{ words: invocation.commandString.words, label: `${name} -c`, elevates: false }] : []),
  ];
  if (invocation.missingCommandString) return { ...NONE, shellSources, concerns: [{ kind: 'unparseable', detail: `${name} -c without a command string` }] };
  // `bash script.sh`: runs a file; the classifier treats it as running a script.
  if (invocation.commandString || invocation.script) return { ...NONE, shellSources };
  return { ...NONE, shellSources, concerns: [{ kind: 'eval-computed-text', detail: `${name} ${invocation.readsStdin && argv.some((word) => word.text === '-s') ? '-s ' : ''}reads commands from standard input` }] };
}

function trapCommand(argv: readonly ExpandedWord[]): NestedCommands {
  // `trap -- 'cmd' EXIT`: `--` ends trap's options.
  if (argv[1]?.text === '--') return trapCommand([argv[0] ?? literalWord('trap'), ...argv.slice(2)]);
  const action = argv[1];
  if (!action || action.text === '-p' || action.text === '-l' || action.text === '-' || argv.length < 3) return NONE;
  return { ...NONE, shellSources: [{ words: [action], label: 'trap', elevates: false }] };
}

const WATCH_VALUE_OPTIONS = new Set(['-n', '--interval', '-q', '--equexit', '--differences']);

function watchCommand(argv: readonly ExpandedWord[]): NestedCommands {
  let i = 1;
  let direct = false;
  for (; i < argv.length; i++) {
    const text = argv[i]?.text ?? '';
    if (!text.startsWith('-')) break;
    if (text === '-x' || text === '--exec') direct = true;
    if (WATCH_VALUE_OPTIONS.has(text)) i++;
  }
  const rest = argv.slice(i);
  if (rest.length === 0) return NONE;
  if (direct) return { ...NONE, argvs: [{ argv: rest, label: 'watch -x' }] };
  return { ...NONE, shellSources: [{ words: [joinWords(rest)], label: 'watch', elevates: false }] };
}

function suCommand(argv: readonly ExpandedWord[]): NestedCommands {
  for (let i = 1; i < argv.length; i++) {
    const text = argv[i]?.text ?? '';
    if (text === '-c' || text === '--command') {
      const command = argv[i + 1];
      if (!command) break;
      return { ...NONE, shellSources: [{ words: [command], label: 'su -c', elevates: true }] };
    }
    if (text.startsWith('--command=')) {
      const value = argv[i];
      if (value?.kind === 'dynamic') return concern('eval-computed-text', 'su --command with computed text');
      return { ...NONE, shellSources: [{ words: [literalWord(text.slice('--command='.length))], label: 'su -c', elevates: true }] };
    }
  }
  return concern('eval-computed-text', 'su starts a shell that reads commands from standard input');
}

/** The option's value is a shell command; short options may be clustered (`script -qc 'cmd'`). */
function optionValueAsShell(argv: readonly ExpandedWord[], options: readonly string[], label: string): NestedCommands {
  const shortLetters = options.filter((option) => /^-[a-zA-Z]$/.test(option)).map((option) => option.slice(1));
  for (let i = 1; i < argv.length; i++) {
    const text = argv[i]?.text ?? '';
    const clustered = /^-[a-zA-Z]+$/.test(text) && shortLetters.includes(text.slice(-1));
    if (options.includes(text) || clustered) {
      const command = argv[i + 1];
      return command ? { ...NONE, shellSources: [{ words: [command], label, elevates: false }] } : NONE;
    }
  }
  return NONE;
}

const FIND_EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** `find . -exec rm {} +`: the words up to `;` or `+` are a command run per file. */
function findExec(argv: readonly ExpandedWord[]): NestedCommands {
  const argvs: { argv: readonly ExpandedWord[]; label: string }[] = [];
  for (let i = 1; i < argv.length; i++) {
    const text = argv[i]?.text ?? '';
    if (!FIND_EXEC_ACTIONS.has(text)) continue;
    let end = i + 1;
    while (end < argv.length && argv[end]?.text !== ';' && argv[end]?.text !== '+') end++;
    argvs.push({ argv: argv.slice(i + 1, end), label: `find ${text}` });
    i = end;
  }
  return { ...NONE, argvs };
}

const FD_EXEC_OPTIONS = new Set(['-x', '--exec', '-X', '--exec-batch']);

function fdExec(argv: readonly ExpandedWord[]): NestedCommands {
  for (let i = 1; i < argv.length; i++) {
    const text = argv[i]?.text ?? '';
    if (FD_EXEC_OPTIONS.has(text)) {
      let end = i + 1;
      while (end < argv.length && argv[end]?.text !== ';') end++;
      return { ...NONE, argvs: [{ argv: argv.slice(i + 1, end), label: `fd ${text}` }] };
    }
  }
  return NONE;
}

/**
 * git subcommands that run a command: `rebase -x 'cmd'`, `submodule foreach cmd`,
 * `bisect run cmd`, `filter-branch --tree-filter 'cmd'`, `difftool -x cmd`.
 */
function gitRunsCommands(argv: readonly ExpandedWord[]): NestedCommands {
  const texts = argv.map((word) => word.text);
  const shellSources: { words: readonly ExpandedWord[]; label: string; elevates: boolean }[] = [];
  const argvs: { argv: readonly ExpandedWord[]; label: string }[] = [];
  for (let i = 1; i < argv.length; i++) {
    const text = texts[i] ?? '';
    const next = argv[i + 1];
    if ((text === '-x' || text === '--exec' || text === '--extcmd' || /^--[a-z-]+-filter$/.test(text)) && next) {
      shellSources.push({ words: [next], label: `git ${text}`, elevates: false });
      i++;
    } else if (/^--(exec|extcmd|[a-z-]+-filter)=/.test(text)) {
      shellSources.push({ words: [literalWord(text.slice(text.indexOf('=') + 1))], label: `git ${text.split('=')[0]}`, elevates: false });
    } else if (text === 'foreach' && texts.includes('submodule')) {
      shellSources.push({ words: [joinWords(argv.slice(i + 1))], label: 'git submodule foreach', elevates: false });
      break;
    } else if (text === 'run' && texts.includes('bisect')) {
      argvs.push({ argv: argv.slice(i + 1), label: 'git bisect run' });
      break;
    }
  }
  return { shellSources, argvs, concerns: [] };
}

/** GNU parallel runs its command template through a shell, once per input. */
function parallelCommand(argv: readonly ExpandedWord[]): NestedCommands {
  let i = 1;
  while (i < argv.length && (argv[i]?.text ?? '').startsWith('-')) i++;
  let end = i;
  while (end < argv.length && !/^:::+$/.test(argv[end]?.text ?? '')) end++;
  const template = argv.slice(i, end);
  if (template.length === 0) return concern('eval-computed-text', 'parallel reads commands from its input');
  return { ...NONE, shellSources: [{ words: [joinWords(template)], label: 'parallel', elevates: false }] };
}

function concern(kind: ShellConcern['kind'], detail: string): NestedCommands {
  return { ...NONE, concerns: [{ kind, detail }] };
}
