// ConfigChange for a managed policy settings file, with a real hook process: the hook hears the change
// (source "policy_settings", file_path) but cannot refuse it — the organisation's policy always takes
// effect, as in Claude Code — while the same block on a user settings file keeps the old contents.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandHookRunner } from '../../src/hooks/commandHookRunner.js';
import { startConfigChangeMonitor, type ConfigChangeMonitor } from '../../src/hooks/configChangeHooks.js';
import type { ConfigChangeSource } from '../../src/hooks/hookEvents.js';
import { compileHookMatcher } from '../../src/hooks/hookMatcher.js';
import { createHookSet } from '../../src/hooks/hookSet.js';
import { tempDir } from '../support/runCli.js';

let monitor: ConfigChangeMonitor | undefined;
afterEach(() => {
  monitor?.close();
  monitor = undefined;
});

async function watchOne(source: ConfigChangeSource) {
  const dir = await tempDir('agentcli-policy-');
  const file = path.join(dir, source === 'policy_settings' ? 'managed-settings.json' : 'settings.json');
  const initial = '{"permissions":{"deny":["Bash(curl:*)"]}}';
  await writeFile(file, initial);
  const matcher = compileHookMatcher(source);
  if (!matcher.ok) throw new Error(matcher.error);
  const hook = commandHookRunner(
    {
      type: 'command',
      event: 'ConfigChange',
      matcher: matcher.matcher,
      command: `(cat; echo) >> "${dir}/events.jsonl"; echo 'no changes today' >&2; exit 2`,
      timeoutMs: 10_000,
      file: 'settings.json',
      line: 1,
      sourceKind: 'userSettings',
      fromRepository: false,
    },
    { active: true },
  );
  const applied: Array<string | undefined> = [];
  const problems: string[] = [];
  monitor = startConfigChangeMonitor(createHookSet([hook]), {
    files: [{ file, source, text: initial }],
    debounceMs: 20,
    hookCall: () => ({ session: { id: 'sess-1', dir }, cwd: dir, permissionMode: 'default', run: { signal: new AbortController().signal, cwd: dir, projectDir: dir } }),
    applyAccepted: (changed, accepted) => applied.push(accepted.get(changed)),
    onProblem: (message) => problems.push(message),
  });
  await monitor.settled();
  const events = async () => (await readFile(path.join(dir, 'events.jsonl'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map((line) => JSON.parse(line));
  return { file, applied, problems, events };
}

describe('ConfigChange: policy_settings', () => {
  it('a blocking hook hears a managed settings change but the change takes effect all the same', async () => {
    const { file, applied, problems, events } = await watchOne('policy_settings');
    const next = '{"permissions":{"deny":["Bash(curl:*)","WebFetch"]}}';
    await writeFile(file, next);
    await expect.poll(events, { timeout: 5_000 }).toHaveLength(1);
    expect((await events())[0]).toMatchObject({ hook_event_name: 'ConfigChange', source: 'policy_settings', file_path: file });
    await monitor!.settled();
    expect(applied).toEqual([next]);
    expect(problems.join('\n')).toContain('managed policy settings take effect all the same');
  });

  it('the same blocking hook on user settings keeps the old contents in force', async () => {
    const { file, applied, problems, events } = await watchOne('user_settings');
    await writeFile(file, '{}');
    await expect.poll(events, { timeout: 5_000 }).toHaveLength(1);
    await monitor!.settled();
    expect(applied).toEqual(['{"permissions":{"deny":["Bash(curl:*)"]}}']);
    expect(problems.join('\n')).toContain('a ConfigChange hook blocked it (no changes today)');
  });
});
