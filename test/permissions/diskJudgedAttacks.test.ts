// Issue 15's attacks, judged on disk. For each: run it unguarded in a fresh
// copy of a real git repository to prove it does the damage it names, then
// ask the analyser (rules: deny Bash(rm:*), Read(./.env), Read(./secrets/**));
// if the analyser allows it, run it again — any damage is a bypass.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidePermission } from '../../src/permissions/engine/decidePermission.js';
import type { PermissionVerdict } from '../../src/permissions/engine/decisionTypes.js';
import { CAUSE_ATTACKS } from './corpus/causeAttacks.js';
import { DISK_ATTACKS, type Damage, type DiskAttack } from './corpus/diskAttacks.js';
import { shellSubject } from './support/callSubjects.js';
import { environment } from './support/permissionFixture.js';

const SECRET = 'SECRET_TOKEN';
const RULES = { deny: ['Bash(rm:*)', 'Read(./.env)', 'Read(./secrets/**)'] };

const TEMPLATE_FILES: Readonly<Record<string, string>> = {
  'README.md': 'readme\n',
  'CLAUDE.md': '# project rules\n',
  '.env': `TOKEN=${SECRET}\n`,
  'secrets/key.txt': `"${SECRET}"\n`,
  'src/a.ts': 'a\n',
  'scripts/cleanup.sh': 'rm -rf data\n',
  'scripts/ls': '#!/bin/sh\nrm -rf data\n',
  '.claude/settings.json': '{"permissions":{}}\n',
};

let base: string;
let template: string;

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: path.join(base, 'nohome') } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agentcli-disk-')));
  template = path.join(base, 'template');
  const repo = path.join(template, 'home', 'project');
  for (const [name, content] of Object.entries(TEMPLATE_FILES)) {
    fs.mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
    fs.writeFileSync(path.join(repo, name), content);
  }
  fs.chmodSync(path.join(repo, 'scripts/ls'), 0o755);
  fs.writeFileSync(path.join(template, 'home', '.bashrc'), '# rc\n');
  git(repo, 'init', '-q');
  git(repo, 'config', 'user.email', 't@example.com');
  git(repo, 'config', 'user.name', 't');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'first');
  fs.writeFileSync(path.join(repo, 'README.md'), 'readme, second version\n');
  git(repo, 'commit', '-qam', 'second');
  fs.mkdirSync(path.join(repo, 'data'));
  fs.writeFileSync(path.join(repo, 'data', 'file.txt'), 'precious\n');
}, 120_000);

// Generous: a loaded CI machine copies and removes over a hundred small git repositories here.
afterAll(() => fs.rmSync(base, { recursive: true, force: true }), 120_000);

type Sandbox = { readonly home: string; readonly root: string; readonly outside: string };

let copies = 0;
function freshCopy(): Sandbox {
  const dir = path.join(base, `run-${copies++}`);
  fs.cpSync(template, dir, { recursive: true, verbatimSymlinks: true });
  return { home: path.join(dir, 'home'), root: path.join(dir, 'home', 'project'), outside: path.join(dir, 'outside') };
}

function snapshot(box: Sandbox): Record<string, string | undefined> {
  const read = (p: string): string | undefined => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined);
  return {
    data: read(path.join(box.root, 'data/file.txt')),
    hook: fs.readdirSync(path.join(box.root, '.git/hooks')).filter((name) => !name.endsWith('.sample')).map((name) => `${name}:${read(path.join(box.root, '.git/hooks', name)) ?? ''}`).join('|'),
    settings: read(path.join(box.root, '.claude/settings.json')),
    claudeMd: [read(path.join(box.root, 'CLAUDE.md')), read(path.join(box.root, 'src/CLAUDE.md')), read(path.join(box.root, 'AGENTS.md'))].join('|'),
    bashrc: read(path.join(box.home, '.bashrc')),
    gitConfig: read(path.join(box.root, '.git/config')),
    readme: read(path.join(box.root, 'README.md')),
  };
}

/** The attack's own environment (agentcli's, which commands inherit), with the copy's paths filled in. */
function attackEnv(box: Sandbox, attack: Pick<DiskAttack, 'env'>): Record<string, string> {
  return Object.fromEntries(Object.entries(attack.env ?? {}).map(([name, value]) => [name, value.replaceAll('{root}', box.root).replaceAll('{home}', box.home)]));
}

function run(box: Sandbox, command: string, extraEnv: Readonly<Record<string, string>> = {}): string {
  const result = spawnSync('bash', ['-c', command], {
    cwd: box.root,
    encoding: 'utf8',
    timeout: 10_000,
    input: '',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: box.home, GIT_CONFIG_NOSYSTEM: '1', LANG: 'C', TERM: 'dumb', ...extraEnv },
  });
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}

function damageDone(damage: Damage, before: Record<string, string | undefined>, after: Record<string, string | undefined>, output: string): boolean {
  switch (damage) {
    case 'data-changed':
      return after.data !== before.data;
    case 'secret-printed':
      return output.includes(SECRET);
    case 'hook-written':
      return after.hook !== before.hook;
    case 'settings-written':
      return after.settings !== before.settings;
    case 'claude-md-written':
      return after.claudeMd !== before.claudeMd;
    case 'bashrc-written':
      return after.bashrc !== before.bashrc;
    case 'git-config-written':
      return after.gitConfig !== before.gitConfig;
    case 'tracked-deleted':
      return after.readme === undefined;
  }
}

function available(program: string): boolean {
  return spawnSync('bash', ['-c', `command -v ${program}`]).status === 0;
}

/** Makes what the attack finds in place (unjudged), then returns the snapshot to judge against. */
function prepare(box: Sandbox, attack: DiskAttack): Record<string, string | undefined> {
  if (attack.setup) run(box, attack.setup, attackEnv(box, attack));
  return snapshot(box);
}

function attempt(box: Sandbox, attack: DiskAttack, before: Record<string, string | undefined>): boolean {
  const output = run(box, attack.command, attackEnv(box, attack));
  return damageDone(attack.damage, before, snapshot(box), output);
}

/** The analyser decides in agentcli's environment: the attack's variables are set while it does. */
async function decideIn(box: Sandbox, attack: DiskAttack, decide: () => Promise<PermissionVerdict>): Promise<PermissionVerdict> {
  const extra = attackEnv(box, attack);
  const saved = Object.fromEntries(Object.keys(extra).map((name) => [name, process.env[name]]));
  Object.assign(process.env, extra);
  try {
    return await decide();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('issue 15 attacks judged on disk', () => {
  it.each([...DISK_ATTACKS, ...CAUSE_ATTACKS].map((attack) => [attack.name, attack] as const))('%s', async (_name, attack) => {
    const missing = (attack.needs ?? []).filter((program) => !available(program));
    if (missing.length === 0) {
      const unguarded = freshCopy();
      expect(attempt(unguarded, attack, prepare(unguarded, attack)), `the attack itself must work unguarded (${attack.damage})`).toBe(true);
    }
    const box = freshCopy();
    const before = prepare(box, attack);
    const env = environment(box, { mode: attack.mode, rules: RULES });
    const verdict = await decideIn(box, attack, async () => decidePermission(await shellSubject(env, attack.command), env));
    if (verdict.behavior !== 'allow') return;
    expect(attempt(box, attack, before), `bypass: the analyser allowed it (${verdict.message}) and it did ${attack.damage}`).toBe(false);
  });
});
