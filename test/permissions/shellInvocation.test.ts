// A shell started on the command line is judged by everything it will run (issue 24, cause 2): the file
// it sources first (`--rcfile`, `--init-file`) is its input and its code, an init command is code, and an
// option its table does not list makes it ask. Words after the command string are `$0 $1 …`, not options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShellInvocation } from '../../src/permissions/shell/shellInvocation.js';
import type { ExpandedWord } from '../../src/permissions/shell/wordExpansion.js';
import { createFixture, decideBash, removeFixture, type Fixture } from './support/permissionFixture.js';

const words = (line: string): ExpandedWord[] =>
  line.split(' ').filter(Boolean).map((text) => (text === '$X' ? { kind: 'dynamic', text, reason: 'test' } : { kind: 'static', text, isGlob: false, masked: { chars: text, quoted: [...text].map(() => true) } }));

let fixture: Fixture;
beforeAll(() => {
  fixture = createFixture();
});
afterAll(() => removeFixture(fixture));

describe('which word a shell runs', () => {
  it.each([
    ['bash', '-c x a b', { commandString: ['x', 'a', 'b'] }],
    ['bash', '-lc x', { commandString: ['x'] }],
    ['bash', '-eu -o pipefail -c x', { commandString: ['x'] }],
    ['bash', '+o pipefail -c x', { commandString: ['x'] }],
    ['bash', '-c x --rcfile f', { commandString: ['x', '--rcfile', 'f'] }],
    ['bash', '--rcfile f -i -c x', { commandString: ['x'], sourced: ['f'] }],
    ['bash', '--init-file f x.sh', { script: 'x.sh', sourced: ['f'] }],
    ['fish', '-C init -c x', { commandString: ['x'], initCommands: ['init'] }],
    ['fish', '--command=x', { commandString: ['x'] }],
    ['bash', '-s a', { readsStdin: true }],
    ['bash', '- x.sh', { script: 'x.sh' }],
  ] as const)('%s %s', (program, line, expected) => {
    const parsed = parseShellInvocation(program, words(line));
    expect(parsed.commandString?.words.map((w) => w.text)).toEqual('commandString' in expected ? expected.commandString : undefined);
    expect(parsed.sourced.map((w) => w.text)).toEqual('sourced' in expected ? expected.sourced : []);
    expect(parsed.initCommands.map((w) => w.text)).toEqual('initCommands' in expected ? expected.initCommands : []);
    expect(parsed.script?.text).toEqual('script' in expected ? expected.script : undefined);
    if ('readsStdin' in expected) expect(parsed.readsStdin).toBe(true);
  });

  it('a computed word before the code leaves the code unknown; one after the string is only an argument', () => {
    expect(parseShellInvocation('bash', words('$X -c x')).computedWord?.text).toBe('$X');
    expect(parseShellInvocation('bash', words('--rcfile $X -c x')).computedWord?.text).toBe('$X');
    expect(parseShellInvocation('bash', words('-c x $X')).computedWord).toBeUndefined();
  });
});

describe('shell options decide as their effect', () => {
  it.each([
    ['bash_rcfile_is_sourced_code', 'bash --rcfile scripts/x.sh -i -c true'],
    ['bash_init_file_is_sourced_code', 'bash --init-file scripts/x.sh -c "echo hi"'],
    ['bash_rcfile_prefix_is_the_same_option', 'bash --rcfil scripts/x.sh -i -c true'],
    ['sh_rcfile_when_sh_is_bash', 'sh --rcfile scripts/x.sh -i -c true'],
    ['bash_debugger_sources_a_profile', 'bash --debugger -c true'],
    ['bash_unknown_option', 'bash --bogus -c true'],
    ['fish_init_command_is_code', `fish -C 'rm -rf data' -c true`],
    ['fish_profile_writes_a_file', 'fish -p out.txt -c true'],
    ['ksh_unknown_option_writes_a_database', 'ksh -R out -c true'],
  ])('%s: asks', async (_name, command) => {
    const verdict = await decideBash(fixture, command, { rules: { deny: ['Bash(rm:*)', 'Read(./.env)'] } });
    expect(verdict.behavior).not.toBe('allow');
  });

  it('a file a shell sources is read: a Read deny rule on it denies the command', async () => {
    expect((await decideBash(fixture, 'bash --rcfile .env -i -c true', { rules: { deny: ['Read(./.env)'] } })).behavior).toBe('deny');
  });

  it('a file written and then sourced in the same command is a written script', async () => {
    const verdict = await decideBash(fixture, `echo 'rm -rf data' > src/rc.sh; bash --rcfile src/rc.sh -i -c true`, { mode: 'acceptEdits', rules: { allow: ['Bash(bash *)'], deny: ['Bash(rm:*)'] } });
    expect(verdict.behavior).not.toBe('allow');
  });

  it.each([
    'bash -c "git status"',
    'bash -lc "ls src"',
    'bash -eu -o pipefail -c "ls src"',
    'bash +x -c "ls src"',
    'bash --norc --noprofile -c "ls src"',
    'sh -c "ls" --rcfile scripts/x.sh',
    'zsh -fc "ls src"',
    'dash -ec "ls src"',
  ])('%s: still runs without asking', async (command) => {
    expect((await decideBash(fixture, command, { rules: { deny: ['Bash(rm:*)', 'Read(./.env)'] } })).behavior).toBe('allow');
  });
});
