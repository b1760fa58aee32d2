// SessionStart, SessionEnd, PreCompact and Notification as real hook processes, from the lifecycle announcements.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandHookRunner } from '../../src/hooks/commandHookRunner.js';
import { compileHookMatcher } from '../../src/hooks/hookMatcher.js';
import type { HookEventName } from '../../src/hooks/hookEvents.js';
import { createHookSet } from '../../src/hooks/hookSet.js';
import { lifecycleHookListener } from '../../src/hooks/lifecycleHooks.js';
import { runNotificationHooks } from '../../src/hooks/sessionHooks.js';
import { tempDir } from '../support/runCli.js';

async function recordingHooks(events: { event: HookEventName; matcher?: string; script?: string }[]) {
  const dir = await tempDir();
  const runners = await Promise.all(
    events.map(async ({ event, matcher = '', script = '' }, index) => {
      const file = path.join(dir, `hook${index}.sh`);
      // One file per hook: hooks of one event run in parallel, and their appends must not interleave.
      await writeFile(file, `cat >> "${dir}/inputs${index}.jsonl"; echo >> "${dir}/inputs${index}.jsonl"\n${script}`);
      const compiled = compileHookMatcher(matcher);
      if (!compiled.ok) throw new Error(compiled.error);
      return commandHookRunner(
        { type: 'command', event, matcher: compiled.matcher, command: `sh ${file}`, timeoutMs: 10_000, file: 'settings.json', line: 1, sourceKind: 'userSettings', fromRepository: false },
        { active: true },
      );
    }),
  );
  const inputs = async () => {
    const texts = await Promise.all(events.map((_, index) => readFile(path.join(dir, `inputs${index}.jsonl`), 'utf8').catch(() => '')));
    return texts.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  };
  return { hooks: createHookSet(runners), dir, inputs };
}

const identity = (cwd: string) => ({ sessionId: 'sess-1', transcriptPath: '/config/projects/x/sess-1.jsonl', cwd });

describe('lifecycle hooks', () => {
  it('SessionStart: source, transcript_path; exit 0 stdout and additionalContext go to the model', async () => {
    const { hooks, dir, inputs } = await recordingHooks([
      { event: 'SessionStart', script: 'echo "open issues: 3"\n' },
      { event: 'SessionStart', script: `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"on call: ana"}}'\n` },
    ]);
    const added: string[] = [];
    const listener = lifecycleHookListener(hooks, { projectDir: dir, permissionMode: () => 'default', addContext: (texts) => added.push(...texts) });
    await listener({ type: 'session_start', source: 'resume', ...identity(dir) });
    expect(added.join('\n')).toContain('open issues: 3');
    expect(added.join('\n')).toContain('on call: ana');
    const [first] = await inputs();
    expect(first).toMatchObject({ hook_event_name: 'SessionStart', source: 'resume', session_id: 'sess-1', transcript_path: '/config/projects/x/sess-1.jsonl', cwd: dir, permission_mode: 'default' });
  });

  it('SessionStart matchers select by source', async () => {
    const { hooks, dir, inputs } = await recordingHooks([{ event: 'SessionStart', matcher: 'compact' }]);
    const listener = lifecycleHookListener(hooks, { projectDir: dir, permissionMode: () => 'default', addContext: () => undefined });
    await listener({ type: 'session_start', source: 'startup', ...identity(dir) });
    await listener({ type: 'session_start', source: 'compact', ...identity(dir) });
    expect((await inputs()).map((input) => input.source)).toEqual(['compact']);
  });

  it('PreCompact: trigger and custom_instructions; SessionEnd: Claude Code\'s reasons', async () => {
    const { hooks, dir, inputs } = await recordingHooks([{ event: 'PreCompact' }, { event: 'SessionEnd' }]);
    const listener = lifecycleHookListener(hooks, { projectDir: dir, permissionMode: () => 'plan', addContext: () => undefined });
    await listener({ type: 'pre_compact', trigger: 'manual', instructions: 'keep the API notes', ...identity(dir) });
    await listener({ type: 'session_end', reason: 'exit', ...identity(dir) });
    await listener({ type: 'session_end', reason: 'clear', ...identity(dir) });
    const recorded = await inputs();
    expect(recorded[0]).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: 'keep the API notes', permission_mode: 'plan' });
    expect(recorded.slice(1).map((input) => [input.hook_event_name, input.reason])).toEqual([
      ['SessionEnd', 'prompt_input_exit'],
      ['SessionEnd', 'clear'],
    ]);
  });

  it('Notification: the message the REPL waits with', async () => {
    const { hooks, dir, inputs } = await recordingHooks([{ event: 'Notification' }]);
    await runNotificationHooks(
      hooks,
      { session: { id: 's', dir: '/c/projects/x/s' }, cwd: dir, permissionMode: 'default', run: { signal: new AbortController().signal, cwd: dir, projectDir: dir } },
      'agentcli needs your permission to use Bash',
    );
    expect(await inputs()).toEqual([
      expect.objectContaining({ hook_event_name: 'Notification', message: 'agentcli needs your permission to use Bash', transcript_path: '/c/projects/x/s.jsonl' }),
    ]);
  });
});
