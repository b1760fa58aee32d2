// "Don't ask again" persistence, folder trust, and the shipped example files.
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localSettingsPath, saveAllowRulesToLocalSettings } from '../../src/permissions/allowAlways.js';
import { addRulesToLocalSettings, removeRuleFromLocalSettings } from '../../src/permissions/localSettingsRules.js';
import { isFolderTrusted, trustFolder } from '../../src/permissions/folderTrust.js';
import { findRepositoryRoot, loadPermissionRules } from '../../src/permissions/loadPermissionRules.js';
import { loadMemorySources } from '../../src/context/memoryFiles.js';
import { REPO_ROOT } from '../support/runCli.js';

const dirs: string[] = [];
async function temp(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-saved-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('ask/deny rules and removal in settings.local.json', () => {
  it('adds rules to the right list, keeps other keys, and removes them again', async () => {
    const project = await temp();
    const file = localSettingsPath(project);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ model: 'x', permissions: { allow: ['Read'], defaultMode: 'plan' } }));
    expect(await addRulesToLocalSettings(project, 'deny', ['Bash(rm:*)', 'Bash(rm:*)'])).toMatchObject({ ok: true, added: ['Bash(rm:*)'] });
    expect(await addRulesToLocalSettings(project, 'deny', ['Bash(rm:*)'])).toMatchObject({ ok: true, added: [] });
    let saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toEqual({ model: 'x', permissions: { allow: ['Read'], defaultMode: 'plan', deny: ['Bash(rm:*)'] } });
    expect(await removeRuleFromLocalSettings(project, 'Bash(rm:*)')).toMatchObject({ ok: true, removedFrom: ['deny'] });
    saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.permissions.deny).toEqual([]);
  });

  it('never overwrites a file that is not valid JSON', async () => {
    const project = await temp();
    const file = localSettingsPath(project);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{ broken');
    expect(await addRulesToLocalSettings(project, 'ask', ['WebFetch'])).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
    expect(await removeRuleFromLocalSettings(project, 'WebFetch')).toMatchObject({ ok: false });
    expect(await readFile(file, 'utf8')).toBe('{ broken');
  });
});

describe('saveAllowRulesToLocalSettings', () => {
  it('creates the file, appends without duplicates, and keeps other settings', async () => {
    const project = await temp();
    await mkdir(path.join(project, '.claude'));
    await writeFile(localSettingsPath(project), JSON.stringify({ env: { A: '1' }, permissions: { allow: ['Read'], deny: ['Bash(rm*)'] } }));
    const first = await saveAllowRulesToLocalSettings(project, ['Bash(npm test)', 'Read']);
    expect(first).toMatchObject({ ok: true, added: ['Bash(npm test)'] });
    const saved = JSON.parse(await readFile(localSettingsPath(project), 'utf8'));
    expect(saved).toEqual({ env: { A: '1' }, permissions: { allow: ['Read', 'Bash(npm test)'], deny: ['Bash(rm*)'] } });
    // No temporary files are left behind (written then renamed).
    expect(await readdir(path.join(project, '.claude'))).toEqual(['settings.local.json']);
  });

  it('serialises concurrent saves', async () => {
    const project = await temp();
    await Promise.all(['Bash(a)', 'Bash(b)', 'Bash(c)'].map((rule) => saveAllowRulesToLocalSettings(project, [rule])));
    const saved = JSON.parse(await readFile(localSettingsPath(project), 'utf8'));
    expect([...saved.permissions.allow].sort()).toEqual(['Bash(a)', 'Bash(b)', 'Bash(c)']);
  });

  it('refuses to overwrite a file it cannot parse, and rejects invalid rules', async () => {
    const project = await temp();
    await mkdir(path.join(project, '.claude'));
    await writeFile(localSettingsPath(project), '{ not json');
    expect(await saveAllowRulesToLocalSettings(project, ['Bash(ls)'])).toMatchObject({ ok: false });
    expect(await readFile(localSettingsPath(project), 'utf8')).toBe('{ not json');
    expect(await saveAllowRulesToLocalSettings(await temp(), ['Bash(ls'])).toMatchObject({ ok: false });
  });
});

describe('folder trust', () => {
  it('remembers trusted folders, including their subfolders', async () => {
    const config = await temp();
    expect(await isFolderTrusted(config, '/work/repo')).toBe(false);
    await trustFolder(config, '/work/repo');
    expect(await isFolderTrusted(config, '/work/repo')).toBe(true);
    expect(await isFolderTrusted(config, '/work/repo/sub')).toBe(true);
    expect(await isFolderTrusted(config, '/work/repository')).toBe(false);
  });
});

describe('.claude-example', () => {
  it('every example rule file parses, with sources', async () => {
    const cwd = path.join(REPO_ROOT, '.claude-example');
    const configDir = await temp();
    const memoryFiles = loadMemorySources({ cwd, projectRoot: findRepositoryRoot(cwd), configDir });
    const loaded = await loadPermissionRules({ cwd, configDir, memoryFiles, allowedTools: [], disallowedTools: [] });
    expect(loaded.errors).toEqual([]);
    const origins = new Set(loaded.rules.map((rule) => path.basename(rule.source.origin)));
    expect(origins).toEqual(new Set(['CLAUDE.md', 'settings.json', 'settings.local.json']));
    expect(loaded.rules.find((rule) => rule.rule.text === 'Bash(rm -rf*)')).toMatchObject({ behavior: 'deny' });
  });
});
