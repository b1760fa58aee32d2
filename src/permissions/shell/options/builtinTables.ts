/**
 * Option tables of programs and builtins whose arguments are not files:
 * they print something about the system or the shell. Options that change
 * state (`date -s`, `hostname NAME`, `history -w`, `set -o posix`) are
 * refused; builtins that assign variables (`read`, `printf -v`, `let`) are
 * listed so their names can be checked as code (see evaluatedText.ts).
 */
import type { ProgramTable } from './optionTable.js';

const HELP = 'help version';

/** Programs that print their arguments: every word is text, whatever it looks like. */
const PRINTERS: readonly ProgramTable[] = [
  { programs: ['echo'], options: 'n e E', operands: 'text', unknownOptionsAreText: true, accept: ['-n hello', '--help', '-x y'], reject: [] },
  { programs: ['true', 'false', ':'], options: '', operands: 'text', unknownOptionsAreText: true, accept: ['--anything x'], reject: [] },
  { programs: ['expr'], options: '', operands: 'text', unknownOptionsAreText: true, accept: ['1 + 2', 'length abc', '- 1'], reject: [] },
  { programs: ['printf'], options: 'v!', operands: 'text', accept: ['%s\\n a b', '-- -x'], reject: ['-v NAME %s x'] },
  { programs: ['test', '['], options: '', operands: 'text', unknownOptionsAreText: true, accept: ['-f README.md', '-n x ]', '1 -eq 1'], reject: [] },
];

