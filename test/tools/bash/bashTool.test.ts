// Bash through the real loop and pipeline against the fake model server: output, exit
// codes, interleaving, the persistent working directory and its containment, large output.
import { mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BashTool, preloadBashTool } from '../../../src/tools/BashTool/BashTool.js';
import type { BashProgress } from '../../../src/tools/BashTool/runForegroundCommand.js';
import { toolUse } from '../../support/scenario.js';
import { tempDir } from '../../support/runCli.js';
import { runTurns } from './bashTestSupport.js';
import { preparedCall } from '../../support/preparedCalls.js';

const bash = (command: string, extra: Record<string, unknown> = {}) => toolUse('Bash', { command, ...extra });

beforeAll(async () => {
  await preloadBashTool();
});

describe('Bash: output and exit codes', () => {
  it('returns what the command printed', async () => {
    const run = await runTurns([BashTool], [[bash('echo hello; echo world')]]);
    expect(run.outcomes[0]!.status).toBe('success');
    expect(run.texts[0]).toBe('hello\nworld');
    await run.scenario.cleanup();
  });

  it('interleaves stdout and stderr in the order they were written', async () => {
    const run = await runTurns([BashTool], [[bash('echo one; echo two >&2; echo three; echo four >&2')]]);
    expect(run.texts[0]).toBe('one\ntwo\nthree\nfour');
    await run.scenario.cleanup();
  });

  it('says "(no output)" for a silent success', async () => {
    const run = await runTurns([BashTool], [[bash('true')]]);
    expect(run.texts[0]).toBe('(no output)');
    expect(run.outcomes[0]!.result.is_error).toBeUndefined();
    await run.scenario.cleanup();
  });

  it('a non-zero exit is an error result that reports the exit code and keeps the output', async () => {
    const run = await runTurns([BashTool], [[bash('echo partial; echo "boom" >&2; exit 3')]]);
    expect(run.outcomes[0]!.status).toBe('error');
    expect(run.outcomes[0]!.result.is_error).toBe(true);
    expect(run.texts[0]).toBe('partial\nboom\nExit code 3');
    // The model received it as an error it can act on.
    const sent = JSON.stringify(run.scenario.server.requests[1]!.body.messages.at(-1));
    expect(sent).toContain('Exit code 3');
    await run.scenario.cleanup();
  });

  it('reports a failing builtin with the shell\'s own message', async () => {
    const run = await runTurns([BashTool], [[bash('cd /no/such/folder')]]);
    expect(run.outcomes[0]!.result.is_error).toBe(true);
    expect(run.texts[0]).toMatch(/No such file or directory/);
    expect(run.texts[0]).toMatch(/Exit code 1$/);
    await run.scenario.cleanup();
  });

  it('rejects an empty command and a timeout above the maximum before running anything', async () => {
    const run = await runTurns([BashTool], [[bash('   '), bash('echo x', { timeout: 900_000 })]]);
    expect(run.texts[0]).toMatch(/command is empty/);
    expect(run.texts[1]).toMatch(/timeout/);
    expect(run.texts[1]).toMatch(/600000/);
    await run.scenario.cleanup();
  });

  it('streams the last lines of output as progress while the command runs', async () => {
    const progress: BashProgress[] = [];
    const run = await runTurns([BashTool], [[bash('echo first-line; sleep 0.4; echo second-line')]], {
      onEvent: (event) => {
        if (event.type === 'tool_progress') progress.push(event.progress as BashProgress);
      },
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]!.type).toBe('bash_output');
    expect(progress.some((entry) => entry.lastLines.includes('first-line'))).toBe(true);
    expect(run.texts[0]).toBe('first-line\nsecond-line');
    await run.scenario.cleanup();
  });
});

