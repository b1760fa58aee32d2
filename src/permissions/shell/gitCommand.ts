/**
 * git: global options are seen through (`git -C dir` moves where paths
 * resolve; `-c key=value` is allowed only for keys that cannot run code —
 * `git -c core.pager='sh -c …' log` is code execution), and each
 * subcommand is classified. Paths named to read-only subcommands count as
 * reads, including `rev:path` (`git show HEAD:.env` reads .env from the
 * object store).
 */
import path from 'node:path';
import { literalWord } from './unwrapCommand.js';
import { destroys, reads, writes, type CommandEffects, type PathAccess } from './commandEffects.js';
import { hasOption, optionPathValues, parseWithTable, type ParsedArguments } from './options/optionTable.js';
import { gitSubcommandTable } from './options/programTables.js';
import type { ShellConcern } from './shellTypes.js';
import type { ExpandedWord } from './wordExpansion.js';

type GitClassification = Omit<CommandEffects, 'program' | 'known' | 'notUnderstood'> & { readonly problems?: readonly string[]; readonly knownSubcommand: boolean };

/** `git -C a -C b` runs in a/b: each -C is taken relative to the one before. Undefined: the shell's directory. */
function afterChdir(current: ExpandedWord | undefined, next: ExpandedWord): ExpandedWord {
  if (!current || next.kind === 'dynamic' || path.isAbsolute(next.text)) return next;
  if (current.kind === 'dynamic') return current;
  return literalWord(path.join(current.text, next.text));
}

/** Config keys that only affect presentation or identity. Everything else may name a program to run. */
const SAFE_CONFIG_KEY = /^(color\..*|user\.(name|email)|core\.(quotepath|abbrev|autocrlf|safecrlf|filemode|ignorecase)|advice\..*|init\.defaultbranch|log\.(decorate|date|follow|abbrevcommit)|diff\.(noprefix|renames|mnemonicprefix|algorithm|context|colormoved)|status\.(short|branch|showuntrackedfiles)|column\..*|i18n\..*|merge\.conflictstyle|pull\.(rebase|ff)|commit\.gpgsign|tag\.gpgsign|push\.default|safe\.directory|pager\.[a-z-]+)$/i;

const GLOBAL_VALUE_OPTIONS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds']);

const READ_ONLY_SUBCOMMANDS = new Set([
  'status', 'diff', 'log', 'show', 'blame', 'annotate', 'shortlog', 'describe', 'rev-parse', 'rev-list', 'ls-files',
  'ls-tree', 'cat-file', 'grep', 'whatchanged', 'count-objects', 'show-ref', 'for-each-ref', 'merge-base', 'name-rev',
  'var', 'version', 'help', 'check-ignore', 'check-attr', 'verify-commit', 'verify-tag', 'cherry', 'range-diff',
  'diff-tree', 'diff-files', 'diff-index', 'show-branch', 'get-tar-commit-id', 'reflog',
]);

/** Subcommands git ships (anything else is an alias or a `git-x` program on PATH, which can do anything). */
const OTHER_SUBCOMMANDS = new Set([
  'add', 'stage', 'am', 'apply', 'archive', 'bisect', 'branch', 'bundle', 'checkout', 'cherry-pick', 'citool', 'clean', 'clone',
  'commit', 'config', 'fetch', 'format-patch', 'gc', 'gui', 'init', 'maintenance', 'merge', 'mv', 'notes', 'pull', 'push', 'rebase',
  'remote', 'reset', 'restore', 'revert', 'rm', 'sparse-checkout', 'stash', 'submodule', 'switch', 'tag', 'worktree', 'fsck',
  'prune', 'repack', 'replace', 'filter-branch', 'fast-export', 'fast-import', 'mergetool', 'difftool', 'range-diff', 'request-pull',
  'send-email', 'ls-remote', 'update-index', 'update-ref', 'write-tree', 'read-tree', 'commit-tree', 'hash-object', 'mktag', 'mktree',
  'pack-refs', 'symbolic-ref', 'rerere', 'lfs', 'sparse-checkout', 'switch', 'whatchanged', 'instaweb', 'daemon', 'credential',
]);

/**
 * Forms that print file contents from the object store or the work tree
 * without naming a path (`git log -p`, `git show HEAD`, `git grep x`,
 * `git cat-file --batch`): they read every tracked file, so a Read rule
 * on any of them must see the whole tree.
 */
