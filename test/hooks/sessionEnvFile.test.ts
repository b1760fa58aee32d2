// How a CLAUDE_ENV_FILE is read: strictly, never by a shell. Each case is named after what it tries.
import { describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../src/hooks/sessionEnvFile.js';

const inherited = { PATH: '/usr/bin:/bin', HOME: '/home/u' };
const parse = (text: string) => parseEnvFile(text, inherited);

describe('parseEnvFile', () => {
  it.each([
    ['plain_export', 'export A=1', { A: '1' }],
    ['without_export', 'A=1', { A: '1' }],
    ['double_quoted_with_spaces', 'export A="a b  c"', { A: 'a b  c' }],
    ['single_quoted_keeps_dollar', "export A='$PATH'", { A: '$PATH' }],
    ['path_prepend', 'export PATH="/opt/bin:$PATH"', { PATH: '/opt/bin:/usr/bin:/bin' }],
    ['braced_reference', 'export A=${HOME}/x', { A: '/home/u/x' }],
    ['earlier_line_wins_over_inherited', 'export PATH=/a\nexport PATH=/b:$PATH', { PATH: '/b:/a' }],
    ['unset_reference_is_empty', 'export A=x$NOPE', { A: 'x' }],
    ['escaped_quote_and_dollar', 'export A="say \\"hi\\" \\$5"', { A: 'say "hi" $5' }],
    ['comments_and_blank_lines', '# set by nvm\n\nexport A=1\n', { A: '1' }],
  ])('%s', (_name, text, expected) => {
    expect(parse(text)).toEqual({ variables: expected, problems: [] });
  });

  it.each([
    ['command_substitution', 'export A=$(touch /tmp/pwned)'],
    ['command_substitution_in_double_quotes', 'export A="$(id)"'],
    ['backticks', 'export A=`id`'],
    ['chained_command', 'export A=1; touch /tmp/pwned'],
    ['and_chained_command', 'export A=1 && touch /tmp/pwned'],
    ['unquoted_space_runs_a_command', 'A=1 touch /tmp/pwned'],
    ['tilde_expansion_we_would_not_do', 'export A=~/bin'],
    ['arithmetic_or_default_expansion', 'export A=${B:-$(id)}'],
    ['unterminated_quote', 'export A="x'],
    ['glob', 'export A=*'],
  ])('%s is skipped', (_name, text) => {
    const parsed = parse(text);
    expect(parsed.variables).toEqual({});
    expect(parsed.problems).toHaveLength(1);
  });

  it('relative_path_entries_are_left_out: they would name folders under the command\'s cwd', () => {
    const parsed = parse('export PATH="bin:.::/opt/bin:$PATH"');
    expect(parsed.variables).toEqual({ PATH: '/opt/bin:/usr/bin:/bin' });
    expect(parsed.problems).toEqual([expect.stringContaining('PATH entries that are not absolute were left out')]);
  });

  it.each([
    ['source_another_file', 'source ~/.bashrc'],
    ['dot_source', '. ./evil.sh'],
    ['alias', "alias ls='rm -rf /'"],
    ['function', 'ls() { rm -rf /; }'],
  ])('%s is not an assignment and is skipped', (_name, text) => {
    expect(parse(text)).toEqual({ variables: {}, problems: [expect.stringContaining('not an `export NAME=value` line')] });
  });

  it.each(['LD_PRELOAD', 'BASH_ENV', 'GIT_CONFIG_GLOBAL', 'NODE_OPTIONS', 'HOME', 'XDG_CONFIG_HOME', 'TMPDIR', 'AGENTCLI_SANDBOX', 'CLAUDE_ENV_FILE'])(
    'refuses %s: the analysis or the scrubbed environment relies on it',
    (name) => {
      const parsed = parse(`export ${name}=/tmp/x\nexport OK=1`);
      expect(parsed.variables).toEqual({ OK: '1' });
      expect(parsed.problems).toEqual([expect.stringContaining(`${name} is not set this way`)]);
    },
  );
});
