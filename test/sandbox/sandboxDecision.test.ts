// The decision input: with the sandbox on and every deny/ask rule a shell command could run
// into enforced by it, a command whose effects the analyser cannot bound runs without asking;
// rules the sandbox cannot hold keep the analysis in force; deny rules still deny.
import { shellSubject } from '../permissions/support/callSubjects.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decidePermission } from '../../src/permissions/engine/decidePermission.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import { rulesBeyondSandbox } from '../../src/sandbox/sandboxRules.js';
import { sandboxEnforcesRules, type SessionSandbox } from '../../src/sandbox/sessionSandbox.js';
import { createFixture, environment, removeFixture, type Fixture, type RuleLists } from '../permissions/support/permissionFixture.js';

let fixture: Fixture;
beforeEach(() => {
  fixture = createFixture();
  fs.mkdirSync(path.join(fixture.root, 'data'));
});
afterEach(() => removeFixture(fixture));

const INLINE_CODE = `python3 -c "import os; os.listdir('.')"`;

async function decide(command: string, options: { mode?: PermissionMode; rules?: RuleLists; sandboxed: boolean }) {
  const env = { ...environment(fixture, { mode: options.mode ?? 'bypassPermissions', rules: options.rules ?? {} }), sandboxed: options.sandboxed };
  return decidePermission(await shellSubject(env, command), env);
}

describe('sandboxed decision', () => {
  it('bypass with a Read deny: inline code asks without the sandbox, runs with it', async () => {
    const rules = { deny: ['Read(./.env)'] };
    expect((await decide(INLINE_CODE, { rules, sandboxed: false })).behavior).toBe('ask');
    expect((await decide(INLINE_CODE, { rules, sandboxed: true })).behavior).toBe('allow');
  });

  it('default mode with an allow rule for the interpreter: the same relief', async () => {
    const rules = { allow: ['Bash(python3:*)'], deny: ['Read(./secrets/**)'] };
    expect((await decide(INLINE_CODE, { mode: 'default', rules, sandboxed: false })).behavior).toBe('ask');
    expect((await decide(INLINE_CODE, { mode: 'default', rules, sandboxed: true })).behavior).toBe('allow');
  });

  it('the sandbox never turns a deny into an allow', async () => {
    const rules = { deny: ['Read(./.env)', 'Bash(rm -rf data:*)'] };
    expect((await decide('cat .env', { rules, sandboxed: true })).behavior).toBe('deny');
    expect((await decide('rm -rf data', { rules, sandboxed: true })).behavior).toBe('deny');
  });

  it('a command not understood still asks outside bypass', async () => {
    const rules = { allow: ['Bash(python3:*)'], deny: ['Read(./.env)'] };
    expect((await decide('$(cat cmd.txt) --flag', { mode: 'default', rules, sandboxed: true })).behavior).toBe('ask');
  });
});

describe('which rules the sandbox enforces', () => {
  function beyond(rules: RuleLists, network = false, writable: string[] = []): string[] {
    const env = environment(fixture, { rules });
    const facts = { network, writableAreas: [fixture.root, ...writable], exists: fs.existsSync };
    return rulesBeyondSandbox(env.ruleSet, facts).map((rule) => `${rule.behavior}: ${rule.rule.text}`);
  }

  it.each([
    ['a Read deny inside the project (masked)', { deny: ['Read(./.env)', 'Read(secrets)', 'Read(*.pem)'] }],
    ['a Read deny of a home folder and all it holds', { deny: ['Read(~/.ssh/**)'] }],
    ['an Edit deny of an existing file or folder (read-only)', { deny: ['Edit(./package.json)', 'Edit(./src/**)'] }],
    ['a deleting program denied for a path that exists', { deny: ['Bash(rm -rf data:*)', 'Bash(unlink src/a.ts)'] }],
    ['a network client denied while the network is off', { deny: ['Bash(curl:*)', 'WebFetch(domain:evil.example)'] }],
    ['rules about other tools', { deny: ['mcp__github', 'Task'], ask: ['mcp__slack__post'] }],
  ])('enforced: %s', (_name, rules) => {
    expect(beyond(rules)).toEqual([]);
  });

  it.each([
    ['a deleting program denied without a path', { deny: ['Bash(rm:*)'] }, ['deny: Bash(rm:*)']],
    ['a deny of a program with other effects', { deny: ['Bash(git push:*)'] }, ['deny: Bash(git push:*)']],
    ['an Edit deny that could match files not yet created', { deny: ['Edit(*.lock)', 'Edit(./missing.txt)'] }, ['deny: Edit(*.lock)', 'deny: Edit(./missing.txt)']],
    ['a Read deny at any depth of the whole disk', { deny: ['Read(//**/*.pem)'] }, ['deny: Read(//**/*.pem)']],
    ['ask rules: the user wants a question, not a wall', { ask: ['Read(./.env)', 'Bash(npm publish:*)'] }, ['ask: Read(./.env)', 'ask: Bash(npm publish:*)']],
    ['a deny naming a parent of the working directory', { deny: ['Bash(rm -rf /:*)', 'Edit(//tmp/**)'] }, ['deny: Bash(rm -rf /:*)', 'deny: Edit(//tmp/**)']],
  ])('not enforced: %s', (_name, rules, expected) => {
    expect(beyond(rules)).toEqual(expected);
  });

  it('network rules are not enforced once settings give the sandbox the network', () => {
    expect(beyond({ deny: ['Bash(curl:*)', 'WebFetch(domain:evil.example)'] }, true)).toEqual(['deny: Bash(curl:*)', 'deny: WebFetch(domain:evil.example)']);
  });

  it('sandboxEnforcesRules is false unless the sandbox runs for this call', () => {
    const env = environment(fixture, { rules: { deny: ['Read(./.env)'] }, mode: 'bypassPermissions' });
    const settings = { enabled: undefined, network: false, writablePaths: [], failIfUnavailable: false };
    const working: SessionSandbox = { settings, availability: { available: true, bwrap: 'bwrap' }, configDir: fixture.home };
    const broken: SessionSandbox = { ...working, availability: { available: false, reason: 'no', howToEnable: 'install' } };
    const call = { mode: env.mode, ruleSet: env.ruleSet, workingDirectories: env.workingDirectories };
    expect(sandboxEnforcesRules(working, call)).toBe(true);
    expect(sandboxEnforcesRules(broken, call)).toBe(false);
    expect(sandboxEnforcesRules(undefined, call)).toBe(false);
    // On by default in every mode; sandbox.enabled false turns it off.
    expect(sandboxEnforcesRules(working, { ...call, mode: 'default' })).toBe(true);
    expect(sandboxEnforcesRules({ ...working, settings: { ...settings, enabled: false } }, { ...call, mode: 'default' })).toBe(false);
  });
});
