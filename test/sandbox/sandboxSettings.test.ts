// The `sandbox` settings: parsed with errors that name file and line, merged nearest-first,
// a repository can tighten but never loosen by itself; and how start-up turns them into the
// session's sandbox: on by default in bypassPermissions, one line when it cannot run,
// refusal with sandbox.failIfUnavailable.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupPermissions } from '../../src/permissions/setup.js';
import { loadMemorySources } from '../../src/context/memoryFiles.js';
import { findRepositoryRoot } from '../../src/permissions/loadPermissionRules.js';
import { runProbe, type SandboxAvailability } from '../../src/sandbox/bwrapAvailability.js';
import { mergeSandboxSettings, parseSandboxSettings, type SourcedSandboxSettings } from '../../src/sandbox/sandboxSettings.js';
import { sandboxForCall } from '../../src/sandbox/sessionSandbox.js';

describe('parseSandboxSettings', () => {
  it('reads every key', () => {
    const text = JSON.stringify({ sandbox: { enabled: true, network: false, writablePaths: ['~/.npm'], failIfUnavailable: true } });
    expect(parseSandboxSettings(text, 'f')).toEqual({ settings: { enabled: true, network: false, writablePaths: ['~/.npm'], failIfUnavailable: true }, errors: [] });
  });

  it('names the file and line of a wrong value or an unknown key', () => {
    const text = '{\n  "sandbox": {\n    "enabled": "yes",\n    "writablePaths": "~/.npm",\n    "netwrok": true\n  }\n}';
    const { errors } = parseSandboxSettings(text, '/p/.claude/settings.json');
    expect(errors).toEqual([
      { file: '/p/.claude/settings.json', line: 3, message: '"sandbox.enabled" must be true or false, got "yes"' },
      { file: '/p/.claude/settings.json', line: 4, message: '"sandbox.writablePaths" must be an array of paths' },
      expect.objectContaining({ line: 5, message: expect.stringContaining('unknown setting "sandbox.netwrok"') }),
    ]);
  });

  it('network.allowedDomains (Claude Code\'s shape): the network, limited to those hosts; a bad list is an error', () => {
    const text = JSON.stringify({ sandbox: { network: { allowedDomains: ['registry.npmjs.org', '*.GitHub.com'] } } });
    expect(parseSandboxSettings(text, 'f').settings).toEqual({ network: true, allowedDomains: ['registry.npmjs.org', '*.github.com'] });
    expect(parseSandboxSettings(JSON.stringify({ sandbox: { network: { allowedDomains: [] } } }), 'f').settings).toEqual({ network: false, allowedDomains: [] });
    expect(parseSandboxSettings(JSON.stringify({ sandbox: { network: { allowedDomains: ['https://x.com/'] } } }), 'f').errors).toHaveLength(1);
    const merged = mergeSandboxSettings({ sources: [{ file: 'u', fromRepository: false, settings: parseSandboxSettings(text, 'u').settings }], override: undefined, trusted: true, projectRoot: '/p', home: '/h' });
    expect(merged).toMatchObject({ network: true, allowedDomains: ['registry.npmjs.org', '*.github.com'] });
  });

  it('no sandbox section, or JSON the rule parser reports, gives nothing', () => {
    expect(parseSandboxSettings('{"permissions":{}}', 'f')).toEqual({ settings: {}, errors: [] });
    expect(parseSandboxSettings('{', 'f')).toEqual({ settings: {}, errors: [] });
  });
});

describe('mergeSandboxSettings', () => {
  const user = (settings: SourcedSandboxSettings['settings']): SourcedSandboxSettings => ({ file: 'user', fromRepository: false, settings });
  const repo = (settings: SourcedSandboxSettings['settings']): SourcedSandboxSettings => ({ file: 'repo', fromRepository: true, settings });
  const merge = (sources: SourcedSandboxSettings[], options: { trusted?: boolean; override?: boolean } = {}) =>
    mergeSandboxSettings({ sources, override: options.override, trusted: options.trusted ?? true, projectRoot: '/p', home: '/h' });

  it('defaults: undecided (bypass turns it on), no network, nothing extra writable, warn rather than refuse', () => {
    expect(merge([])).toEqual({ enabled: undefined, network: false, networkRestricted: false, writablePaths: [], failIfUnavailable: false });
  });

  it('the nearest source wins per key; writable paths add up, resolved against home and project root', () => {
    const merged = merge([user({ network: true, writablePaths: ['~/.npm'] }), user({ network: false, writablePaths: ['cache', '/abs'] })]);
    expect(merged.network).toBe(true);
    expect(merged.writablePaths).toEqual(['/h/.npm', '/p/cache', '/abs']);
  });

  it('a repository can turn the sandbox on but never off, even when trusted', () => {
    expect(merge([repo({ enabled: false })]).enabled).toBeUndefined();
    expect(merge([repo({ enabled: true })], { trusted: false }).enabled).toBe(true);
    expect(merge([user({ enabled: false })]).enabled).toBe(false);
  });

  it('a repository widens the sandbox only once the folder is trusted', () => {
    const widening = repo({ network: true, writablePaths: ['~/.ssh'], failIfUnavailable: false });
    expect(merge([widening, user({ failIfUnavailable: true })], { trusted: false })).toMatchObject({ network: false, writablePaths: [], failIfUnavailable: true });
    expect(merge([widening, user({ failIfUnavailable: true })], { trusted: true })).toMatchObject({ network: true, writablePaths: ['/h/.ssh'], failIfUnavailable: false });
  });

  it('--sandbox turns it on whatever the settings; an embedder may turn it off', () => {
    expect(merge([user({ enabled: false })], { override: true }).enabled).toBe(true);
    expect(merge([user({ enabled: true })], { override: false }).enabled).toBe(false);
  });
});

