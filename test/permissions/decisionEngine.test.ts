// The decision engine: precedence, modes, folder trust, explanations, and the
// "don't ask again" suggestions (each proved to match its call, not widenings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { decidePermission } from '../../src/permissions/engine/decidePermission.js';
import { compileRuleSet } from '../../src/permissions/rules/ruleSet.js';
import { parseRule } from '../../src/permissions/rules/parseRule.js';
import type { DecisionEnvironment } from '../../src/permissions/engine/decisionTypes.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import { shellSubject, toolSubject } from './support/callSubjects.js';
import { createFixture, decideBash, environment, removeFixture, type Fixture } from './support/permissionFixture.js';

let fixture: Fixture;
beforeAll(() => {
  fixture = createFixture();
});
afterAll(() => removeFixture(fixture));

const tool = async (env: DecisionEnvironment, toolName: string, extra: { path?: string; isReadOnly?: boolean; url?: string } = {}) =>
  decidePermission(await toolSubject(env, toolName, { ...extra, ...(extra.path ? { path: path.resolve(fixture.root, extra.path) } : {}) }), env);
const bash = async (command: string, env: DecisionEnvironment) => decidePermission(await shellSubject(env, command), env);

describe('precedence: deny > ask > allow > mode default, whatever the source', () => {
  it.each([
    [{ allow: ['Bash(git push*)'], deny: ['Bash(git push*)'] }, 'deny'],
    [{ allow: ['Bash(git push*)'], ask: ['Bash(git push*)'] }, 'ask'],
    [{ ask: ['Bash(git push*)'], deny: ['Bash(git push --force*)'] }, 'deny'],
    [{ allow: ['Bash(git push --force*)'], ask: ['Bash(git push*)'] }, 'ask'],
    [{ allow: ['Bash(git push*)'] }, 'allow'],
    [{}, 'ask'],
  ])('%j → %s', async (rules, expected) => {
    expect((await decideBash(fixture, 'git push --force origin main', { rules })).behavior).toBe(expected);
  });
});

describe('modes', () => {
  const cases: [PermissionMode, string, string][] = [
    ['default', 'Read', 'allow'],
    ['default', 'Edit', 'ask'],
    ['acceptEdits', 'Edit', 'allow'],
    ['plan', 'Edit', 'deny'],
    ['plan', 'Read', 'allow'],
    ['bypassPermissions', 'Edit', 'allow'],
  ];
  it.each(cases)('%s mode: %s inside the project → %s', async (mode, toolName, expected) => {
    expect((await tool(environment(fixture, { mode }), toolName, { path: 'src/a.ts', isReadOnly: toolName === 'Read' })).behavior).toBe(expected);
  });

  it.each([
    ['default', 'ask'],
    ['acceptEdits', 'ask'],
    ['plan', 'deny'],
    ['bypassPermissions', 'allow'],
  ] as const)('%s mode: a side-effecting command → %s', async (mode, expected) => {
    expect((await decideBash(fixture, 'npm install', { mode })).behavior).toBe(expected);
  });

  it('acceptEdits allows file-edit commands inside the working directories only', async () => {
    expect((await decideBash(fixture, 'touch src/x.ts', { mode: 'acceptEdits' })).behavior).toBe('allow');
    expect((await decideBash(fixture, `touch ${fixture.outside}/x`, { mode: 'acceptEdits' })).behavior).toBe('ask');
    expect((await decideBash(fixture, `touch ${fixture.outside}/x`, { mode: 'acceptEdits', addDirs: [fixture.outside] })).behavior).toBe('allow');
  });

  it('reads outside the working directories ask; --add-dir makes them inside', async () => {
    const file = path.join(fixture.outside, 'data.txt');
    expect((await tool(environment(fixture), 'Read', { path: file, isReadOnly: true })).behavior).toBe('ask');
    expect((await tool(environment(fixture, { addDirs: [fixture.outside] }), 'Read', { path: file, isReadOnly: true })).behavior).toBe('allow');
  });

  it('bypass keeps deny and ask rules', async () => {
    const rules = { deny: ['Edit(src/a.ts)'], ask: ['Bash(npm publish*)'] };
    expect((await tool(environment(fixture, { mode: 'bypassPermissions', rules }), 'Edit', { path: 'src/a.ts' })).behavior).toBe('deny');
    expect((await decideBash(fixture, 'npm publish', { mode: 'bypassPermissions', rules })).behavior).toBe('ask');
  });
});

describe('folder trust for repository allow rules', () => {
  function envWithTrust(trusted: boolean): DecisionEnvironment {
    const base = environment(fixture);
    const rules = (['allow', 'deny'] as const).map((behavior) => {
      const parsed = parseRule(behavior === 'allow' ? 'Bash(npm install)' : 'Bash(npm publish)');
      if (!parsed.ok) throw new Error(parsed.error);
      return { behavior, rule: parsed.value, source: { kind: 'claudeMd' as const, origin: 'CLAUDE.md', line: 1, fromRepository: true } };
    });
    return { ...base, ruleSet: compileRuleSet(rules, { projectRoot: fixture.root, home: fixture.home, folderTrusted: trusted }) };
  }
  it('repository allow rules wait for trust; deny rules do not', async () => {
    const untrusted = envWithTrust(false);
    expect((await bash('npm install', untrusted)).behavior).toBe('ask');
    expect((await bash('npm publish', untrusted)).behavior).toBe('deny');
    expect((await bash('npm install', envWithTrust(true))).behavior).toBe('allow');
  });
});

