/**
 * Option tables of git's read-only subcommands (and the listing forms of
 * branch, tag, remote, stash, config). Options that run programs
 * (`--ext-diff`, `--textconv`, `grep -O`), write files (`--output`) or read
 * files named in a value (`blame --contents`, `diff -O<orderfile>`) are
 * marked; options not listed make the command ask.
 */
import type { ProgramTable } from './optionTable.js';

const DIFF_OPTIONS = [
  'p u patch s no-patch U|unified=t output=w output-indicator-new=t output-indicator-old=t output-indicator-context=t raw patch-with-raw',
  't indent-heuristic no-indent-heuristic minimal patience histogram anchored=t diff-algorithm=t stat?t stat-width=t stat-name-width=t',
  'stat-count=t stat-graph-width=t compact-summary numstat shortstat X|dirstat?t cumulative dirstat-by-file?t summary patch-with-stat z',
  'name-only name-status submodule?t color?t no-color color-moved?t no-color-moved color-moved-ws=t no-color-moved-ws word-diff?t',
  'word-diff-regex=t color-words?t no-renames rename-empty no-rename-empty check ws-error-highlight=t full-index binary abbrev?t',
  'B|break-rewrites?t M|find-renames?t C|find-copies?t find-copies-harder D|irreversible-delete l=t diff-filter=t S=t G=t find-object=t',
  'pickaxe-all pickaxe-regex O=r skip-to=t rotate-to=t R relative?t no-relative a|text ignore-cr-at-eol ignore-space-at-eol',
  'b|ignore-space-change w|ignore-all-space ignore-blank-lines I|ignore-matching-lines=t inter-hunk-context=t W|function-context',
  'exit-code quiet ext-diff! no-ext-diff textconv! no-textconv ignore-submodules?t src-prefix=t dst-prefix=t no-prefix default-prefix',
  'line-prefix=t ita-invisible-in-index ita-visible-in-index',
].join(' ');

const REVISION_OPTIONS = [
  'n|max-count=t skip=t since|after=t until|before=t since-as-filter=t author=t committer=t grep-reflog=t grep=t all-match invert-grep',
  'i|regexp-ignore-case basic-regexp E|extended-regexp F|fixed-strings P|perl-regexp remove-empty merges no-merges min-parents=t',
  'max-parents=t no-min-parents no-max-parents first-parent exclude-first-parent-only not all branches?t tags?t remotes?t glob=t',
  'exclude=t reflog alternate-refs single-worktree ignore-missing bisect cherry-mark cherry-pick left-only right-only cherry',
  'g|walk-reflogs merge boundary simplify-by-decoration show-pulls full-history dense sparse simplify-merges ancestry-path?t',
  'date-order author-date-order topo-order reverse no-walk?t do-walk format=t pretty?t oneline encoding=t expand-tabs?t no-expand-tabs',
  'notes?t no-notes show-notes?t show-signature relative-date date=t parents children left-right graph show-linear-break?t',
  'decorate?t no-decorate decorate-refs=t decorate-refs-exclude=t clear-decorations source use-mailmap mailmap no-mailmap full-diff',
  'log-size L! follow abbrev-commit no-abbrev-commit m diff-merges=t no-diff-merges combined-all-paths c cc dd remerge-diff count',
  'in-commit-order objects objects-edge unpacked timestamp',
].join(' ');

const COMMON_DIFF_ACCEPT = ['--stat', '-- src', 'HEAD~1 -- src', '--name-only', '-U5 a b'];