function printsContentOfAnyPath(name: string, parsed: ParsedArguments): boolean {
  const summaryOnly = hasOption(parsed, '--stat', '--numstat', '--shortstat', '--name-only', '--name-status', '--summary', '-s', '--no-patch', '--quiet', '--compact-summary', '--dirstat', '--raw');
  switch (name) {
    case 'diff':
    case 'diff-tree':
    case 'diff-index':
    case 'diff-files':
      return !summaryOnly && (name === 'diff' || hasOption(parsed, '-p', '-u', '--patch', '-U'));
    case 'show':
      return !summaryOnly;
    case 'log':
    case 'whatchanged':
    case 'reflog':
    case 'rev-list':
      return hasOption(parsed, '-p', '-u', '--patch', '-U', '--cc', '-c', '--word-diff', '--color-words', '--patch-with-stat', '--patch-with-raw', '--full-diff', '-G', '-S', '--objects');
    case 'grep':
      return true;
    case 'cat-file':
      return hasOption(parsed, '--batch', '--batch-command', '--batch-all-objects', '-p') || parsed.operands.some((word) => word.kind === 'dynamic' || !word.text.includes(':'));
    case 'blame':
    case 'annotate':
      return false;
    default:
      return false;
  }
}

const NETWORK_SUBCOMMANDS = new Set(['push', 'fetch', 'pull', 'clone', 'ls-remote', 'send-email', 'request-pull', 'archive']);

export function classifyGit(argv: readonly ExpandedWord[]): GitClassification {
  const concerns: ShellConcern[] = [];
  let cwdOverride: ExpandedWord | undefined;
  // Where git looks for its repository (after every -C): that repository's config is git's input.
  let repositoryFrom: ExpandedWord | undefined;
  let i = 1;
  for (; i < argv.length; i++) {
    const word = argv[i];
    if (!word) break;
    if (word.kind === 'dynamic') {
      concerns.push({ kind: 'dynamic-command', detail: `git: cannot tell which word is the subcommand (${word.text})` });
      return other(argv, concerns);
    }
    const text = word.text;
    if (!text.startsWith('-')) break;
    const eq = text.indexOf('=');
    const name = eq >= 0 ? text.slice(0, eq) : text;
    const value = eq >= 0 ? literalWord(text.slice(eq + 1)) : GLOBAL_VALUE_OPTIONS.has(name) ? argv[++i] : undefined;
    if (name === '-C' && value) {
      repositoryFrom = afterChdir(repositoryFrom, value);
      cwdOverride = afterChdir(cwdOverride, value);
    }
    else if (name === '-c' || name === '--config-env') {
      const key = value?.kind === 'static' ? value.text.split('=')[0] ?? '' : '';
      if (!SAFE_CONFIG_KEY.test(key)) concerns.push({ kind: 'inline-code', detail: `git ${name} ${value?.text ?? ''} can make git run a program` });
    } else if (name === '--exec-path' && eq >= 0) {
      concerns.push({ kind: 'inline-code', detail: 'git --exec-path runs git commands from another directory' });
    } else if (name === '--git-dir' || name === '--work-tree') {
      if (name === '--work-tree' && value) cwdOverride = afterChdir(repositoryFrom, value);
      // Another repository's config is git's input too: its core.fsmonitor, hooksPath and aliases run programs.
      if (name === '--git-dir' && !(value?.kind === 'static' && /^(\.\/)?\.git\/?$/.test(value.text))) {
        concerns.push({ kind: 'inline-code', detail: `git --git-dir ${value?.text ?? ''} reads another repository's config, which can make git run a program` });
      }
    }
  }
  const subcommand = argv[i];
  const args = argv.slice(i + 1);
  // Rules match `git <subcommand> …` without the global options (`git -C sub status` is `git status`), unless one
  // of them can make git run a program (`-c core.fsmonitor=…`, `--git-dir` elsewhere): then the command is matched
  // as written, so `Bash(git push:*)` never covers `git -c core.sshCommand=… push`.
  const globalsRunCode = concerns.some((concern) => concern.kind === 'inline-code');
  const matchArgv = globalsRunCode ? argv : [argv[0] ?? literalWord('git'), ...argv.slice(i)];
  const base = { matchArgv, concerns, gitRepositoryFrom: repositoryFrom ?? literalWord('.'), ...(cwdOverride ? { cwdOverride } : {}) };
  if (!subcommand || subcommand.kind === 'dynamic') return { ...base, kind: subcommand ? 'other' : 'read-only', paths: [], effects: [], knownSubcommand: !subcommand, ...(subcommand ? {} : { problems: [] }) };
  const name = subcommand.text;
  const known = { knownSubcommand: READ_ONLY_SUBCOMMANDS.has(name) || OTHER_SUBCOMMANDS.has(name) || ['help', 'version'].includes(name) };
  if (READ_ONLY_SUBCOMMANDS.has(name)) return { ...base, ...known, ...readOnlySubcommand(name, args) };
  const listing = listingSubcommand(name, args);
  if (listing) {
    const table = gitSubcommandTable(name);
    return { ...base, ...known, kind: 'read-only', paths: [], effects: [], problems: table ? parseWithTable(table, args).problems : [`git ${name} has no option table`] };
  }
  if (!known.knownSubcommand) {
    concerns.push({ kind: 'inline-code', detail: `git ${name} is not a git command: an alias or a git-${name} program can run anything` });
    return { ...base, ...known, kind: 'other', paths: pathOperands(args, 'write'), effects: [] };
  }
  // Talking to a configured remote is not the "network" effect of the table (arbitrary hosts).
  if (NETWORK_SUBCOMMANDS.has(name)) return { ...base, ...known, kind: 'other', paths: pathOperands(args, 'write'), effects: [] };
  const discards = discardsWork(name, args);
  if (discards) return { ...base, ...known, kind: 'other', paths: destroys([literalWord('.')], discards, true), effects: ['delete'] };
  switch (name) {
    case 'rm': {
      const cached = args.some((w) => w.text === '--cached');
      const recursive = args.some((w) => w.text === '-r');
      return { ...base, ...known, kind: 'other', paths: cached ? [] : pathOperands(args, 'write', recursive).map((p) => ({ ...p, destructive: true })), effects: cached ? [] : ['delete'] };
    }
    case 'clean': {
      const dryRun = args.some((w) => /^-[a-zA-Z]*n/.test(w.text) || w.text === '--dry-run');
      if (dryRun) return { ...base, ...known, kind: 'read-only', paths: [], effects: [] };
      const targets = pathOperands(args, 'write', true);
      return { ...base, ...known, kind: 'other', paths: targets.length > 0 ? targets.map((p) => ({ ...p, destructive: true })) : destroys([literalWord('.')], 'cleaned by git clean', true), effects: ['delete'] };
    }
    case 'mv':
      return { ...base, ...known, kind: 'other', paths: pathOperands(args, 'write', true), effects: [] };
    case 'add':
    case 'stage': {
      const all = args.some((w) => ['-A', '--all', '-u', '--update'].includes(w.text));
      const paths = pathOperands(args, 'read', true);
      return { ...base, ...known, kind: 'other', paths: all ? [...paths, ...reads([literalWord('.')], 'staged by git add', true)] : paths, effects: [] };
    }
    case 'config':
      return { ...base, ...known, kind: 'other', paths: writes([literalWord(args.some((w) => w.text === '--global') ? '~/.gitconfig' : '.git/config')], 'git config'), effects: [] };
    default:
      // checkout, restore, reset, commit, merge, rebase, stash, apply…: change the work tree or history.
      return { ...base, ...known, kind: 'other', paths: pathOperands(args, 'write'), effects: [] };
  }
}