const SYSTEM_INFO: readonly ProgramTable[] = [
  { programs: ['pwd'], options: 'L P', operands: 'none', accept: ['-P'], reject: ['x'] },
  { programs: ['whoami', 'logname', 'tty', 'arch', 'users', 'times'], options: `s|silent|quiet ${HELP}`, operands: 'none', accept: [''], reject: ['-x'] },
  { programs: ['id'], options: `a Z|context g|group G|groups n|name r|real u|user z|zero ${HELP}`, operands: 'text', accept: ['-u', '-un root'], reject: ['-x'] },
  { programs: ['uname'], options: `a|all s|kernel-name n|nodename r|kernel-release v|kernel-version m|machine p|processor i|hardware-platform o|operating-system ${HELP}`, operands: 'none', accept: ['-a', '-sr'], reject: ['x'] },
  { programs: ['uptime'], options: `p|pretty s|since h|help V|version`, operands: 'none', accept: ['-p'], reject: ['x'] },
  { programs: ['which'], options: 'a s', operands: 'text', accept: ['-a node'], reject: ['--skip-alias x'] },
  { programs: ['type'], options: 'a f p P t', operands: 'text', accept: ['-t ls'], reject: ['-x ls'] },
  { programs: ['whereis'], options: 'b m s u B=d M=d S=d f l g', operands: 'text', accept: ['-b ls'], reject: ['-x ls'] },
  { programs: ['printenv'], options: `0|null ${HELP}`, operands: 'text', accept: ['HOME'], reject: ['-x'] },
  { programs: ['env'], options: `0|null i|ignore-environment u|unset=t v|debug ${HELP}`, operands: 'text', accept: ['', '-0'], reject: ['-S x'] },
  { programs: ['seq'], options: `f|format=t s|separator=t w|equal-width ${HELP}`, operands: 'text', accept: ['1 10', '-s, 1 3', '-5 5'], reject: ['-x 1'] },
  { programs: ['basename'], options: `a|multiple s|suffix=t z|zero ${HELP}`, operands: 'text', accept: ['src/a.ts .ts', '-s .ts a.ts'], reject: ['-x a'] },
  { programs: ['dirname'], options: `z|zero ${HELP}`, operands: 'text', accept: ['src/a.ts'], reject: ['-x a'] },
  { programs: ['sleep'], options: HELP, operands: 'text', accept: ['1', '0.5'], reject: ['-x 1'] },
  { programs: ['nproc'], options: `all ignore=t ${HELP}`, operands: 'none', accept: ['--all'], reject: ['x'] },
  { programs: ['locale'], options: `a|all-locales m|charmaps c|category-name k|keyword-name v|verbose ${HELP}`, operands: 'text', accept: ['-a'], reject: ['-x'] },
  { programs: ['groups', 'getconf'], options: `a|all v=t ${HELP}`, operands: 'text', accept: ['PAGESIZE'], reject: ['-x'] },
  { programs: ['who'], options: `a|all b|boot d|dead H|heading l|login lookup m p|process q|count r|runlevel s|short t|time T|w|mesg|message|writable u|users ${HELP}`, operands: 'none', accept: ['-b'], reject: ['-x'] },
  { programs: ['w'], options: `h|no-header u|no-current s|short f|from o|old-style i|ip-addr p|pids ${HELP}`, operands: 'text', accept: ['-h'], reject: ['-x'] },
  { programs: ['cal', 'ncal'], options: 'y Y 1 3 m=t j w b h M S', operands: 'text', accept: ['-3', '2024'], reject: ['-x'] },
  { programs: ['free'], options: `b|bytes k|kibi m|mebi g|gibi tebi pebi kilo mega giga tera peta h|human si l|lohi L|line t|total v|committed w|wide s|seconds=t c|count=t ${HELP}`, operands: 'none', accept: ['-h'], reject: ['x'] },
  { programs: ['df'], options: `a|all B|block-size=t h|human-readable H|si i|inodes k l|local no-sync output?t P|portability sync total t|type=t T|print-type x|exclude-type=t ${HELP}`, operands: 'read', accept: ['-h .'], reject: ['-z'] },
  { programs: ['ps'], options: 'A a d e f F H j l L m M N=t o=t O=t p=t q=t r s=t t=t T u=t U=t g=t G=t C=t v V w x y Z format=t forest no-headers headers sort=t pid=t ppid=t cols=t columns=t width=t lines=t rows=t help version', operands: 'text', accept: ['aux', '-ef', '-o pid,cmd -p 1'], reject: ['--bogus'] },
  { programs: ['pgrep'], options: 'a|list-full c|count d|delimiter=t f|full g|pgroup=t G|group=t i|ignore-case l|list-name n|newest o|oldest O|older=t P|parent=t s|session=t t|terminal=t u|euid=t U|uid=t v|inverse w|lightweight x|exact F|pidfile=r L|logpidfile r|runstates=t A|ignore-ancestors cgroup=t ns=t nslist=t q|queue=t h|help V|version', operands: 'text', accept: ['-f node'], reject: ['--signal 9 x'] },
  { programs: ['lscpu'], options: 'a|all b|online c|offline B|bytes C|caches?t e|extended?t J|json p|parse?t s|sysroot=d x|hex y|physical r|raw output-all hierarchic?t h|help V|version', operands: 'none', accept: ['-J'], reject: ['x'] },
  { programs: ['lsblk'], options: 'a|all b|bytes D|discard d|nodeps e|exclude=t f|fs I|include=t i|ascii J|json l|list M|merge m|perms n|noheadings o|output=t O|output-all P|pairs p|paths r|raw S|scsi s|inverse T|tree?t t|topology x|sort=t z|zoned h|help V|version', operands: 'text', accept: ['-f'], reject: ['--bogus'] },
  { programs: ['vmstat', 'iostat'], options: 'a|active f|forks m|slabs n|one-header s|stats d|disk D|disk-sum p|partition=t S|unit=t t|timestamp w|wide c x k h|help V|version', operands: 'text', accept: ['1 3'], reject: ['--bogus'] },
  { programs: ['tr'], options: `c|C|complement d|delete s|squeeze-repeats t|truncate-set1 ${HELP}`, operands: 'text', accept: ['a-z A-Z', '-d \\r', '-s " "'], reject: ['-x a b'] },
  { programs: ['hostname'], options: 'a|alias d|domain f|fqdn|long i|ip-address I|all-ip-addresses s|short y|yp|nis A|all-fqdns F|file! b|boot! h|help V|version', operands: 'none', accept: ['-f', '-I'], reject: ['newname', '-F f'] },
  { programs: ['mktemp'], options: `d|directory u|dry-run q|quiet suffix=t p|tmpdir?t! t! ${HELP}`, operands: 'text', accept: ['', '-d', 'tmp.XXXXXX'], reject: ['-p /x', '--tmpdir=/x'] },
  { programs: ['clear'], options: 'T=t V x', operands: 'none', accept: ['', '-x'], reject: ['y'] },
  { programs: ['tput'], options: 'T=t V x S', operands: 'text', accept: ['cols', 'setaf 1'], reject: ['-Z'] },
  { programs: ['lsof'], options: 'a b c=t C d=t D=t e=t f F=t g=t h i=t K l L=t m=t M n N o O p=t P r=t R s=t S=t t T=t u=t U v V w x=t X z=t Z=t', operands: 'read', accept: ['-i :3000', '-p 1'], reject: ['--bogus'] },
];

