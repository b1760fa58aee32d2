// /permissions as an editor: sections Allow / Ask / Deny / Workspace directories, rules with
// their scope, add (choosing local, project or user settings) and remove, Esc to leave.
// The screens are pickers answered here in order (undefined = Esc).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { permissionsCommand } from '../../src/commands/builtin/permissions.js';
import type { CommandResult } from '../../src/commands/custom/commandResult.js';
import { ruleSetOf } from '../../src/permissions/canUseTool.js';
import { PermissionState } from '../../src/permissions/permissionState.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';

let fixture: CommandFixture;
beforeEach(async () => {
  fixture = await commandFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

const text = (result: CommandResult): string => (result.type === 'text' ? result.text : `(${result.type})`);
const editor = async (...choices: Array<string | undefined>): Promise<string> => {
  fixture.state.choices.length = 0;
  fixture.state.choices.push(...choices, undefined, undefined, undefined);
  return text(await permissionsCommand.run('', fixture.context));
};
const liveRules = () =>
  ruleSetOf(fixture.session.appState.get().toolPermissionContext, fixture.cwd).rules.map((rule) => `${rule.behavior} ${rule.rule.text} (${rule.source.kind})`);
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8'));
const localFile = () => path.join(fixture.cwd, '.claude', 'settings.local.json');
const projectFile = () => path.join(fixture.cwd, '.claude', 'settings.json');
const userFile = () => path.join(fixture.session.info.configDir, 'settings.json');
const optionLabels = (index: number) => fixture.state.asked[index]!.options.map((option) => `${option.label}${option.description ? ` · ${option.description}` : ''}`);

describe('/permissions editor', () => {
  it('opens on the sections with their counts and closes on Esc with nothing changed', async () => {
    await writeFile(path.join(fixture.cwd, 'CLAUDE.md'), 'deny: Bash(rm:*)\n');
    expect(await editor(undefined)).toBe('No permission changes.');
    expect(fixture.state.asked[0]!.title).toBe('Permissions (default mode) — Enter to open a section, Esc to close');
    expect(optionLabels(0).map((label) => label.split(' · ')[0])).toEqual(['Allow (0)', 'Ask (0)', 'Deny (0)', 'Workspace directories (1)']);
  });

  it.each([
    ['local', localFile],
    ['project', projectFile],
    ['user', userFile],
  ] as const)('adds a rule to the %s settings file and to the live rules', async (scope, file) => {
    const report = await editor('allow', '\u0000add', 'Bash(npm run test:*)', scope);
    expect(report).toContain(`Added allow: Bash(npm run test:*) (saved in ${file()}`);
    expect((await readJson(file())).permissions.allow).toEqual(['Bash(npm run test:*)']);
    expect(liveRules()).toContain(`allow Bash(npm run test:*) (${scope}Settings)`);
    // The rule then shows in its section with its scope.
    fixture.state.asked.length = 0;
    await editor('allow');
    expect(optionLabels(1)).toContain(`Bash(npm run test:*) · ${scope} · ${file()}`);
  });

  it('text typed in a section\'s search box is a new rule of that section', async () => {
    await editor('deny', 'Read(./.env)', 'local');
    expect((await readJson(localFile())).permissions.deny).toEqual(['Read(./.env)']);
  });

  it('an invalid rule is refused with the reason, and nothing is written', async () => {
    const notices: string[] = [];
    const context = { ...fixture.context, notify: (line: string) => notices.push(line) };
    fixture.state.choices.push('allow', '\u0000add', 'Bash(', undefined, undefined);
    const report = text(await permissionsCommand.run('', context));
    expect(report).toMatch(/"Bash\(" is not a valid rule/);
    expect(notices).toEqual([expect.stringMatching(/not a valid rule/)]);
    // Refused before the user is asked where to keep it.
    expect(fixture.state.asked.some((request) => request.title.startsWith('Save '))).toBe(false);
    await expect(readFile(localFile(), 'utf8')).rejects.toThrow();
  });

  it('lists rules of every scope and removes one from its own file (project), leaving the others', async () => {
    await mkdir(path.dirname(localFile()), { recursive: true });
    await writeFile(projectFile(), JSON.stringify({ permissions: { ask: ['Bash(git push:*)'] } }));
    await writeFile(localFile(), JSON.stringify({ permissions: { ask: ['Bash(git push:*)'] } }));
    await fixture.context.permissions.addRule!('ask', 'WebFetch', 'user');
    new PermissionState(fixture.session.appState).addRules('ask', ['Bash(git push:*)'], { kind: 'localSettings', origin: localFile() });
    new PermissionState(fixture.session.appState).addRules('ask', ['Bash(git push:*)'], { kind: 'projectSettings', origin: projectFile() });
    await editor('ask');
    const listed = optionLabels(1);
    // Listed by scope: local, then project, then user.
    expect(listed).toEqual(['+ Add a new ask rule…', `Bash(git push:*) · local · ${localFile()}`, `Bash(git push:*) · project · ${projectFile()}`, `WebFetch · user · ${userFile()}`]);

    const projectRow = fixture.state.asked[1]!.options.find((option) => option.description?.startsWith('project'))!;
    fixture.state.asked.length = 0;
    const report = await editor('ask', projectRow.value, 'remove');
    expect(report).toContain(`Removed Bash(git push:*) from ${projectFile()}`);
    expect(await readJson(projectFile())).toEqual({ permissions: { ask: [] } });
    expect(await readJson(localFile())).toEqual({ permissions: { ask: ['Bash(git push:*)'] } });
    expect(liveRules().filter((rule) => rule.includes('git push'))).toEqual(['ask Bash(git push:*) (localSettings)']);
  });

  it('"No, keep it" keeps the rule', async () => {
    await fixture.context.permissions.addRule!('allow', 'Bash(ls:*)', 'local');
    await editor('allow', '\u0000row:0', 'keep');
    expect(liveRules()).toContain('allow Bash(ls:*) (localSettings)');
  });

  it('a rule from CLAUDE.md or a CLI flag is not removed here: the editor says where it is edited', async () => {
    await writeFile(path.join(fixture.cwd, 'CLAUDE.md'), 'deny: Bash(rm:*)\n');
    await fixture.session.reloadMemory();
    const rules = await fixture.context.permissions.listRules!();
    const fromMemory = rules.find((rule) => rule.scope === 'CLAUDE.md')!;
    expect(fromMemory.removable).toBe(false);
    const index = rules.filter((rule) => rule.behavior === 'deny').indexOf(fromMemory);
    const report = await editor('deny', `\u0000row:${index}`);
    expect(report).toMatch(/comes from .*CLAUDE\.md.*edited there/);
    expect(liveRules()).toContain('deny Bash(rm:*) (claudeMd)');
  });

  it('a rule held for the session only is removed from the live rules', async () => {
    new PermissionState(fixture.session.appState).addRules('allow', ['Read(//etc/hosts)'], { kind: 'session', origin: 'this session' });
    const report = await editor('allow', '\u0000row:0', 'remove');
    expect(report).toContain('Removed Read(//etc/hosts) (it was held for this session only)');
    expect(liveRules()).toEqual([]);
  });

  it('the workspace section lists the directories and adds one for the session', async () => {
    const extra = await mkdtemp(path.join(os.tmpdir(), 'agentcli-perm-dir-'));
    try {
      const report = await editor('directories', '\u0000add', extra);
      expect(report).toContain('as a working directory for this session');
      expect(fixture.session.appState.get().toolPermissionContext.workingDirectories).toHaveLength(2);
    } finally {
      await rm(extra, { recursive: true, force: true });
    }
  });

  it('/permissions list keeps the text listing, with scopes', async () => {
    await fixture.context.permissions.addRule!('deny', 'Bash(rm:*)', 'user');
    expect(text(await permissionsCommand.run('list', fixture.context))).toMatch(/Deny:\n {2}Bash\(rm:\*\) {2}— user: /);
  });
});
