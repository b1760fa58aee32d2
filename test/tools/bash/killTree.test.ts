// Timeouts, interrupts and stray `&` jobs: whatever ends a Bash command, no process it
// started survives. Every test reads the pids the command itself wrote down and checks
// them after the call has returned.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BashTool, preloadBashTool, type BashProgress } from '../../../src/tools/BashTool/BashTool.js';
import { toolUse } from '../../support/scenario.js';
import { tempDir } from '../../support/runCli.js';
import { isRunning, readPid, runTurns, waitForFile } from './bashTestSupport.js';

const bash = (command: string, extra: Record<string, unknown> = {}) => toolUse('Bash', { command, ...extra });

beforeAll(async () => {
  await preloadBashTool();
});

describe('Bash timeout', () => {
  it('kills the whole process group and reports the timeout as an error with the output so far', async () => {
    const cwd = await tempDir('agentcli-kill-');
    const command = 'echo $$ > shell.pid; sleep 60 & echo $! > job.pid; echo before-timeout; sleep 60; echo never';
    const run = await runTurns([BashTool], [[bash(command, { timeout: 700 })]], { cwd });
    expect(run.outcomes[0]!.result.is_error).toBe(true);
    expect(run.texts[0]).toContain('timed out after 700 ms');
    expect(run.texts[0]).toContain('before-timeout');
    expect(run.texts[0]).not.toContain('never');
    for (const name of ['shell.pid', 'job.pid']) expect(isRunning(await readPid(cwd, name))).toBe(false);
    await run.scenario.cleanup();
  });

  it('escalates to SIGKILL for a process that ignores SIGTERM', async () => {
    const cwd = await tempDir('agentcli-kill-');
    const command = `sh -c 'trap "" TERM; echo $$ > stubborn.pid; while :; do sleep 0.05; done' & wait`;
    const run = await runTurns([BashTool], [[bash(command, { timeout: 500 })]], { cwd });
    expect(run.texts[0]).toContain('timed out');
    expect(isRunning(await readPid(cwd, 'stubborn.pid'))).toBe(false);
    await run.scenario.cleanup();
  });

  it('also kills descendants that moved to another process group', async () => {
    const cwd = await tempDir('agentcli-kill-');
    // `set -m` gives background jobs their own process group: a group kill alone would miss them.
    const command = 'set -m; sleep 60 & echo $! > escaped.pid; sleep 60';
    const run = await runTurns([BashTool], [[bash(command, { timeout: 500 })]], { cwd });
    expect(run.texts[0]).toContain('timed out');
    expect(isRunning(await readPid(cwd, 'escaped.pid'))).toBe(false);
    await run.scenario.cleanup();
  });
});

describe('Bash interrupt', () => {
  it('the user interrupt kills the tree and the call still gets a tool_result', async () => {
    const cwd = await tempDir('agentcli-kill-');
    const controller = new AbortController();
    const command = 'echo $$ > shell.pid; sleep 60 & echo $! > job.pid; echo started; sleep 60';
    const run = await runTurns([BashTool], [[bash(command)]], {
      cwd,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'tool_progress') controller.abort({ kind: 'user_interrupt' });
      },
    });
    expect(run.scenario.outcome.reason).toBe('interrupted');
    expect(run.outcomes[0]!.status).toBe('interrupted');
    expect(run.texts[0]).toMatch(/Interrupted/);
    await waitForFile(path.join(cwd, 'job.pid'));
    for (const name of ['shell.pid', 'job.pid']) expect(isRunning(await readPid(cwd, name))).toBe(false);
    await run.scenario.cleanup();
  });

  it('a cancelled sibling\'s processes are killed too', async () => {
    // Both calls are read-only, so they run in one parallel batch; the sibling prints its own pid. The failing call
    // gives it two seconds to start and report (half a second was not always enough on a loaded CI machine).
    let siblingPid: number | undefined;
    const run = await runTurns([BashTool], [[bash('echo $$; sleep 30'), bash('sleep 2; ls /not/there')]], {
      onEvent: (event) => {
        if (event.type === 'tool_progress' && siblingPid === undefined) {
          siblingPid = Number.parseInt((event.progress as BashProgress).lastLines, 10);
        }
      },
    });
    expect(run.outcomes[0]!.status).toBe('cancelled');
    expect(siblingPid).toBeGreaterThan(0);
    expect(isRunning(siblingPid!)).toBe(false);
    await run.scenario.cleanup();
  });
});

describe('stray background jobs', () => {
  it('processes left running with & are stopped when the command finishes, and the result says so', async () => {
    const cwd = await tempDir('agentcli-kill-');
    const run = await runTurns([BashTool], [[bash('sleep 60 & echo $! > stray.pid; echo done')]], { cwd });
    expect(run.outcomes[0]!.status).toBe('success');
    expect(run.texts[0]).toContain('done');
    expect(run.texts[0]).toContain('left running in the background were stopped');
    expect(isRunning(await readPid(cwd, 'stray.pid'))).toBe(false);
    await run.scenario.cleanup();
  });
});
