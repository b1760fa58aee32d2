// What a canUseTool answer may change for the session: rules (live at once; local ones saved),
// the mode (never into bypass unless the session allows it), directories; what it may not.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyRuleSet, ruleSetOf } from '../../src/permissions/canUseTool.js';
import { applyPermissionUpdates, suggestionsFor, switchPermissionMode } from '../../src/entrypoints/sdk/permissionUpdates.js';
import { createAppStateStore, initialAppState } from '../../src/state/appState.js';
import { tempDir } from '../support/runCli.js';

async function target(options: { bypass?: boolean } = {}) {
  const projectRoot = await tempDir('agentcli-updates-');
  const appState = createAppStateStore(
    initialAppState({ mode: 'default', workingDirectories: [projectRoot], isBypassAvailable: options.bypass ?? false, rules: emptyRuleSet() }),
  );
  const problems: string[] = [];
  return { appState, projectRoot, problems, onProblem: (message: string) => problems.push(message) };
}

const ruleTexts = (t: Awaited<ReturnType<typeof target>>) =>
  ruleSetOf(t.appState.get().toolPermissionContext, t.projectRoot).rules.map((rule) => `${rule.behavior} ${rule.rule.text}`);

describe('SDK permission updates', () => {
  it('suggests the narrowest rules as one localSettings addRules update', () => {
    expect(suggestionsFor(['Bash(npm run test:*)', 'Read'])).toEqual([
      { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }, { toolName: 'Read' }], behavior: 'allow', destination: 'localSettings' },
    ]);
    expect(suggestionsFor([])).toEqual([]);
    // A place outside the project is held for the session, as the REPL's dialog says.
    expect(suggestionsFor(['Read(//etc/hosts)'])).toEqual([{ type: 'addRules', rules: [{ toolName: 'Read', ruleContent: '//etc/hosts' }], behavior: 'allow', destination: 'session' }]);
  });

  it('localSettings rules go live and are saved to .claude/settings.local.json', async () => {
    const t = await target();
    await applyPermissionUpdates([{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'make:*' }], behavior: 'allow', destination: 'localSettings' }], t);
    expect(ruleTexts(t)).toEqual(['allow Bash(make:*)']);
    const saved = JSON.parse(await readFile(path.join(t.projectRoot, '.claude', 'settings.local.json'), 'utf8'));
    expect(saved.permissions.allow).toEqual(['Bash(make:*)']);
  });

  it('session deny rules hold at once; shared settings files are never written on a client\'s say-so', async () => {
    const t = await target();
    await applyPermissionUpdates([{ type: 'addRules', rules: [{ toolName: 'WebFetch' }], behavior: 'deny', destination: 'userSettings' }], t);
    expect(ruleTexts(t)).toEqual(['deny WebFetch']);
    expect(t.problems).toEqual([expect.stringContaining('hold for this session only')]);
  });

  it('attack: a client cannot switch a session into bypassPermissions that was not started to allow it', async () => {
    const t = await target();
    await applyPermissionUpdates([{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }], t);
    expect(t.appState.get().toolPermissionContext.mode).toBe('default');
    expect(t.problems).toEqual([expect.stringContaining('bypassPermissions can only be entered')]);
    const allowed = await target({ bypass: true });
    expect(switchPermissionMode(allowed.appState, 'bypassPermissions')).toEqual({ ok: true });
    expect(allowed.appState.get().toolPermissionContext.mode).toBe('bypassPermissions');
    expect(switchPermissionMode(allowed.appState, 'yolo')).toMatchObject({ ok: false });
  });

  it('addDirectories extends the working directories; unsupported updates say so and change nothing', async () => {
    const t = await target();
    await applyPermissionUpdates(
      [
        { type: 'addDirectories', directories: ['../shared'], destination: 'session' },
        { type: 'removeRules', rules: [{ toolName: 'Bash' }], behavior: 'deny', destination: 'session' },
      ],
      t,
    );
    expect(t.appState.get().toolPermissionContext.workingDirectories).toEqual([t.projectRoot, path.resolve(t.projectRoot, '../shared')]);
    expect(t.problems).toEqual(['the permission update "removeRules" is not supported; nothing was changed']);
  });
});