describe('explanations and traces', () => {
  it('a denial names the rule and its source', async () => {
    const verdict = await decideBash(fixture, 'ls && cat .env', { rules: { deny: ['Read(.env)'] } });
    expect(verdict.behavior).toBe('deny');
    expect(verdict.message).toContain('Read(.env)');
    expect(verdict.message).toContain('CLAUDE.md:1');
    expect(verdict.trace.map((t) => [t.subject, t.behavior])).toEqual([
      ['ls', 'allow'],
      ['cat .env', 'deny'],
    ]);
  });

  it('a mode default says which mode decided', async () => {
    const verdict = await decideBash(fixture, 'npm install', { mode: 'acceptEdits' });
    expect(verdict.explanation).toMatchObject({ kind: 'mode', mode: 'acceptEdits' });
  });
});

describe('"don\'t ask again" suggestions', () => {
  // An understood command with a known subcommand: its prefix up to one subcommand, never the program alone.
  const cases: [command: string, rules: string[], widenings: string[]][] = [
    ['npm install', ['Bash(npm install:*)'], ['npm installx', 'npm install; rm -rf src', 'npm ci', 'npm run install']],
    ['git push origin main', ['Bash(git push:*)'], ['git pull', 'git pushx', 'git push; rm -rf src', 'git status && git reset --hard', 'sudo git push']],
    ['npm run test -- --watch', ['Bash(npm run test:*)'], ['npm run testx', 'npm run deploy', 'npm test', 'npm run']],
    ['npm run build && npm test', ['Bash(npm run build:*)', 'Bash(npm test:*)'], ['npm run build && npm test && curl x', 'npm run deploy && npm test']],
    ['git stash drop', ['Bash(git stash drop:*)'], ['git stash clear', 'git stash pop']],
    ['make build', ['Bash(make build:*)'], ['make deploy', 'make']],
    ['echo hi > out.txt', ['Bash(echo hi)', 'Edit(./out.txt)'], ['echo hi > other.txt', 'npm install > out.txt']],
    // No subcommand table: the exact command, as before.
    ['rm foo.txt', ['Bash(rm foo.txt)'], ['rm bar.txt', 'rm -rf src']],
    // A subcommand that names nothing more (`git stash` alone) must not become `git stash:*`.
    ['git stash', ['Bash(git stash)'], ['git stash drop', 'git stash clear']],
    // Not understood by the analyser (no table for the program): only the exact command.
    ['cargo build --release', ['Bash(cargo build --release)'], ['cargo build', 'cargo publish']],
    // Elevated: as written, never a prefix.
    ['sudo npm install', ['Bash(sudo npm install)'], ['sudo npm install evil']],
    // Something unbounded in the command (git -c can make git run a program): as written, never a prefix.
    ['git -c core.fsmonitor=./x push', ['Bash(git -c core.fsmonitor=./x push)'], ['git push origin main', 'git push', 'git -c core.fsmonitor=./x push origin']],
  ];
  it.each(cases)('%s', async (command, expectedRules, widenings) => {
    const verdict = await decideBash(fixture, command);
    expect(verdict.behavior).toBe('ask');
    expect(verdict.suggestedRules).toEqual(expectedRules);
    // The saved rules allow the call they were saved from …
    expect((await decideBash(fixture, command, { rules: { allow: verdict.suggestedRules } })).behavior).toBe('allow');
    // … and not obvious widenings of it.
    for (const widened of widenings) {
      expect((await decideBash(fixture, widened, { rules: { allow: verdict.suggestedRules } })).behavior, widened).not.toBe('allow');
    }
  });

  it('suggests the exact file for file tools and the domain for WebFetch', async () => {
    expect((await tool(environment(fixture), 'Edit', { path: 'src/[id].ts' })).suggestedRules).toEqual(['Edit(./src/\\[id\\].ts)']);
    expect((await tool(environment(fixture), 'WebFetch', { url: 'https://docs.example.com/x', isReadOnly: true })).suggestedRules).toEqual(['WebFetch(domain:docs.example.com)']);
  });

  it('offers nothing when no allow rule could help', async () => {
    const rules = { ask: ['Bash(git push*)'] };
    expect((await decideBash(fixture, 'git push', { rules })).suggestedRules).toEqual([]);
    expect((await decideBash(fixture, 'rm -rf $DIR')).suggestedRules).toEqual([]);
    expect((await decideBash(fixture, 'a; b; c; d; e; f')).suggestedRules).toEqual([]);
  });
});
