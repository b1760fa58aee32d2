// The one settings reader: which layers --setting-sources and --settings select, in precedence order.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettingSources } from '../../src/settings/settingSources.js';
import { readSettingsFiles, settingsLayers } from '../../src/settings/settingsFiles.js';
import { readSettingsSnapshot } from '../../src/settings/settingsSnapshot.js';
import { tempDir } from '../support/runCli.js';

const cwd = '/repo';
const configDir = '/home/u/.agentcli';

describe('settingsLayers', () => {
  it.each([
    [undefined, ['localSettings', 'projectSettings', 'userSettings']],
    [['user'], ['userSettings']],
    [['project', 'local'], ['localSettings', 'projectSettings']],
    [[], []],
  ] as const)('sources %j read %j, nearest first', (sources, kinds) => {
    const layers = settingsLayers({ cwd, configDir, ...(sources ? { settingSources: sources } : {}) });
    expect(layers.map((layer) => layer.kind)).toEqual(kinds);
  });

  it('--settings is the nearest layer whatever the sources, and is not repository content', () => {
    const layers = settingsLayers({ cwd, configDir, settingSources: [], flagSettings: 'extra.json' });
    expect(layers).toEqual([{ kind: 'flagSettings', file: path.resolve(cwd, 'extra.json'), fromRepository: false }]);
  });

  it('marks the checkout files as repository content and the user file as not', () => {
    const byKind = Object.fromEntries(settingsLayers({ cwd, configDir }).map((layer) => [layer.kind, layer]));
    expect(byKind.localSettings?.fromRepository).toBe(true);
    expect(byKind.projectSettings?.fromRepository).toBe(true);
    expect(byKind.userSettings?.fromRepository).toBe(false);
  });
});

describe('readSettingsFiles', () => {
  it('inline --settings JSON is its own text; the nearest layer wins a plain value', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, '.claude'));
    await writeFile(path.join(dir, '.claude', 'settings.json'), '{"alwaysThinkingEnabled": false, "x": 1}');
    const layers = (await readSettingsSnapshot({ cwd: dir, configDir: dir, flagSettings: '{"alwaysThinkingEnabled": true}' })).objects;
    expect(layers.map((layer) => [layer.file, layer.values])).toEqual([
      ['--settings', { alwaysThinkingEnabled: true }],
      [path.join(dir, '.claude', 'settings.json'), { alwaysThinkingEnabled: false, x: 1 }],
    ]);
  });

  it('a --settings file that does not exist is an error, not an absence', async () => {
    const dir = await tempDir();
    const [flag] = await readSettingsFiles({ cwd: dir, configDir: dir, flagSettings: 'missing.json' });
    expect(flag?.read).toEqual({ kind: 'error', message: 'no such file' });
  });
});

describe('parseSettingSources', () => {
  it.each([
    ['user,project,local', ['user', 'project', 'local']],
    ['', []],
    [' project , user ', ['project', 'user']],
    ['user,user', ['user']],
  ])('%j -> %j', (text, sources) => {
    expect(parseSettingSources(text)).toEqual(sources);
  });

  it('refuses an unknown source by name', () => {
    expect(() => parseSettingSources('user,policy')).toThrow(/"policy"/);
  });
});
