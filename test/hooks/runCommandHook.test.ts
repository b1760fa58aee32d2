// Command hooks as real processes: stdin, environment, output bounds, timeout with the whole tree gone.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callbackHookRunner } from '../../src/hooks/callbackHookRunner.js';
import { commandHookRunner } from '../../src/hooks/commandHookRunner.js';
import { compileHookMatcher } from '../../src/hooks/hookMatcher.js';
import { createHookSet } from '../../src/hooks/hookSet.js';
import type { ConfiguredCommandHook } from '../../src/hooks/hooksConfig.js';
import type { HookInput } from '../../src/hooks/hookEvents.js';
import { MAX_STREAM_CHARS, runCommandHook } from '../../src/hooks/runCommandHook.js';
import { readProcessTable } from '../../src/utils/process/processTable.js';
import { tempDir } from '../support/runCli.js';

const signal = new AbortController().signal;

function hook(command: string, fields: Partial<ConfiguredCommandHook> = {}): ConfiguredCommandHook {
  const compiled = compileHookMatcher(fields.matcher?.pattern ?? '');
  if (!compiled.ok) throw new Error(compiled.error);
  return { type: 'command', event: 'PreToolUse', matcher: compiled.matcher, command, timeoutMs: 10_000, file: '/x/settings.json', line: 1, sourceKind: 'userSettings', fromRepository: false, ...fields };
}

const preToolUse = (tool: string, input: unknown): HookInput => ({
  session_id: 's1',
  transcript_path: '/tmp/s1.jsonl',
  cwd: '/tmp',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: tool,
  tool_input: input,
  tool_use_id: 'toolu_1',
});

describe('runCommandHook', () => {
  it('the event JSON arrives on stdin; CLAUDE_PROJECT_DIR is set; the cwd is the session\'s', async () => {
    const dir = await tempDir();
    const run = await runCommandHook({
      command: 'cat > stdin.json; printf "%s|%s" "$CLAUDE_PROJECT_DIR" "$PWD"',
      stdin: JSON.stringify({ hello: 'hook' }),
      cwd: dir,
      projectDir: '/project/root',
      timeoutMs: 10_000,
      signal,
    });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(await readFile(path.join(dir, 'stdin.json'), 'utf8'))).toEqual({ hello: 'hook' });
    expect(run.stdout).toBe(`/project/root|${dir}`);
  });

  it('runs with the Bash tool\'s scrubbed environment: no BASH_ENV, LD_PRELOAD or NODE_OPTIONS', async () => {
    const run = await runCommandHook({
      command: 'echo "[$BASH_ENV][$LD_PRELOAD][$NODE_OPTIONS][$KEEP_ME]"',
      stdin: '{}',
      cwd: await tempDir(),
      projectDir: '/p',
      timeoutMs: 10_000,
      signal,
      baseEnv: { PATH: process.env.PATH, BASH_ENV: '/evil', LD_PRELOAD: '/evil.so', NODE_OPTIONS: '--require /evil', KEEP_ME: 'yes' },
    });
    expect(run.stdout.trim()).toBe('[][][][yes]');
  });

  it('stdout and stderr are kept separately, each bounded', async () => {
    const run = await runCommandHook({
      command: `head -c ${MAX_STREAM_CHARS * 3} /dev/zero | tr '\\0' x; echo oops >&2`,
      stdin: '{}',
      cwd: await tempDir(),
      projectDir: '/p',
      timeoutMs: 10_000,
      signal,
    });
    expect(run.stdout.length).toBeLessThan(MAX_STREAM_CHARS + 100);
    expect(run.stdout).toContain('more characters not kept');
    expect(run.stderr.trim()).toBe('oops');
  });

  it('a hook that ignores a large stdin is not an error', async () => {
    const run = await runCommandHook({ command: 'exit 0', stdin: 'x'.repeat(1_000_000), cwd: await tempDir(), projectDir: '/p', timeoutMs: 10_000, signal });
    expect(run.exitCode).toBe(0);
  });

  it('a hanging hook is killed at its timeout, and its whole tree is gone', async () => {
    const dir = await tempDir();
    const run = await runCommandHook({
      // A child and a grandchild that would outlive the shell.
      command: `sh -c 'sleep 300 & echo $! > grandchild.pid; wait' & echo $! > child.pid; wait`,
      stdin: '{}',
      cwd: dir,
      projectDir: '/p',
      timeoutMs: 500,
      signal,
    });
    expect(run.timedOutAfterMs).toBe(500);
    const pids = await Promise.all(['child.pid', 'grandchild.pid'].map(async (file) => Number((await readFile(path.join(dir, file), 'utf8')).trim())));
    const running = new Set(readProcessTable().filter((entry) => entry.running).map((entry) => entry.pid));
    for (const pid of pids) expect(running.has(pid), `pid ${pid} still running`).toBe(false);
  });

  it('an interrupt stops a running hook at once', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const run = await runCommandHook({ command: 'sleep 300', stdin: '{}', cwd: await tempDir(), projectDir: '/p', timeoutMs: 600_000, signal: controller.signal });
    // Ended by our signal, long before `sleep 300` could finish (the test's own timeout is 30 s).
    expect(run.signal).toBe('SIGTERM');
    expect(run.timedOutAfterMs).toBeUndefined();
  });

  it('a missing cwd is a start error, not a crash', async () => {
    const run = await runCommandHook({ command: 'true', stdin: '{}', cwd: '/nonexistent/dir/for/hooks', projectDir: '/p', timeoutMs: 5_000, signal });
    expect(run.startError).toBeDefined();
  });
});