/**
 * Subcommands that throw away work in the tree: `git stash -u` deletes
 * untracked files, `git restore --source=<tree>` and `git checkout <tree> -- .`
 * delete files absent from that tree, `git reset --hard` discards changes.
 * They carry the delete effect, so a `Bash(rm:*)` deny covers them.
 */
function discardsWork(name: string, args: readonly ExpandedWord[]): string | undefined {
  const texts = args.map((word) => word.text);
  const has = (...options: string[]): boolean => texts.some((text) => options.some((option) => text === option || text.startsWith(`${option}=`)));
  if (name === 'stash' && !['list', 'show', 'branch'].includes(texts[0] ?? '') && has('-u', '--include-untracked', '-a', '--all')) return 'untracked files removed by git stash';
  if (name === 'stash' && texts.some((text) => /^-[a-zA-Z]*[ua]/.test(text) && !text.startsWith('--'))) return 'untracked files removed by git stash';
  if (name === 'restore' && has('-s', '--source')) return 'files absent from the source tree deleted by git restore';
  if (name === 'reset' && has('--hard', '--merge', '--keep')) return 'changes discarded by git reset';
  if ((name === 'checkout' || name === 'switch') && has('-f', '--force', '--discard-changes')) return 'changes discarded by git checkout';
  return undefined;
}

function other(argv: readonly ExpandedWord[], concerns: ShellConcern[]): GitClassification {
  return { matchArgv: argv, concerns, kind: 'other', paths: [], effects: [], knownSubcommand: false, gitRepositoryFrom: literalWord('.') };
}

