// Hooks from settings files: merged across files, malformed entries a start-up error naming file, line and key.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHooksSettings } from '../../src/hooks/hooksConfig.js';
import { loadHooks, readHookSettings } from '../../src/hooks/loadHooks.js';
import { tempDir } from '../support/runCli.js';

const source = { file: '/repo/.claude/settings.json', kind: 'projectSettings' as const, fromRepository: true };

function settings(hooks: unknown): string {
  return JSON.stringify({ permissions: { allow: [] }, hooks }, null, 2);
}

describe('parseHooksSettings', () => {
  it('reads Claude Code\'s format: event → matcher groups → command hooks, timeout in seconds', () => {
    const parsed = parseHooksSettings(
      settings({ PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --write', timeout: 30 }] }], Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] }),
      source,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.hooks.map((hook) => [hook.event, hook.matcher.pattern, hook.type === 'command' ? hook.command : '', hook.timeoutMs])).toEqual([
      ['PostToolUse', 'Edit|Write', 'npx prettier --write', 30_000],
      ['Stop', '', 'say done', 60_000],
    ]);
    expect(parsed.hooks[0]?.line).toBeGreaterThan(1);
  });

  it('no "hooks" key: nothing, no error', () => {
    expect(parseHooksSettings('{"permissions": {}}', source)).toEqual({ hooks: [], errors: [] });
  });

  const malformed: [name: string, hooks: unknown, key: string][] = [
    ['hooks not an object', ['x'], '"hooks"'],
    ['unknown event', { PreToolUze: [] }, '"hooks.PreToolUze"'],
    ['event not a list', { PreToolUse: { matcher: 'Bash' } }, '"hooks.PreToolUse"'],
    ['matcher not a string', { PreToolUse: [{ matcher: 3, hooks: [] }] }, '"hooks.PreToolUse[0].matcher"'],
    ['matcher an invalid regex', { PreToolUse: [{ matcher: 'Bash(', hooks: [] }] }, '"hooks.PreToolUse[0].matcher"'],
    ['hooks missing', { PreToolUse: [{ matcher: 'Bash' }] }, '"hooks.PreToolUse[0].hooks"'],
    ['wrong type', { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'script', command: 'x' }] }] }, '"hooks.PreToolUse[0].hooks[0].type"'],
    ['prompt hook without a prompt', { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', command: 'x' }] }] }, '"hooks.PreToolUse[0].hooks[0].prompt"'],
    ['http hook without a URL', { Stop: [{ hooks: [{ type: 'http', url: 'ftp://x' }] }] }, '"hooks.Stop[0].hooks[0].url"'],
    ['http headers not strings', { Stop: [{ hooks: [{ type: 'http', url: 'http://x', headers: { A: 1 } }] }] }, '"hooks.Stop[0].hooks[0].headers"'],
    ['empty command', { Stop: [{ hooks: [{ type: 'command', command: ' ' }] }] }, '"hooks.Stop[0].hooks[0].command"'],
    ['bad timeout', { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: -1 }] }] }, '"hooks.Stop[0].hooks[0].timeout"'],
  ];
  for (const [name, hooks, key] of malformed) {
    it(`malformed (${name}): an error naming the key`, () => {
      const parsed = parseHooksSettings(settings(hooks), source);
      expect(parsed.errors).toHaveLength(1);
      expect(parsed.errors[0]?.file).toBe(source.file);
      expect(parsed.errors[0]?.message).toContain(key);
      expect(parsed.errors[0]?.line).toBeGreaterThan(1);
    });
  }
});

describe('loadHooks', () => {
  async function project(files: { user?: unknown; project?: unknown; local?: unknown }) {
    const cwd = await tempDir();
    const configDir = await tempDir();
    await mkdir(path.join(cwd, '.claude'));
    if (files.user) await writeFile(path.join(configDir, 'settings.json'), settings(files.user));
    if (files.project) await writeFile(path.join(cwd, '.claude', 'settings.json'), settings(files.project));
    if (files.local) await writeFile(path.join(cwd, '.claude', 'settings.local.json'), settings(files.local));
    return { cwd, configDir };
  }
  const stop = (command: string) => ({ Stop: [{ hooks: [{ type: 'command', command }] }] });

  it('merges every file: user, project, local, in that order, each remembering its source', async () => {
    const dirs = await project({ user: stop('echo user'), project: stop('echo project'), local: stop('echo local') });
    const hooks = await loadHooks({ ...dirs, isTrusted: true });
    expect(hooks.runners.map((runner) => runner.label)).toEqual(['echo user', 'echo project', 'echo local']);
    expect(hooks.runners[1]?.source).toMatch(/\.claude\/settings\.json:\d+$/);
    expect(hooks.runners.every((runner) => runner.active)).toBe(true);
  });

  it('untrusted folder: repository hooks are listed but never run; the user\'s still run', async () => {
    const dirs = await project({ user: stop('echo user'), project: stop('echo project'), local: stop('echo local') });
    const hooks = await loadHooks({ ...dirs, isTrusted: false });
    expect(hooks.runners.map((runner) => [runner.label, runner.active])).toEqual([
      ['echo user', true],
      ['echo project', false],
      ['echo local', false],
    ]);
    const merged = await hooks.run(
      { session_id: 's', transcript_path: '/t', cwd: dirs.cwd, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false },
      { signal: new AbortController().signal, cwd: dirs.cwd, projectDir: dirs.cwd },
    );
    expect(merged.outputs).toEqual(['user']);
  });

  it('a malformed entry stops start-up with file:line and key', async () => {
    const dirs = await project({ local: { Stop: [{ hooks: [{ type: 'command' }] }] } });
    await expect(loadHooks({ ...dirs, isTrusted: true })).rejects.toThrow(/settings\.local\.json:\d+: "hooks\.Stop\[0\]\.hooks\[0\]\.command" must be a non-empty string/);
  });

  it('files without hooks cost nothing and say nothing', async () => {
    const dirs = await project({});
    expect(await readHookSettings(dirs)).toEqual({ hooks: [], errors: [] });
  });
});
