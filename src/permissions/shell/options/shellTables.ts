/**
 * Option tables of the shells themselves (`bash -c`, `sh script.sh`). A
 * shell is judged by everything it will run, not only its command string:
 * a file it sources before the string (`bash --rcfile f -i -c …`,
 * `--init-file`) is its input and its code (`=s`), an init command
 * (`fish -C …`) is code the classifier analyses like the string (`=c`), and
 * an option not listed here (`--debugger` sources bashdb's profile) makes
 * the command ask. Options end at the first operand: with `-c` it is the
 * command string and the words after it are `$0 $1 …`, so a `--rcfile`
 * there is only text. `+x` spells the same option as `-x` (see
 * shellInvocation.ts).
 */
import type { ProgramTable } from './optionTable.js';

/** `set` options every POSIX shell takes at invocation (`-e`, `-u`, `-o pipefail`…). */
const POSIX_SET_OPTIONS = 'a b C e f h m n u v x o=t';

export const SHELL_TABLES: readonly ProgramTable[] = [
  {
    // `sh` is bash on some systems: it gets bash's table, whose long options a real dash would refuse anyway.
    programs: ['bash', 'sh', 'rbash'],
    options: `c i l|login r|restricted s p t k B E H P T D|dump-strings dump-po-strings O=t ${POSIX_SET_OPTIONS} norc noprofile posix noediting pretty-print help version verbose debug rcfile|init-file=s debugger! wordexp!`,
    operands: 'custom',
    stopAtFirstOperand: true,
    accept: ['-c x', '-lc x', '-ec x', '-eu -o pipefail -c x', '--norc --noprofile -c x', '-O extglob -c x', '-i -c x', '--login -c x', '-x script.sh a b', '-s', '-c x --rcfile f'],
    reject: ['--rcfile f -c x', '--init-file f -i -c x', '--rcfil f -i -c x', '--debugger -c x', '-Q -c x', '--bogus -c x'],
  },
  {
    programs: ['dash', 'ash', 'ksh', 'mksh', 'yash'],
    options: `c i l s p E ${POSIX_SET_OPTIONS}`,
    operands: 'custom',
    stopAtFirstOperand: true,
    accept: ['-c x', '-ec x', '-o errexit -c x', 'script.sh', '-s'],
    reject: ['--rcfile f -c x', '-R out -c x', '-Q -c x'],
  },
  {
    // -f: no start-up files; -d: no global ones. zsh always reads ~/.zshenv (a protected file; ZDOTDIR is scrubbed).
    programs: ['zsh'],
    options: `c i l|login s f d e u v x n o=t version help`,
    operands: 'custom',
    stopAtFirstOperand: true,
    accept: ['-c x', '-fc x', '-lc x', '-o extendedglob -c x', 'script.zsh'],
    reject: ['--rcfile f -c x', '-Z -c x'],
  },
  {
    // fish's -c takes the command as its value; -C runs an init command first. Both are code.
    programs: ['fish'],
    options: 'c|command=c C|init-command=c i|interactive l|login N|no-config n|no-execute P|private d|debug=t f|features=t v|version h|help print-rusage-self print-debug-categories o|debug-output=w! p|profile=w! profile-startup=w!',
    operands: 'custom',
    stopAtFirstOperand: true,
    accept: ['-c x', '--command=x', '-N -c x', '-C x -c y', 'script.fish'],
    reject: ['-p out -c x', '--profile-startup=out -c x', '--bogus'],
  },
];