describe('start-up', () => {
  let cwd: string;
  let configDir: string;
  beforeEach(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-sandbox-setup-'));
    configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-sandbox-config-'));
  });
  afterEach(async () => {
    await rm(cwd, { recursive: true, force: true });
    await rm(configDir, { recursive: true, force: true });
  });

  const working: SandboxAvailability = { available: true, bwrap: '/usr/bin/bwrap' };
  const missing: SandboxAvailability = { available: false, reason: 'bubblewrap (bwrap) is not installed', howToEnable: 'install it' };
  const setup = (options: { mode?: 'default' | 'bypassPermissions'; sandbox?: boolean; availability: SandboxAvailability; probes?: string[] }) =>
    setupPermissions({
      cwd,
      configDir,
      memoryFiles: loadMemorySources({ cwd, projectRoot: findRepositoryRoot(cwd), configDir }),
      mode: options.mode,
      additionalDirectories: [],
      allowedTools: [],
      disallowedTools: [],
      isTrusted: true,
      isBypassAvailable: options.mode === 'bypassPermissions',
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
      probeSandbox: async () => {
        options.probes?.push('probed');
        return options.availability;
      },
    });

  it('bypassPermissions: on by default when bwrap works', async () => {
    const { context, startupWarnings } = await setup({ mode: 'bypassPermissions', availability: working });
    expect(sandboxForCall(context.sandbox, context.mode)).toEqual({ kind: 'on', bwrap: '/usr/bin/bwrap' });
    expect(startupWarnings).toEqual([]);
  });

  it('default mode: on by default too (the sandbox bounds every auto-allowed command)', async () => {
    const { context, startupWarnings } = await setup({ mode: 'default', availability: working });
    expect(sandboxForCall(context.sandbox, context.mode).kind).toBe('on');
    expect(startupWarnings).toEqual([]);
  });

  it('sandbox.enabled false: off in every mode, one warning line, and bwrap is not asked', async () => {
    await writeFile(path.join(configDir, 'settings.json'), '{"sandbox":{"enabled":false}}');
    const { context, startupWarnings } = await setup({ mode: 'bypassPermissions', availability: working });
    expect(sandboxForCall(context.sandbox, context.mode).kind).toBe('off');
    expect(startupWarnings).toEqual(['the Bash sandbox is off (sandbox.enabled: false): commands run unsandboxed, and only commands the analyser fully understands run without asking.']);
  });

  it('--sandbox or sandbox.enabled turns it on in any mode', async () => {
    expect(sandboxForCall((await setup({ mode: 'default', sandbox: true, availability: working })).context.sandbox, 'default').kind).toBe('on');
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(cwd, '.claude', 'settings.json'), '{"sandbox":{"enabled":true}}');
    expect(sandboxForCall((await setup({ mode: 'default', availability: working })).context.sandbox, 'default').kind).toBe('on');
  });

  it('unavailable: one line saying why and how to enable it, and commands run unsandboxed', async () => {
    const { context, startupWarnings } = await setup({ mode: 'bypassPermissions', availability: missing });
    expect(startupWarnings).toHaveLength(1);
    expect(startupWarnings[0]).toMatch(/^the Bash sandbox is unavailable \(bubblewrap \(bwrap\) is not installed\), so commands run unsandboxed\. To enable it: install it; set sandbox.failIfUnavailable to refuse instead\.$/);
    expect(sandboxForCall(context.sandbox, context.mode).kind).toBe('off');
  });

  it('unavailable with sandbox.failIfUnavailable: start-up refuses with one line', async () => {
    await writeFile(path.join(configDir, 'settings.json'), '{"sandbox":{"failIfUnavailable":true}}');
    await expect(setup({ mode: 'bypassPermissions', availability: missing })).rejects.toThrow(/^the Bash sandbox is required \(sandbox.failIfUnavailable\) but unavailable: bubblewrap \(bwrap\) is not installed\. To enable it: install it\.$/);
  });

  it('a wrong sandbox setting stops start-up naming file and line', async () => {
    await writeFile(path.join(configDir, 'settings.json'), '{\n"sandbox": {"network": "off"}\n}');
    await expect(setup({ mode: 'default', availability: working })).rejects.toThrow(/settings\.json:2: "sandbox\.network" must be true, false or \{"allowedDomains"/);
  });
});

describe('the bwrap probe', () => {
  it('a missing program says to install bubblewrap', async () => {
    const result = await runProbe('/nonexistent/bwrap', 'linux');
    expect(result).toMatchObject({ available: false, reason: 'bubblewrap (bwrap) is not installed' });
  });

  it('a bwrap that cannot create namespaces says how to allow them', async () => {
    const fake = path.join(await mkdtemp(path.join(os.tmpdir(), 'agentcli-fake-bwrap-')), 'bwrap');
    await writeFile(fake, '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n', { mode: 0o755 });
    const result = await runProbe(fake, 'linux');
    expect(result).toMatchObject({ available: false, reason: 'bwrap cannot create its namespaces (No permissions to create new namespace)' });
    expect(result.available ? '' : result.howToEnable).toMatch(/unprivileged_userns_clone/);
  });

  it('macOS uses Seatbelt (sandbox-exec); where it cannot run, the probe says so', async () => {
    // This machine has no /usr/bin/sandbox-exec: the probe reports it unavailable rather than guessing.
    const result = await runProbe('bwrap', 'darwin');
    if (result.available) expect(result).toMatchObject({ engine: 'seatbelt', bwrap: '/usr/bin/sandbox-exec' });
    else expect(result.reason).toMatch(/^sandbox-exec cannot run/);
    expect(await runProbe('bwrap', 'win32')).toMatchObject({ available: false, reason: 'the Bash sandbox is not supported on win32' });
  });
});
