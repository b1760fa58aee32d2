// The memory read gate, case by case: the Read decision (rules, symlinks, `..`) and the area each kind of memory
// file may reach. Each case is named after what an attacker (or a careless import) tries.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryScope } from '../../src/context/memoryFiles.js';
import { memoryGateFor, type TestGateOptions } from '../support/memoryGate.js';

let root: string;
let repo: string;
let home: string;
let configDir: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'agentcli-gate-'));
  repo = path.join(root, 'repo');
  home = path.join(root, 'home');
  configDir = path.join(root, 'config');
  await mkdir(path.join(repo, 'docs'), { recursive: true });
  await mkdir(path.join(home, '.ssh'), { recursive: true });
  await mkdir(configDir);
  await writeFile(path.join(repo, '.env'), 'x');
  await writeFile(path.join(repo, 'docs', 'a.md'), 'x');
  await writeFile(path.join(home, '.ssh', 'id'), 'x');
  await writeFile(path.join(home, 'notes.md'), 'x');
  await symlink(path.join(repo, '.env'), path.join(repo, 'docs', 'env-link.md'));
  await symlink(path.join(home, 'notes.md'), path.join(repo, 'docs', 'home-link.md'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

type Case = { readonly name: string; readonly scope: MemoryScope; readonly target: () => string; readonly rules?: Partial<TestGateOptions>; readonly expected: RegExp | 'allowed' };

const cases: Case[] = [
  { name: 'repository_imports_its_own_docs', scope: 'project', target: () => path.join(repo, 'docs', 'a.md'), expected: 'allowed' },
  { name: 'repository_imports_denied_env', scope: 'project', target: () => path.join(repo, '.env'), rules: { deny: ['Read(./.env)'] }, expected: /^denied by Read\(\.\/\.env\)$/ },
  { name: 'dotdot_spelling_of_denied_env', scope: 'project', target: () => path.join(repo, 'docs', '..', '.env'), rules: { deny: ['Read(./.env)'] }, expected: /^denied by Read/ },
  { name: 'symlink_to_denied_env', scope: 'project', target: () => path.join(repo, 'docs', 'env-link.md'), rules: { deny: ['Read(./.env)'] }, expected: /^denied by Read\(\.\/\.env\)$/ },
  { name: 'repository_imports_home_ssh_key', scope: 'project', target: () => path.join(home, '.ssh', 'id'), expected: /^outside the working directories/ },
  { name: 'repository_links_into_home', scope: 'project', target: () => path.join(repo, 'docs', 'home-link.md'), expected: /it links to/ },
  { name: 'repository_import_allowed_by_rule_outside_still_refused', scope: 'project', target: () => path.join(home, 'notes.md'), rules: { allow: ['Read(~/**)'] }, expected: /^outside the working directories/ },
  { name: 'bypass_mode_does_not_widen_repository_area', scope: 'local', target: () => path.join(home, 'notes.md'), rules: { mode: 'bypassPermissions' }, expected: /^outside the working directories/ },
  { name: 'ask_rule_refuses_nobody_to_ask', scope: 'project', target: () => path.join(repo, 'docs', 'a.md'), rules: { ask: ['Read(./docs/**)'] }, expected: /asks before reading it/ },
  { name: 'user_memory_imports_home_notes', scope: 'user', target: () => path.join(home, 'notes.md'), expected: 'allowed' },
  { name: 'user_memory_home_import_still_meets_deny', scope: 'user', target: () => path.join(home, '.ssh', 'id'), rules: { deny: ['Read(~/.ssh/**)'] }, expected: /^denied by Read\(~\/\.ssh\/\*\*\)$/ },
  { name: 'user_memory_outside_home', scope: 'user', target: () => path.join(root, 'elsewhere.md'), expected: /^outside the working directories or your home folder/ },
];

describe('memory read gate', () => {
  it.each(cases)('$name', async ({ scope, target, rules, expected }) => {
    const gate = memoryGateFor({ cwd: repo, configDir, home, ...rules });
    const reader = { file: scope === 'user' ? path.join(configDir, 'CLAUDE.md') : path.join(repo, 'CLAUDE.md'), scope };
    const verdict = await gate.mayImport(target(), reader);
    if (expected === 'allowed') expect(verdict.allowed).toBe(true);
    else expect(verdict.allowed ? 'allowed' : verdict.reason).toMatch(expected);
  });

  it('a repository CLAUDE.md that is itself a link out of the repository is not sent', async () => {
    const link = path.join(root, 'linked-repo');
    await mkdir(path.join(link, '.git'), { recursive: true });
    await symlink(path.join(home, '.ssh', 'id'), path.join(link, 'CLAUDE.md'));
    const gate = memoryGateFor({ cwd: link, configDir, home });
    const verdict = await gate.maySend({ file: path.join(link, 'CLAUDE.md'), scope: 'project' });
    expect(verdict.allowed ? 'allowed' : verdict.reason).toMatch(/it links to .*\.ssh\/id/);
  });
});

describe('memory that is not a regular file', () => {
  it('a FIFO named CLAUDE.md or imported by one does not hold start-up', async () => {
    const { execFileSync } = await import('node:child_process');
    const { loadMemoryFiles } = await import('../../src/context/memoryFiles.js');
    const fifoRepo = path.join(root, 'fifo-repo');
    await mkdir(path.join(fifoRepo, 'sub'), { recursive: true });
    execFileSync('mkfifo', [path.join(fifoRepo, 'pipe.md'), path.join(fifoRepo, 'sub', 'CLAUDE.md')]);
    await writeFile(path.join(fifoRepo, 'CLAUDE.md'), 'Read @pipe.md');
    const files = await loadMemoryFiles({ cwd: path.join(fifoRepo, 'sub'), projectRoot: fifoRepo, configDir, gate: memoryGateFor({ cwd: fifoRepo, configDir, home }) });
    expect(files.map((file) => file.path)).toEqual([path.join(fifoRepo, 'CLAUDE.md')]);
    expect(files[0]!.importProblems).toEqual([`${path.join(fifoRepo, 'CLAUDE.md')}: @pipe.md is not a regular file (${path.join(fifoRepo, 'pipe.md')}); skipped`]);
  });
});
