// Session start-up: every source loaded, flags applied, repository grants
// gated on folder trust, and a broken rule file refusing to start.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setupPermissions, type PermissionSetupOptions } from '../../src/permissions/setup.js';
import { isToolBlanketDenied } from '../../src/permissions/canUseTool.js';
import { listRulesOfContext } from '../../src/permissions/ruleListing.js';
import { loadMemorySources } from '../../src/context/memoryFiles.js';
import { findRepositoryRoot } from '../../src/permissions/loadPermissionRules.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function projectWith(files: Record<string, string>): Promise<{ cwd: string; configDir: string }> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'agentcli-setup-'));
  dirs.push(base);
  const cwd = path.join(base, 'repo');
  const configDir = path.join(base, 'config');
  await mkdir(path.join(cwd, '.git'), { recursive: true });
  await mkdir(configDir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const file = name.startsWith('$CONFIG/') ? path.join(configDir, name.slice(8)) : path.join(cwd, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return { cwd, configDir };
}

function options(where: { cwd: string; configDir: string }, extra: Partial<PermissionSetupOptions> = {}): PermissionSetupOptions {
  const memoryFiles = loadMemorySources({ cwd: where.cwd, projectRoot: findRepositoryRoot(where.cwd), configDir: where.configDir });
  return { ...where, memoryFiles, mode: undefined, additionalDirectories: [], allowedTools: [], disallowedTools: [], isTrusted: true, isBypassAvailable: false, ...extra };
}

const settings = (permissions: object): string => JSON.stringify({ permissions });

describe('setupPermissions', () => {
  it('merges CLI flags, settings files and CLAUDE.md, each rule with its source', async () => {
    const where = await projectWith({
      'CLAUDE.md': 'deny: Read(.env)\n',
      '.claude/settings.json': settings({ ask: ['Bash(git push*)'] }),
      '.claude/settings.local.json': settings({ allow: ['Bash(npm test)'] }),
      '$CONFIG/settings.json': settings({ allow: ['WebFetch(domain:docs.example.com)'] }),
      '$CONFIG/CLAUDE.md': 'allow: Read(~/notes/**)\n',
    });
    const setup = await setupPermissions(options(where, { allowedTools: ['Bash(ls:*),Read'], disallowedTools: ['WebSearch'] }));
    const listed = listRulesOfContext(setup.context).map((r) => `${r.behavior} ${r.rule} @ ${path.basename(r.source)}`);
    expect(listed).toEqual([
      'deny WebSearch @ --disallowedTools',
      'deny Read(.env) @ CLAUDE.md:1',
      'ask Bash(git push*) @ settings.json:1',
      'allow Bash(ls:*) @ --allowedTools',
      'allow Read @ --allowedTools',
      'allow Bash(npm test) @ settings.local.json:1',
      'allow WebFetch(domain:docs.example.com) @ settings.json:1',
      'allow Read(~/notes/**) @ CLAUDE.md:1',
    ]);
  });

  it('a deny rule naming a whole tool removes it from the pool', async () => {
    const where = await projectWith({ 'CLAUDE.md': 'deny: webfetch\n' });
    const setup = await setupPermissions(options(where));
    expect(isToolBlanketDenied({ name: 'WebFetch', family: 'network' }, setup.context)).toBe(true);
    expect(isToolBlanketDenied({ name: 'Bash', family: 'execute' }, setup.context)).toBe(false);
  });

  it('repository allow rules, extra directories and defaultMode wait for folder trust', async () => {
    const where = await projectWith({
      'CLAUDE.md': 'allow: Bash(npm install)\n',
      '.claude/settings.json': settings({ defaultMode: 'acceptEdits', additionalDirectories: ['~/anywhere'] }),
    });
    const untrusted = await setupPermissions(options(where, { isTrusted: false }));
    expect(untrusted.context.mode).toBe('default');
    expect(untrusted.context.workingDirectories).toEqual([where.cwd]);
    expect(listRulesOfContext(untrusted.context).map((r) => r.active)).toEqual([false]);
    const trusted = await setupPermissions(options(where));
    expect(trusted.context.mode).toBe('acceptEdits');
    expect(trusted.context.workingDirectories).toHaveLength(2);
    expect(listRulesOfContext(trusted.context).map((r) => r.active)).toEqual([true]);
  });

  it('a repository cannot put itself into bypassPermissions; the flag and user settings can', async () => {
    const repo = await projectWith({ '.claude/settings.json': settings({ defaultMode: 'bypassPermissions' }) });
    expect((await setupPermissions(options(repo))).context.mode).toBe('default');
    const user = await projectWith({ '$CONFIG/settings.json': settings({ defaultMode: 'bypassPermissions' }) });
    expect((await setupPermissions(options(user))).context.mode).toBe('bypassPermissions');
    expect((await setupPermissions(options(repo, { mode: 'plan' }))).context.mode).toBe('plan');
  });

  it('--add-dir adds working directories', async () => {
    const where = await projectWith({});
    const setup = await setupPermissions(options(where, { additionalDirectories: ['../lib'] }));
    expect(setup.context.workingDirectories).toEqual([where.cwd, path.resolve(where.cwd, '../lib')]);
  });

  it('refuses to start on a malformed file, naming every problem with file:line', async () => {
    const where = await projectWith({
      'CLAUDE.md': '# ok\nallow: Bash(ls\n',
      '.claude/settings.json': '{\n  "permissions": {\n    "deny": ["Rеad(.env)"]\n  }\n}\n',
    });
    await expect(setupPermissions(options(where))).rejects.toThrow(
      new RegExp(`${escape(path.join(where.cwd, '.claude', 'settings.json'))}:3: .*non-ASCII[\\s\\S]*${escape(path.join(where.cwd, 'CLAUDE.md'))}:2: .*closing parenthesis`),
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