function readOnlySubcommand(name: string, args: readonly ExpandedWord[]): Pick<GitClassification, 'kind' | 'paths' | 'effects' | 'problems'> {
  const table = gitSubcommandTable(name);
  if (!table) return { kind: 'read-only', paths: pathOperands(args, 'read'), effects: [], problems: [`git ${name} has no option table`] };
  const parsed = parseWithTable(table, args);
  const problems = [...parsed.problems];
  if (parsed.dynamicWords.length > 0) return { kind: 'other', paths: writes(['unknown'], `computed git ${name} argument`), effects: [], problems };
  const optionFiles = optionPathValues(parsed).map(({ word, access, option }): PathAccess => ({ target: word, access, recursive: false, why: `git ${name} ${option}` }));
  const printsContent = printsContentOfAnyPath(name, parsed);
  // A pathspec names everything below it, in every commit, not only what is on disk now.
  const operandPaths = pathOperands(parsed.operands, 'read', printsContent);
  // No path named: the whole tree's content may be printed (`git log -p`, `git show HEAD`, `git grep x`).
  const namesPath = parsed.operands.some((word) => word.text.includes('/') || word.text.includes(':') || word.text === '.') || args.some((word) => word.text === '--');
  // git expands pathspecs itself, against the committed trees: `'*.env'`, `:(glob)**/x`, `:!src`, `:/`.
  const expandsPathspec = parsed.operands.some((word) => isGitPathspecPattern(word.text));
  const whole = printsContent && (!namesPath || expandsPathspec) ? reads([literalWord('.')], `git ${name} prints the content of tracked files`, true) : [];
  const paths = [...operandPaths, ...optionFiles, ...whole];
  const edits = optionFiles.some((p) => p.access === 'write');
  return { kind: edits ? 'file-edit' : 'read-only', paths, effects: [], problems };
}

/** `git branch`, `git tag -l`, `git remote -v`, `git stash list`: listing forms of mutating subcommands. */
function listingSubcommand(name: string, args: readonly ExpandedWord[]): boolean {
  const texts = args.map((w) => (w.kind === 'static' ? w.text : '\0'));
  if (texts.includes('\0')) return false;
  const onlyFlags = (allowed: readonly string[]): boolean => texts.every((t) => allowed.includes(t) || /^--(format|sort|contains|merged|no-merged|points-at|color)(=|$)/.test(t));
  switch (name) {
    case 'branch':
      return onlyFlags(['-a', '--all', '-r', '--remotes', '-v', '-vv', '--verbose', '-l', '--list', '--show-current', '--no-color']);
    case 'tag':
      return texts.length === 0 || texts[0] === '-l' || texts[0] === '--list' || onlyFlags(['-n']);
    case 'remote':
      return onlyFlags(['-v', '--verbose']) || (texts[0] === 'get-url');
    case 'stash':
      return texts[0] === 'list' || texts[0] === 'show';
    case 'worktree':
      return texts[0] === 'list';
    case 'notes':
      return texts[0] === 'list' || texts[0] === 'show';
    case 'reflog':
      return texts.length === 0 || texts[0] === 'show' || texts[0] === 'list';
    case 'submodule':
      return texts[0] === 'status' || texts.length === 0;
    case 'config':
      return texts.some((t) => ['--get', '--get-all', '--list', '-l', '--get-regexp', '--get-urlmatch'].includes(t));
    case 'symbolic-ref':
      return texts.filter((t) => !t.startsWith('-')).length <= 1;
    default:
      return false;
  }
}

/** A pathspec git matches itself (globs, `:(magic)`, `:!exclude`, `:/top`), not a literal path. */
function isGitPathspecPattern(text: string): boolean {
  if (text.startsWith('-')) return false;
  const pathPart = /^[^:]*:(?!\()/.test(text) && !text.startsWith(':') ? text.slice(text.indexOf(':') + 1) : text;
  return /[*?[\\]/.test(pathPart) || /^:(\(|[!^/])/.test(text);
}

/** Every non-option word may be a path (git disambiguates revisions and paths itself); `rev:path` reads path. */
function pathOperands(args: readonly ExpandedWord[], access: 'read' | 'write', recursive = false): PathAccess[] {
  const paths: PathAccess[] = [];
  for (const word of args) {
    if (word.kind === 'dynamic') {
      paths.push({ target: 'unknown', access, recursive, why: `computed git argument ${word.text}` });
      continue;
    }
    const text = word.text;
    if (text.startsWith('-') || text === '') continue;
    if (/^[a-z+]+:\/\//i.test(text) || /^[\w.-]+@[\w.-]+:/.test(text)) continue; // URLs and scp-style remotes
    // `HEAD:path`, `:path` (the index), `:2:path` (a merge stage) all read path from the object store.
    const objectPath = /^(?::\d:|[^:]*:)(.*)$/s.exec(text);
    if (objectPath) {
      paths.push({ target: literalWord(objectPath[1] || '.'), access: 'read', recursive: objectPath[1] === '', why: `${text} from git's object store` });
      continue;
    }
    paths.push({ target: word, access, recursive, why: `git operand` });
  }
  return paths;
}