export const GIT_SUBCOMMAND_TABLES: readonly ProgramTable[] = [
  { programs: ['status'], options: 's|short b|branch show-stash porcelain?t long v|verbose u|untracked-files?t ignore-submodules?t ignored?t z column?t no-column ahead-behind no-ahead-behind renames no-renames find-renames?t', operands: 'read', accept: ['', '-sb', '--porcelain=v2', '--short src'], reject: ['--bogus'] },
  { programs: ['diff', 'diff-tree', 'diff-index', 'diff-files'], options: `${DIFF_OPTIONS} cached staged merge-base no-index r root 0 1 2 3 base ours theirs m c cc stdin no-commit-id always pretty?t`, operands: 'custom', accept: [...COMMON_DIFF_ACCEPT, '--cached', '--color=always', '--output out.patch'], reject: ['--ext-diff', '--textconv', '--bogus'] },
  { programs: ['log', 'whatchanged', 'show', 'rev-list', 'reflog'], options: `${DIFF_OPTIONS} ${REVISION_OPTIONS}`, operands: 'custom', numericOption: true, accept: ['--oneline -10', '-5', '-p', '--stat HEAD', '--format=%H -n 1', '--since=2.weeks'], reject: ['-L 1,2:f', '--ext-diff', '--bogus'] },
  { programs: ['blame', 'annotate'], options: 'b root show-stats score-debug f|show-name n|show-number s e|show-email w M?t C?t L=t l t S=r reverse=t first-parent p|porcelain line-porcelain incremental contents=r date=t progress no-progress abbrev?t c encoding=t ignore-rev=t ignore-revs-file=r color-lines color-by-age minimal', operands: 'custom', accept: ['src/a.ts', '-L 1,5 src/a.ts'], reject: ['--bogus f'] },
  { programs: ['shortlog'], options: 'n|numbered s|summary e|email c|committer w?t format=t group=t', operands: 'custom', accept: ['-sn'], reject: ['--bogus'] },
  { programs: ['describe'], options: 'all tags contains abbrev=t candidates=t exact-match debug long match=t exclude=t always first-parent dirty?t broken?t', operands: 'text', accept: ['--tags', '--always --dirty'], reject: ['--bogus'] },
  { programs: ['rev-parse'], options: 'parseopt sq-quote keep-dashdash stop-at-non-option stuck-long revs-only no-revs flags no-flags default=t prefix=t verify q|quiet sq short?t not symbolic symbolic-full-name abbrev-ref?t all branches?t tags?t remotes?t glob=t exclude=t disambiguate=t local-env-vars path-format=t git-dir git-common-dir resolve-git-dir=t git-path=t show-toplevel show-superproject-working-tree shared-index-path show-object-format?t show-ref-format is-inside-git-dir is-inside-work-tree is-bare-repository is-shallow-repository absolute-git-dir show-cdup show-prefix since|after=t until|before=t', operands: 'text', accept: ['--abbrev-ref HEAD', '--show-toplevel', 'HEAD'], reject: ['--bogus'] },
  { programs: ['ls-files'], options: 'c|cached d|deleted m|modified o|others i|ignored s|stage directory no-empty-directory u|unmerged k|killed z t v f full-name recurse-submodules abbrev?t x|exclude=t X|exclude-from=r exclude-per-directory=t exclude-standard error-unmatch with-tree=t eol deduplicate sparse format=t debug', operands: 'read', accept: ['', '-m', '--others --exclude-standard'], reject: ['--bogus'] },
  { programs: ['ls-tree'], options: 'd r t l|long z name-only name-status object-only full-name full-tree abbrev?t format=t', operands: 'custom', accept: ['HEAD', '-r --name-only HEAD'], reject: ['--bogus'] },
  { programs: ['cat-file'], options: 't s e p textconv! filters! path=t batch?t batch-check?t batch-command?t batch-all-objects buffer unordered allow-unknown-type follow-symlinks mailmap no-mailmap use-mailmap Z z', operands: 'custom', accept: ['-t HEAD', '-p HEAD:README.md', '--batch-all-objects --batch-check'], reject: ['--textconv HEAD:f'] },
  { programs: ['grep'], options: 'cached untracked no-index no-exclude-standard exclude-standard recurse-submodules a|text textconv! no-textconv i|ignore-case I max-depth=t r|recursive no-recursive w|word-regexp v|invert-match h H full-name E|extended-regexp G|basic-regexp P|perl-regexp F|fixed-strings n|line-number column l|files-with-matches name-only L|files-without-match O|open-files-in-pager?p z|null o|only-matching c|count color?t no-color break heading p|show-function A|after-context=t B|before-context=t C|context=t W|function-context m|max-count=t threads=t f=r e=t and or not all-match q|quiet', operands: 'custom', numericOption: true, accept: ['-n TODO', '-e x -- src', '-5 x'], reject: ['--open-files=vi x', '-O x', '--bogus'] },
  { programs: ['show-ref'], options: 'head branches tags d|dereference s|hash?t verify exists abbrev?t q|quiet exclude-existing?t', operands: 'text', accept: ['--tags'], reject: ['--bogus'] },
  { programs: ['for-each-ref'], options: 'count=t shell perl python tcl sort=t format=t color?t points-at=t merged?t no-merged?t contains?t no-contains?t ignore-case omit-empty exclude=t', operands: 'text', accept: ['--format=%(refname) refs/heads'], reject: ['--bogus'] },
  { programs: ['merge-base'], options: 'a|all octopus independent is-ancestor fork-point', operands: 'text', accept: ['HEAD main'], reject: ['--bogus'] },
  { programs: ['name-rev'], options: 'tags refs=t exclude=t all annotate-stdin name-only no-undefined always', operands: 'text', accept: ['HEAD'], reject: ['--bogus'] },
  { programs: ['count-objects'], options: 'v|verbose H|human-readable', operands: 'none', accept: ['-vH'], reject: ['x'] },
  { programs: ['version'], options: 'build-options', operands: 'none', accept: [''], reject: ['x'] },
  { programs: ['help'], options: 'a|all g|guides c|config i|info m|man w|web! verbose no-external-commands no-aliases', operands: 'text', accept: ['log'], reject: ['-w log'] },
  { programs: ['check-ignore'], options: 'q|quiet v|verbose stdin z n|non-matching no-index', operands: 'text', accept: ['-v x'], reject: ['--bogus'] },
  { programs: ['check-attr'], options: 'a|all cached stdin z source=t', operands: 'text', accept: ['-a x'], reject: ['--bogus'] },
  { programs: ['var'], options: 'l', operands: 'text', accept: ['GIT_AUTHOR_IDENT'], reject: ['--bogus'] },
  { programs: ['cherry'], options: 'v abbrev?t', operands: 'text', accept: ['-v main'], reject: ['--bogus'] },
  { programs: ['show-branch'], options: 'r|remotes a|all current topo-order date-order sparse more=t list merge-base independent no-name sha1-name topics g|reflog?t color?t no-color', operands: 'text', accept: ['-a'], reject: ['--bogus'] },
  { programs: ['symbolic-ref'], options: 'q|quiet short no-recurse', operands: 'text', accept: ['--short HEAD'], reject: ['-d HEAD', '-m x HEAD'] },
  { programs: ['branch'], options: 'a|all r|remotes v|verbose l|list show-current no-color color?t column?t no-column sort=t format=t contains=t no-contains=t merged?t no-merged?t points-at=t i|ignore-case omit-empty abbrev=t no-abbrev', operands: 'none', accept: ['', '-a', '-vv', '--show-current', '--sort=-committerdate'], reject: ['newbranch', '-D x', '-m x y'] },
  { programs: ['tag'], options: 'l|list n?t sort=t contains=t no-contains=t merged?t no-merged?t points-at=t column?t no-column format=t color?t i|ignore-case omit-empty', operands: 'custom', numericOption: true, accept: ['', '-l', '-l v1*', '-n'], reject: ['-d v1', '-a v1 -m x'] },
  { programs: ['remote'], options: 'v|verbose', operands: 'custom', accept: ['', '-v', 'get-url origin', 'show origin'], reject: ['--bogus'] },
  { programs: ['stash'], options: 'p|patch stat name-only name-status include-untracked|u only-untracked oneline', operands: 'custom', accept: ['list', 'show', 'show -p'], reject: ['--bogus'] },
  { programs: ['worktree'], options: 'porcelain v|verbose expire=t z', operands: 'custom', accept: ['list'], reject: ['--bogus'] },
  { programs: ['config'], options: 'get get-all get-regexp get-urlmatch l|list name-only show-origin show-scope z|null global system local worktree f|file=r blob=t type=t bool int bool-or-int path expiry-date default=t includes no-includes e|edit!', operands: 'custom', accept: ['--get user.name', '-l', '--list --show-origin'], reject: ['-e', '--bogus'] },
];