describe('hook sets: matching, parallel runs, de-duplication', () => {
  const context = async () => ({ signal, cwd: await tempDir(), projectDir: '/p' });

  it('hooks of one event run in parallel', async () => {
    // A barrier: each hook marks its start, then waits for all three marks. Run one after another, the first would
    // wait until its timeout and fail.
    const barrier = (name: string) => `touch ${name}; for i in $(seq 200); do [ -f a ] && [ -f b ] && [ -f c ] && break; sleep 0.05; done; [ -f a ] && [ -f b ] && [ -f c ] && echo ${name}`;
    const set = createHookSet(['a', 'b', 'c'].map((name) => commandHookRunner(hook(barrier(name), { timeoutMs: 15_000 }), { active: true })));
    const merged = await set.run(preToolUse('Bash', { command: 'ls' }), await context());
    expect(merged.errors).toEqual([]);
    expect(merged.outputs).toEqual(['a', 'b', 'c']);
  });

  it('an identical command configured twice runs once', async () => {
    const dir = await tempDir();
    const command = `echo run >> ${path.join(dir, 'count')}`;
    const set = createHookSet([commandHookRunner(hook(command), { active: true }), commandHookRunner(hook(command, { file: '/other/settings.json' }), { active: true })]);
    await set.run(preToolUse('Bash', {}), await context());
    expect((await readFile(path.join(dir, 'count'), 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('only matching hooks run; inactive (untrusted) ones never', async () => {
    const matcherOf = (pattern: string) => {
      const compiled = compileHookMatcher(pattern);
      if (!compiled.ok) throw new Error(compiled.error);
      return compiled.matcher;
    };
    const set = createHookSet([
      commandHookRunner(hook('echo edit-or-write', { matcher: matcherOf('Edit|Write') }), { active: true }),
      commandHookRunner(hook('echo bash', { matcher: matcherOf('Bash') }), { active: true }),
      commandHookRunner(hook('echo untrusted'), { active: false }),
      commandHookRunner(hook('echo mcp', { matcher: matcherOf('mcp__github__.*') }), { active: true }),
    ]);
    expect((await set.run(preToolUse('Write', {}), await context())).outputs).toEqual(['edit-or-write']);
    expect((await set.run(preToolUse('mcp__github__create_issue', {}), await context())).outputs).toEqual(['mcp']);
    expect(set.has('PreToolUse', 'Read')).toBe(false);
  });

  it('reports its activity: started with the hooks, finished with the verdicts', async () => {
    const set = createHookSet([commandHookRunner(hook('exit 1'), { active: true })]);
    const seen: string[] = [];
    set.subscribe((activity) => seen.push(activity.type === 'hooks_started' ? `start ${activity.hooks.join()}` : `end ${activity.merged.errors.length}`));
    await set.run(preToolUse('Bash', {}), await context());
    expect(seen).toEqual(['start exit 1', 'end 1']);
  });
});

describe('runners of two kinds in one list', () => {
  it('an in-process callback and a command hook are merged by the same rules (deny beats allow)', async () => {
    const seen: string[] = [];
    const set = createHookSet([
      commandHookRunner(hook(`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`), { active: true }),
      callbackHookRunner({
        event: 'PreToolUse',
        matcher: 'Bash',
        name: 'sdk-guard',
        callback: async (input) => {
          seen.push(input.hook_event_name);
          return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'from the SDK' } };
        },
      }),
    ]);
    const merged = await set.run(preToolUse('Bash', { command: 'ls' }), { signal, cwd: await tempDir(), projectDir: '/p' });
    expect(seen).toEqual(['PreToolUse']);
    expect(merged.permission).toEqual({ hook: 'sdk-guard', decision: 'deny', reason: 'from the SDK' });
  });

  it('a callback that throws is a non-blocking error', async () => {
    const set = createHookSet([callbackHookRunner({ event: 'PreToolUse', name: 'broken', callback: async () => { throw new Error('bug'); } })]);
    const merged = await set.run(preToolUse('Bash', {}), { signal, cwd: '/tmp', projectDir: '/p' });
    expect(merged.errors).toEqual([{ hook: 'broken', message: 'bug' }]);
  });
});