/** Shell builtins: their arguments are names, numbers or text, never paths. */
const SHELL_BUILTINS: readonly ProgramTable[] = [
  { programs: ['cd'], options: 'L P e @', operands: 'text', accept: ['src', '-P ..', ''], reject: ['-x d'] },
  { programs: ['pushd', 'popd'], options: 'n', operands: 'text', numericOption: true, accept: ['src', '-n'], reject: ['-x'] },
  { programs: ['dirs'], options: 'c l p v', operands: 'text', accept: ['-v'], reject: ['-x'] },
  { programs: ['exit', 'return', 'break', 'continue', 'shift'], options: '', operands: 'text', accept: ['', '1'], reject: ['-x'] },
  { programs: ['wait'], options: 'n f p!', operands: 'text', accept: ['', '-n 123'], reject: ['-p NAME'] },
  { programs: ['jobs'], options: 'l n p r s x!', operands: 'text', accept: ['-l'], reject: ['-x cmd'] },
  { programs: ['help'], options: 'd m s', operands: 'text', accept: ['cd'], reject: ['-x'] },
  { programs: ['umask'], options: 'p S', operands: 'text', accept: ['', '-S', '022'], reject: ['-x'] },
  { programs: ['ulimit'], options: 'S H a b c d e f i k l m n p q r s t u v x P R T', operands: 'text', accept: ['-n', '-a'], reject: ['-Z'] },
  { programs: ['history'], options: 'c! d! a! n! r! w! p! s!', operands: 'text', numericOption: true, accept: ['', '20'], reject: ['-w ~/.bashrc', '-r x'] },
  { programs: ['read'], options: 'a=t d=t e E i=t n=t N=t p=t r s t=t u=t', operands: 'text', accept: ['-r line', '-p ? -r x'], reject: ['-x y'] },
  { programs: ['mapfile', 'readarray'], options: 'd=t n=t O=t s=t t u=t C! c=t', operands: 'text', accept: ['-t lines'], reject: ['-C cb lines'] },
  { programs: ['let'], options: '', operands: 'text', unknownOptionsAreText: true, accept: ['x=1+2'], reject: [] },
  { programs: ['set'], options: 'a b e f h k! m n p! t u v x B C E! H P T! o=t', operands: 'text', accept: ['-e', '-euo pipefail', '-- a b', '-x'], reject: ['-p'] },
  { programs: ['shopt'], options: 'o p q s u', operands: 'text', accept: ['-s nullglob'], reject: ['-x'] },
  { programs: ['alias', 'unalias'], options: 'p a', operands: 'text', accept: ['', '-p'], reject: ['-x'] },
  { programs: ['hash'], options: 'd l r t p!', operands: 'text', accept: ['', '-r'], reject: ['-p /x ls'] },
  { programs: ['unset'], options: 'f v n', operands: 'text', accept: ['x', '-f fn'], reject: ['-x y'] },
  { programs: ['export', 'declare', 'typeset', 'local', 'readonly'], options: 'a A f F g I i! l n! p r t u x', operands: 'text', accept: ['X=1', '-p', '-a arr'], reject: ['-n ref=PATH', '-i x'] },
  { programs: ['command'], options: 'p v V', operands: 'text', accept: ['-v git'], reject: ['-x git'] },
];

export const BUILTIN_TABLES: readonly ProgramTable[] = [...PRINTERS, ...SYSTEM_INFO, ...SHELL_BUILTINS];
