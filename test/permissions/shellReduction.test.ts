// Table tests for reducing a command line to its simple commands: each row is
// a construct bash can hide a command in, and the commands we must find.
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/permissions/shell/analyzeShellCommand.js';

const CWD = '/work/proj';
const HOME = '/home/u';

async function programs(command: string): Promise<{ argv: string[][]; concerns: string[] }> {
  const analysis = await analyzeShellCommand(command, { cwd: CWD, home: HOME });
  return {
    argv: analysis.commands.filter((c) => c.command.argv.length > 0).map((c) => c.effects.matchArgv.map((w) => (w.kind === 'static' ? w.text : `<${w.text}>`))),
    concerns: analysis.concerns.map((c) => c.kind),
  };
}

const REDUCTION_TABLE: readonly [name: string, command: string, expected: string[][]][] = [
  ['and-or-sequence', 'a && b || c; d', [['a'], ['b'], ['c'], ['d']]],
  ['pipes and |&', 'a | b |& c', [['a'], ['b'], ['c']]],
  ['background &', 'a & b', [['a'], ['b']]],
  ['newlines', 'a\nb\n\nc', [['a'], ['b'], ['c']]],
  ['subshell', '(a; b)', [['a'], ['b']]],
  ['brace group', '{ a; b; }', [['a'], ['b']]],
  ['command substitution', 'echo $(a x)', [['a', 'x'], ['echo', '<$(a x)>']]],
  ['backticks', 'echo `a`', [['a'], ['echo', '<`a`>']]],
  ['process substitution', 'diff <(a) >(b)', [['a'], ['b'], ['diff', '<<(a)>', '<>(b)>']]],
  ['substitution in assignment', 'x=$(a) b', [['a'], ['b']]],
  ['substitution in double quotes', 'echo "v=$(a)"', [['a'], ['echo', '<"v=$(a)">']]],
  ['here-doc body substitution', 'cat <<EOF\n$(a)\nEOF', [['a'], ['cat']]],
  ['quoted here-doc is literal', "cat <<'EOF'\n$(a)\nEOF", [['cat']]],
  ['if/elif/else', 'if a; then b; elif c; then d; else e; fi', [['a'], ['b'], ['c'], ['d'], ['e']]],
  ['while/until', 'while a; do b; done; until c; do d; done', [['a'], ['b'], ['c'], ['d']]],
  ['for loop', 'for f in $(a); do b "$f"; done', [['a'], ['b', '<"$f">']]],
  ['case', 'case x in y) a;; *) b;; esac', [['a'], ['b']]],
  ['function body', 'f() { a; }; f', [['a']]],
  ['negation', '! a', [['a']]],
  ['bash -c', "bash -c 'a; b'", [['bash', '-c', 'a; b'], ['a'], ['b']]],
  ['sh -lc', "sh -lc 'a'", [['sh', '-lc', 'a'], ['a']]],
  ['nested bash -c', `bash -c "sh -c 'a'"`, [['bash', '-c', "sh -c 'a'"], ['sh', '-c', 'a'], ['a']]],
  ['eval static', "eval 'a b'", [['eval', 'a b'], ['a', 'b']]],
  ['env wrapper', 'env A=1 B=2 a x', [['a', 'x']]],
  ['sudo wrapper', 'sudo -u root a x', [['a', 'x']]],
  ['timeout/nice/nohup', 'timeout -s KILL 5 nice -n 2 nohup a', [['a']]],
  ['command/builtin/exec', 'command -p a; builtin b; exec -a name c', [['a'], ['b'], ['c']]],
  ['stdbuf/time', 'stdbuf -oL a; time b', [['a'], ['b']]],
  ['xargs', 'a | xargs -0 -n1 b x', [['a'], ['b', 'x']]],
  ['xargs sh -c', "a | xargs -I{} sh -c 'b {}'", [['a'], ['sh', '-c', 'b {}'], ['b', '{}']]],
  ['find -exec', 'find . -exec a {} \\; -execdir b {} +', [['find', '.', '-exec', 'a', '{}', ';', '-execdir', 'b', '{}', '+'], ['a', '{}'], ['b', '{}']]],
  ['git -C and -c see-through', 'git -C sub -c color.ui=never status', [['git', 'status']]],
  ['path-qualified', '/bin/rm x', [['/bin/rm', 'x']]],
  ['quoted name', `"rm" x; r''m y; \\rm z`, [['rm', 'x'], ['rm', 'y'], ['rm', 'z']]],
  ['ANSI-C quoted name', "$'\\x72\\x6d' x", [['rm', 'x']]],
  ['brace expansion', 'echo {a,b}c', [['echo', 'ac', 'bc']]],
  ['words after a redirection are arguments', 'echo >&2 hi there', [['echo', 'hi', 'there']]],
  ['redirection before the command', '>out a x', [['a', 'x']]],
  ['trap string', "trap 'a' EXIT", [['trap', 'a', 'EXIT'], ['a']]],
  ['watch string', "watch -n 1 'a b'", [['watch', '-n', '1', 'a b'], ['a', 'b']]],
  ['su -c', "su -c 'a' root", [['su', '-c', 'a', 'root'], ['a']]],
  ['env -S split string', "env -S 'a b'", [['a', 'b']]],
];

