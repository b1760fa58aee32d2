// A real temporary project (files, a symlink into a denied directory, a link
// pointing outside) so path resolution is tested against a real file system.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileRuleSet } from '../../../src/permissions/rules/ruleSet.js';
import { parseRule } from '../../../src/permissions/rules/parseRule.js';
import type { RuleBehavior, SourcedRule } from '../../../src/permissions/rules/permissionRule.js';
import { createPathResolver } from '../../../src/permissions/engine/resolvePaths.js';
import type { DecisionEnvironment, PermissionVerdict } from '../../../src/permissions/engine/decisionTypes.js';
import { decidePermission } from '../../../src/permissions/engine/decidePermission.js';
import type { PermissionMode } from '../../../src/contract/permissions.js';
import { shellSubject } from './callSubjects.js';

export type Fixture = { readonly root: string; readonly home: string; readonly outside: string };

export function createFixture(): Fixture {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agentcli-perm-')));
  const home = path.join(base, 'home');
  const root = path.join(home, 'project');
  const outside = path.join(base, 'outside');
  for (const dir of [root, outside, path.join(root, 'src'), path.join(root, 'secrets'), path.join(root, '.git'), path.join(root, '.claude'), path.join(home, '.ssh')]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const files: Record<string, string> = {
    '.env': 'TOKEN=1', 'src/a.ts': 'a', 'src/b.ts': 'b', 'secrets/key.pem': 'k', 'README.md': 'r', 'package.json': '{}',
    '.git/config': '', '.claude/settings.json': '{}',
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(root, name), content);
  fs.writeFileSync(path.join(outside, 'data.txt'), 'd');
  fs.writeFileSync(path.join(home, '.bashrc'), '');
  fs.symlinkSync(path.join(root, 'secrets'), path.join(root, 'innocent'));
  fs.symlinkSync(path.join(root, '.env'), path.join(root, 'env-link'));
  fs.symlinkSync(outside, path.join(root, 'escape'));
  return { root, home, outside };
}

export function removeFixture(fixture: Fixture): void {
  fs.rmSync(path.dirname(fixture.home), { recursive: true, force: true });
}

export type RuleLists = Partial<Record<RuleBehavior, readonly string[]>>;

export function environment(fixture: Fixture, options: { mode?: PermissionMode; rules?: RuleLists; cwd?: string; addDirs?: readonly string[] } = {}): DecisionEnvironment {
  const sourced: SourcedRule[] = [];
  for (const behavior of ['allow', 'ask', 'deny'] as const) {
    (options.rules?.[behavior] ?? []).forEach((text, index) => {
      const parsed = parseRule(text);
      if (!parsed.ok) throw new Error(`bad test rule ${text}: ${parsed.error}`);
      sourced.push({ behavior, rule: parsed.value, source: { kind: 'claudeMd', origin: 'CLAUDE.md', line: index + 1, fromRepository: true } });
    });
  }
  const cwd = options.cwd ?? fixture.root;
  return {
    mode: options.mode ?? 'default',
    ruleSet: compileRuleSet(sourced, { projectRoot: fixture.root, home: fixture.home, folderTrusted: true }),
    cwd,
    workingDirectories: [cwd, ...(options.addDirs ?? [])],
    home: fixture.home,
    paths: createPathResolver(),
  };
}

export async function decideBash(fixture: Fixture, command: string, options: Parameters<typeof environment>[1] = {}): Promise<PermissionVerdict> {
  const env = environment(fixture, options);
  return decidePermission(await shellSubject(env, command), env);
}