describe('Bash: working directory', () => {
  it('a cd carries over to later calls', async () => {
    const cwd = await tempDir('agentcli-bash-cwd-');
    await mkdir(path.join(cwd, 'sub', 'deeper'), { recursive: true });
    const run = await runTurns([BashTool], [[bash('cd sub')], [bash('pwd')], [bash('cd deeper && pwd')], [bash('pwd')]], { cwd });
    const physical = await realpathOf(cwd);
    expect(run.texts[1]).toBe(path.join(physical, 'sub'));
    expect(run.texts[3]).toBe(path.join(physical, 'sub', 'deeper'));
    await run.scenario.cleanup();
  });

  it('an exit after cd still moves the working directory', async () => {
    const cwd = await tempDir('agentcli-bash-cwd-');
    await mkdir(path.join(cwd, 'sub'));
    const run = await runTurns([BashTool], [[bash('cd sub; exit 0')], [bash('pwd')]], { cwd });
    expect(run.texts[1]).toBe(path.join(await realpathOf(cwd), 'sub'));
    await run.scenario.cleanup();
  });

  it('leaving the working directories resets to the project root and says so', async () => {
    const cwd = await tempDir('agentcli-bash-cwd-');
    const run = await runTurns([BashTool], [[bash('cd / && echo moved')], [bash('pwd')]], { cwd });
    expect(run.texts[0]).toContain('moved');
    expect(run.texts[0]).toContain('outside the working directories');
    expect(run.texts[0]).toContain(`reset to ${cwd}`);
    expect(run.texts[1]).toBe(await realpathOf(cwd));
    await run.scenario.cleanup();
  });

  // Root cause 1 of issue 24: the wrapper once kept its cwd file's path in a variable the command could assign.
  it('wrapper_state_variable_assignment_cannot_redirect_the_cwd_report', async () => {
    const cwd = await tempDir('agentcli-bash-cwd-');
    await mkdir(path.join(cwd, 'sub'));
    const hook = path.join(cwd, 'hook');
    await writeFile(hook, 'original\n');
    const sub = path.join(cwd, 'sub');
    const attempts = [`__agentcli_cwd_file=${hook}; cd ${sub}`, `__agentcli_cwd_file=${hook}; __agentcli_command='rm -rf ..'; set -- ${hook} x; cd ${sub}`, `for __agentcli_cwd_file in ${hook}; do cd ${sub}; done`];
    const run = await runTurns([BashTool], attempts.map((command) => [bash(command)]), { cwd });
    expect(await readFile(hook, 'utf8')).toBe('original\n');
    expect(run.outcomes.map((outcome) => outcome.status), JSON.stringify(run.texts)).toEqual(['success', 'success', 'success']);
    await run.scenario.cleanup();
  });

  it('text the command writes to the state descriptor is worth no more than a cd', async () => {
    const cwd = await tempDir('agentcli-bash-cwd-');
    const run = await runTurns([BashTool], [[bash('echo /etc >&3; echo not-a-path >&3')], [bash('pwd')]], { cwd });
    expect(run.texts[1]).toBe(await realpathOf(cwd));
    await run.scenario.cleanup();
  });

  it('a working directory deleted between calls falls back to the project root, with a note', async () => {
    const cwd = await tempDir('agentcli-bash-cwd-');
    await mkdir(path.join(cwd, 'doomed'));
    const run = await runTurns([BashTool], [[bash('cd doomed')], [bash('rmdir ../doomed 2>/dev/null || rmdir "$PWD"')], [bash('pwd')]], { cwd });
    expect(run.texts[2]).toContain(await realpathOf(cwd));
    expect(run.texts[2]).toContain('no longer exists');
    await run.scenario.cleanup();
  });
});

describe('Bash: large output', () => {
  it('output over 30,000 characters goes through the pipeline\'s persistence: head and tail plus the file', async () => {
    const run = await runTurns([BashTool], [[bash('for i in $(seq 1 4000); do echo "line number $i"; done')]]);
    const text = run.texts[0]!;
    expect(text).toContain('output too large');
    expect(text).toContain('line number 1\n');
    expect(text).toContain('line number 4000');
    const saved = /saved to (\S+\.txt)/.exec(text)?.[1];
    expect(saved).toBeDefined();
    expect(await readFile(saved!, 'utf8')).toContain('line number 2000\n');
    await run.scenario.cleanup();
  });

  it('huge output keeps only head and tail in memory and spills the full text to a file', async () => {
    // 600,000 lines of 11 characters (9 digits, "x", newline): 6,600,000 characters.
    const run = await runTurns([BashTool], [[bash('seq 100000000 100599999 | sed "s/$/x/"')]]);
    const text = run.texts[0]!;
    expect(text.length).toBeLessThan(30_000);
    expect(text).toContain('100000000x\n');
    expect(text).toContain('100599999x');
    const file = /the full output is in (\S+) …/.exec(text)?.[1];
    expect(file).toBeDefined();
    expect((await stat(file!)).size).toBe(6_600_000);
    await run.scenario.cleanup();
  });
});