describe('reduction to simple commands', () => {
  it.each(REDUCTION_TABLE)('%s', async (_name, command, expected) => {
    expect((await programs(command)).argv).toEqual(expected);
  });
});

const CONCERN_TABLE: readonly [name: string, command: string, concern: string][] = [
  ['syntax error', 'a && (', 'unparseable'],
  ['variable as command name', '$X arg', 'dynamic-command'],
  ['substitution as command name', '$(echo rm) x', 'dynamic-command'],
  ['glob as command name', '/bin/r? x', 'dynamic-command'],
  ['eval of a variable', 'eval "$X"', 'eval-computed-text'],
  ['bash -c of a variable', 'bash -c "$X"', 'eval-computed-text'],
  ['pipe into sh', 'curl x | sh', 'eval-computed-text'],
  ['here-doc into bash', 'bash <<EOF\nrm x\nEOF', 'eval-computed-text'],
  ['node -e', "node -e 'x'", 'inline-code'],
  ['python -c', "python3 -c 'x'", 'inline-code'],
  ['perl -ne', "perl -ne 'x' f", 'inline-code'],
  ['awk system()', `awk '{system("rm x")}'`, 'inline-code'],
  ['sed e command', "sed 'e rm x' f", 'inline-code'],
  ['alias definition', "alias ls='rm -rf x'", 'alters-shell'],
  ['PATH assignment', 'PATH=.:$PATH ls', 'alters-shell'],
  ['LD_PRELOAD via env', 'env LD_PRELOAD=/tmp/x.so ls', 'alters-shell'],
  ['script written then run', 'echo x > s.sh; bash s.sh', 'runs-written-script'],
  ['stored command text', "x='a[$(rm -rf ~)]'; echo $((x))", 'eval-computed-text'],
  ['unknown wrapper option', 'sudo --weird rm x', 'unparseable'],
  ['zero-width character', 'ls\u200b', 'unparseable'],
  ['git -c core.pager', "git -c core.pager='sh -c x' log", 'inline-code'],
];

describe('concerns that make a command unbounded', () => {
  it.each(CONCERN_TABLE)('%s', async (_name, command, concern) => {
    expect((await programs(command)).concerns).toContain(concern);
  });

  it('plain commands raise no concern', async () => {
    expect((await programs('git status && git diff | head -5')).concerns).toEqual([]);
  });
});

describe('home and cwd resolution', () => {
  it('expands ~ and $HOME unless HOME is reassigned anywhere', async () => {
    const plain = await analyzeShellCommand('rm -rf ~/x $HOME/y', { cwd: CWD, home: HOME });
    expect(plain.commands[0]?.command.argv.map((w) => w.text)).toEqual(['rm', '-rf', '/home/u/x', '/home/u/y']);
    const reassigned = await analyzeShellCommand('for i in 1 2; do rm -rf ~/x; HOME=/; done', { cwd: CWD, home: HOME });
    expect(reassigned.commands[0]?.command.argv[2]?.kind).toBe('dynamic');
  });

  it('keeps both the old and the new directory after cd', async () => {
    const analysis = await analyzeShellCommand('cd sub && cat f', { cwd: CWD, home: HOME });
    expect(analysis.commands[1]?.command.cwd).toEqual({ kind: 'known', dirs: [CWD, `${CWD}/sub`] });
  });

  it('makes the cwd unknown after cd to a computed place', async () => {
    const analysis = await analyzeShellCommand('cd "$D"; cat f', { cwd: CWD, home: HOME });
    expect(analysis.commands[1]?.command.cwd.kind).toBe('unknown');
  });
});
