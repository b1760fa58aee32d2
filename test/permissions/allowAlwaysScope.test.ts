// "Yes, and don't ask again": rules about this project are saved to .claude/settings.local.json;
// rules about a place outside it are held for the session only, and the dialog says which.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowAlwaysHandler, allowAlwaysScope, localSettingsPath } from '../../src/permissions/allowAlways.js';
import { emptyRuleSet, ruleSetOf } from '../../src/permissions/canUseTool.js';
import { createAppStateStore, initialAppState } from '../../src/state/appState.js';
import { allowAlwaysLabel } from '../../src/ui/permissions/permissionPrompt.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function project() {
  const projectRoot = await mkdtemp(path.join(os.tmpdir(), 'agentcli-allow-always-'));
  dirs.push(projectRoot);
  const appState = createAppStateStore(initialAppState({ mode: 'default', workingDirectories: [projectRoot], isBypassAvailable: false, rules: emptyRuleSet() }));
  const rules = () => ruleSetOf(appState.get().toolPermissionContext, projectRoot).rules.map((rule) => `${rule.rule.text} (${rule.source.kind})`);
  return { projectRoot, appState, rules };
}

describe('where "don\'t ask again" keeps its rules', () => {
  it.each([
    [['Bash(git push:*)'], 'project'],
    [['Edit(./src/a.ts)'], 'project'],
    [['Bash(echo hi)', 'Edit(./out.txt)'], 'project'],
    [['WebFetch(domain:docs.example.com)'], 'project'],
    [['Read(//etc/hosts)'], 'session'],
    [['Edit(~/notes.md)'], 'session'],
    [['Bash(cat x)', 'Read(//tmp/x)'], 'session'],
  ] as const)('%j → %s', (rules, scope) => {
    expect(allowAlwaysScope(rules)).toBe(scope);
  });

  it('the dialog says where: saved for the project, or held for the session', () => {
    expect(allowAlwaysLabel(['Bash(git push:*)'])).toBe("Yes, and don't ask again for Bash(git push:*) in this project (.claude/settings.local.json)");
    expect(allowAlwaysLabel(['Read(//etc/hosts)'])).toBe("Yes, and don't ask again for Read(//etc/hosts) during this session");
  });

  it('project rules go live and are saved; session rules go live and are not written anywhere', async () => {
    const { projectRoot, appState, rules } = await project();
    await allowAlwaysHandler()(['Bash(git push:*)'], { appState, projectRoot });
    expect(JSON.parse(await readFile(localSettingsPath(projectRoot), 'utf8'))).toEqual({ permissions: { allow: ['Bash(git push:*)'] } });
    await allowAlwaysHandler()(['Read(//etc/hosts)'], { appState, projectRoot });
    expect(JSON.parse(await readFile(localSettingsPath(projectRoot), 'utf8'))).toEqual({ permissions: { allow: ['Bash(git push:*)'] } });
    expect(rules()).toEqual(['Bash(git push:*) (localSettings)', 'Read(//etc/hosts) (session)']);
  });
});