describe('Bash: environment', () => {
  it('scrubs exec-capable variables and pins the pager', async () => {
    const dir = await tempDir('agentcli-bash-env-');
    const marker = path.join(dir, 'bash-env-ran');
    const script = path.join(dir, 'evil.sh');
    await writeFile(script, `touch ${marker}\n`);
    const saved = { ...process.env };
    Object.assign(process.env, {
      BASH_ENV: script,
      ENV: script,
      NODE_OPTIONS: '--require /nonexistent/evil.js',
      PROMPT_COMMAND: `touch ${marker}`,
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'core.pager',
      GIT_CONFIG_VALUE_0: `touch ${marker}`,
      PAGER: `touch ${marker}`,
      AGENTCLI_TEST_KEPT: 'still-here',
    });
    try {
      const run = await runTurns([BashTool], [[bash('env | sort')]], { cwd: dir });
      const env = run.texts[0]!;
      for (const name of ['BASH_ENV=', 'ENV=', 'NODE_OPTIONS=', 'PROMPT_COMMAND=', 'GIT_CONFIG_COUNT=', 'GIT_CONFIG_KEY_0=']) {
        expect(env.split('\n').some((line) => line.startsWith(name))).toBe(false);
      }
      expect(env).toContain('PAGER=cat');
      expect(env).toContain('AGENTCLI_TEST_KEPT=still-here');
      await expect(stat(marker)).rejects.toThrow();
      await run.scenario.cleanup();
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});

describe('Bash: read-only and concurrency decisions', () => {
  it('read-only commands are read-only and concurrency-safe; writers and cd are not', async () => {
    const input = (command: string, extra: Record<string, unknown> = {}) => BashTool.inputSchema.parse({ command, ...extra });
    expect(BashTool.isReadOnly(await preparedCall(BashTool, input('git status')))).toBe(true);
    expect(BashTool.isConcurrencySafe(await preparedCall(BashTool, input('ls -la && git diff')))).toBe(true);
    expect(BashTool.isReadOnly(await preparedCall(BashTool, input('rm -rf build')))).toBe(false);
    expect(BashTool.isReadOnly(await preparedCall(BashTool, input('echo hi > out.txt')))).toBe(false);
    expect(BashTool.isConcurrencySafe(await preparedCall(BashTool, input('rm -rf build')))).toBe(false);
    // Read-only, but its new directory must reach later calls, which only serial calls can do.
    expect(BashTool.isReadOnly(await preparedCall(BashTool, input('cd src && ls')))).toBe(true);
    expect(BashTool.isConcurrencySafe(await preparedCall(BashTool, input('cd src && ls')))).toBe(false);
    expect(BashTool.isConcurrencySafe(await preparedCall(BashTool, input('ls', { run_in_background: true })))).toBe(false);
  });

  it('a failing Bash call in a parallel batch cancels its running siblings', async () => {
    const run = await runTurns([BashTool], [[bash('sleep 20; echo never'), bash('ls /definitely/not/here')]]);
    expect(run.outcomes[1]!.status).toBe('error');
    expect(run.texts[1]).toMatch(/No such file or directory/);
    expect(run.outcomes[0]!.status).toBe('cancelled');
    expect(run.texts[0]).toMatch(/a parallel Bash call .* failed/);
    await run.scenario.cleanup();
  });
});

function realpathOf(dir: string): Promise<string> {
  return realpath(dir);
}
