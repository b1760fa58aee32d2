/**
 * Shell state that changes what later, innocent-looking text does. Setting
 * `LD_PRELOAD`, `PATH`, `BASH_ENV` or `GIT_PAGER` turns `ls` or `git log`
 * into arbitrary code; `alias`, `hash -p` and `enable -f` rebind command
 * names. None of these can be bounded statically, so they make the whole
 * command "cannot bound its effect".
 */
import type { SyntaxNode } from './bashParser.js';

const DANGEROUS_VARIABLES = new Set([
  'PATH', 'BASH_ENV', 'ENV', 'SHELLOPTS', 'BASHOPTS', 'PS4', 'PROMPT_COMMAND', 'IFS', 'CDPATH', 'GLOBIGNORE',
  'BASH_LOADABLES_PATH', 'HOME', 'ZDOTDIR', 'XDG_CONFIG_HOME', 'NODE_OPTIONS', 'NODE_PATH', 'PYTHONSTARTUP',
  'PYTHONPATH', 'PYTHONHOME', 'PERL5OPT', 'PERL5LIB', 'PERLLIB', 'RUBYOPT', 'RUBYLIB', 'PAGER', 'MANPAGER',
  'EDITOR', 'VISUAL', 'LESSOPEN', 'LESSCLOSE', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'BROWSER', 'TERMINAL', 'SHELL',
  'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'MAVEN_OPTS', 'RUSTC_WRAPPER', 'CARGO_BUILD_RUSTC_WRAPPER', 'CC', 'CXX',
  'MAKEFLAGS', 'TAR_OPTIONS', 'GZIP', 'ZIPOPT', 'RSYNC_RSH', 'CVS_RSH', 'FCEDIT', 'TMPDIR',
]);

const DANGEROUS_PREFIXES = ['LD_', 'DYLD_', 'GIT_', 'NPM_CONFIG_', 'npm_config_', 'BASH_FUNC_', 'PIP_', 'YARN_'];

/** Whether assigning this variable can change which code later commands run. */
export function isDangerousVariable(name: string): boolean {
  return DANGEROUS_VARIABLES.has(name) || DANGEROUS_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** Builtins that rebind names or load code: their effect on later text is unknowable. */
export function altersShellInterpretation(argv: readonly string[]): string | undefined {
  const [name, ...args] = argv;
  switch (name) {
    case 'alias':
      return args.some((arg) => arg.includes('=')) ? 'alias rebinds a command name' : undefined;
    case 'enable':
      return 'enable can load builtins from a shared object or rebind builtins';
    case 'hash':
      return args.some((arg) => arg.startsWith('-') && arg.includes('p')) ? 'hash -p rebinds a command name to a file' : undefined;
    case 'shopt':
      return args.includes('-u') && !args.includes('-s') ? undefined : 'shopt changes globbing or alias expansion';
    case 'set':
      return args.some((arg) => /^[-+]o$/.test(arg) || /^[-+][a-zA-Z]*[BPkTE]/.test(arg)) ? 'set changes shell options' : undefined;
    default:
      return undefined;
  }
}

/** Builtins that assign variables named by their arguments. */
const ASSIGNING_BUILTINS = new Set(['read', 'mapfile', 'readarray', 'getopts', 'printf', 'unset', 'export', 'declare', 'typeset', 'local', 'readonly']);

export type AssignmentSurvey = {
  /**
   * Every variable name the text might assign, anywhere and in any order
   * (`*` when a builtin such as read or printf -v assigns names we cannot
   * list). `$HOME` and `~` are only resolved when HOME is never reassigned,
   * so loops and functions cannot make an early expansion stale
   * (`for i in 1 2; do rm -rf ~/x; HOME=/; done`).
   */
  readonly reassigned: ReadonlySet<string>;
  /**
   * How many places assign each variable. A for-loop variable assigned
   * nowhere else has exactly the loop's values, so
   * `for f in src/*.ts; do wc -l "$f"; done` can be checked as
   * `wc -l src/*.ts` instead of "some unknown path".
   */
  readonly assignmentSites: ReadonlyMap<string, number>;
};

/** One walk over the tree for both questions about assignments. */
export function surveyAssignments(root: SyntaxNode): AssignmentSurvey {
  const reassigned = new Set<string>();
  const assignmentSites = new Map<string, number>();
  const site = (name: string): void => void assignmentSites.set(name, (assignmentSites.get(name) ?? 0) + 1);
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) continue;
    if (node.type === 'variable_assignment') {
      const name = node.childForFieldName('name');
      if (name) {
        reassigned.add(assignedVariable(name));
        site(assignedVariable(name));
      }
    } else if (node.type === 'for_statement' || node.type === 'c_style_for_statement') {
      const variable = node.childForFieldName('variable');
      if (variable) {
        if (node.type === 'for_statement') reassigned.add(variable.text);
        site(variable.text);
      }
    } else if (node.type === 'command') {
      const commandName = node.childForFieldName('name')?.text;
      if (commandName && ASSIGNING_BUILTINS.has(commandName)) reassigned.add('*');
      if (commandName === 'cd' || commandName === 'pushd' || commandName === 'popd') reassigned.add('PWD');
    } else if (node.type === 'unset_command' || node.type === 'declaration_command') {
      for (const child of node.namedChildren) if (child) reassigned.add(child.text.replace(/=.*$/s, ''));
    } else if (node.type === 'word' || node.type === 'raw_string' || node.type === 'string') {
      // `env HOME=/ sh -c 'rm -rf ~'` assigns through an argument word.
      const match = /^['"]?([A-Za-z_][A-Za-z0-9_]*)=/.exec(node.text);
      if (match?.[1]) reassigned.add(match[1]);
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  return { reassigned, assignmentSites };
}

/** The variable an assignment's name node sets: `a` for both `a=1` and `a[i]=1`. */
function assignedVariable(name: SyntaxNode): string {
  return name.type === 'subscript' ? (name.childForFieldName('name')?.text ?? name.text) : name.text;
}
