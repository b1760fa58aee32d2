// The process helpers under the Bash tool: the scrubbed child environment, the bounded
// output buffer with its spill file, and the shell picker.
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BoundedOutput } from '../../../src/utils/process/boundedOutput.js';
import { childEnvironment, isExecCapableVariable } from '../../../src/utils/process/childEnvironment.js';
import { userShell } from '../../../src/utils/process/userShell.js';

describe('childEnvironment', () => {
  it.each([
    ['BASH_ENV', 'runs a script when bash starts'],
    ['ENV', 'runs a script when sh starts'],
    ['ZDOTDIR', 'points zsh at another .zshenv'],
    ['PROMPT_COMMAND', 'runs before each prompt'],
    ['PS4', 'command substitution under set -x'],
    ['SHELLOPTS', 'turns on xtrace and friends'],
    ['NODE_OPTIONS', '--require loads code into every node'],
    ['PERL5OPT', '-M loads a module into every perl'],
    ['RUBYOPT', '-r loads code into every ruby'],
    ['PYTHONSTARTUP', 'runs in interactive python'],
    ['GIT_CONFIG_COUNT', 'injects git config such as core.pager'],
    ['GIT_CONFIG_KEY_0', 'injects git config'],
    ['GIT_CONFIG_VALUE_0', 'injects git config'],
    ['GIT_CONFIG_PARAMETERS', 'injects git config'],
    ['GIT_CONFIG_GLOBAL', 'swaps the global git config'],
    ['GIT_SSH_COMMAND', 'runs on every fetch'],
    ['GIT_EXTERNAL_DIFF', 'runs on every diff'],
    ['GIT_ASKPASS', 'runs for credentials'],
    ['GIT_EXEC_PATH', 'swaps git subcommands'],
    ['LESSOPEN', 'preprocesses files through a command'],
    ['EDITOR', 'exec hook'],
    ['VISUAL', 'exec hook'],
    ['LD_PRELOAD', 'injects a shared library'],
    ['LD_LIBRARY_PATH', 'swaps shared libraries'],
    ['DYLD_INSERT_LIBRARIES', 'injects a library on macOS'],
    ['BASH_FUNC_git%%', 'an exported function shadowing git'],
  ])('removes %s (%s)', (name) => {
    expect(isExecCapableVariable(name)).toBe(true);
    expect(childEnvironment({ [name]: 'x', PATH: '/usr/bin' })).not.toHaveProperty(name, 'x');
  });

  it('keeps ordinary variables and pins pagers and editors to harmless programs', () => {
    const env = childEnvironment({ PATH: '/usr/bin', HOME: '/home/me', LANG: 'C.UTF-8', PAGER: 'evil', GIT_PAGER: 'evil' });
    expect(env).toMatchObject({ PATH: '/usr/bin', HOME: '/home/me', LANG: 'C.UTF-8', PAGER: 'cat', GIT_PAGER: 'cat', GIT_EDITOR: 'true' });
    expect(env.GIT_TERMINAL_PROMPT).toBe('0');
  });

  it('matches names case-insensitively (a lower-case spelling is the same variable to some programs)', () => {
    expect(isExecCapableVariable('ld_preload')).toBe(true);
    expect(isExecCapableVariable('PATH')).toBe(false);
    expect(isExecCapableVariable('GIT_AUTHOR_NAME')).toBe(false);
  });
});

describe('BoundedOutput', () => {
  it('keeps everything while it fits', () => {
    const output = new BoundedOutput({ headChars: 10, tailChars: 10 });
    output.append('hello ');
    output.append('world\n');
    expect(output.readFrom(0)).toEqual({ text: 'hello world\n', omittedChars: 0, end: 12 });
    expect(output.lineCount).toBe(1);
  });

  it('past the budget keeps head and tail, and says how much is missing', () => {
    const output = new BoundedOutput({ headChars: 5, tailChars: 5 });
    for (let index = 0; index < 100; index++) output.append(`${String(index).padStart(4, '0')}\n`);
    const whole = output.readFrom(0);
    expect(whole.text.startsWith('0000\n')).toBe(true);
    expect(whole.text.endsWith('0099\n')).toBe(true);
    expect(whole.omittedChars).toBeGreaterThan(480);
    expect(whole.text).toContain(`${whole.omittedChars.toLocaleString('en-US')} characters omitted`);
    expect(output.length).toBe(500);
    expect(output.lineCount).toBe(100);
  });

  it('reads only what is new since a position, and counts what was dropped in between', () => {
    const output = new BoundedOutput({ headChars: 4, tailChars: 4 });
    output.append('abcd');
    const first = output.readFrom(0);
    expect(first.text).toBe('abcd');
    output.append('efgh');
    expect(output.readFrom(first.end)).toEqual({ text: 'efgh', omittedChars: 0, end: 8 });
    output.append('x'.repeat(100));
    output.append('TAIL');
    const later = output.readFrom(8);
    expect(later.text.endsWith('TAIL')).toBe(true);
    expect(later.omittedChars).toBeGreaterThan(90);
  });

  it('spills the full output to a file once it outgrows memory', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-spill-'));
    const file = path.join(dir, 'deep', 'out.txt');
    const output = new BoundedOutput({ headChars: 100, tailChars: 100, spillFile: file });
    let expected = '';
    for (let index = 0; index < 5_000; index++) {
      const line = `line ${index}\n`;
      expected += line;
      output.append(line);
    }
    await output.close();
    expect(output.spillFile).toBe(file);
    expect(await readFile(file, 'utf8')).toBe(expected);
    expect(output.readFrom(0).text).toContain(`the full output is in ${file}`);
  });

  it('does not create a spill file for output that fits', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-spill-'));
    const output = new BoundedOutput({ headChars: 100, tailChars: 100, spillFile: path.join(dir, 'never.txt') });
    output.append('small');
    await output.close();
    expect(output.spillFile).toBeUndefined();
    await expect(readFile(path.join(dir, 'never.txt'))).rejects.toThrow();
  });

  it('stops the spill file at its byte cap', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-spill-'));
    const file = path.join(dir, 'capped.txt');
    const output = new BoundedOutput({ headChars: 10, tailChars: 10, spillFile: file, maxSpillBytes: 1_000 });
    for (let index = 0; index < 100; index++) output.append('0123456789'.repeat(5));
    await output.close();
    expect(output.spillWasCapped).toBe(true);
    expect((await readFile(file)).length).toBe(1_000);
  });

  it('excerpt() shows start and end around a marker; lastLines() the final lines', () => {
    const output = new BoundedOutput({ headChars: 1_000, tailChars: 1_000 });
    for (let index = 1; index <= 300; index++) output.append(`row ${index}\n`);
    const excerpt = output.excerpt(20, 20);
    expect(excerpt.startsWith('row 1\nrow 2\n')).toBe(true);
    expect(excerpt.endsWith('row 300\n')).toBe(true);
    expect(excerpt).toContain('characters omitted');
    expect(output.lastLines(2, 1_000)).toBe('row 299\nrow 300');
  });
});

describe('userShell', () => {
  it('uses $SHELL when it is bash or zsh, else bash', () => {
    expect(userShell({ SHELL: '/bin/bash' })).toBe('/bin/bash');
    expect(path.basename(userShell({ SHELL: '/usr/bin/fish' }))).toMatch(/^(bash|sh)$/);
    expect(path.basename(userShell({}))).toMatch(/^(bash|sh)$/);
  });
});
