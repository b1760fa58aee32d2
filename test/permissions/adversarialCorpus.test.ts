// Runs the adversarial corpus: every attack must be stopped (zero bypasses)
// and every plainly safe command must run without prompting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { decidePermission } from '../../src/permissions/engine/decidePermission.js';
import { shellSubject, toolSubject } from './support/callSubjects.js';
import { PROFILES, type CorpusCase } from './corpus/corpusTypes.js';
import { CHAINING, GROUPING, PATH_QUALIFIED, QUOTING, SHELL_NESTING, SUBSTITUTION, WRAPPERS, XARGS_FIND } from './corpus/shellAttacks.js';
import { DELETION_EQUIVALENTS, EXFILTRATION, INTERPRETERS, MODES_AND_TOOLS, PATHS_AND_DELETION_TARGETS, REDIRECTIONS } from './corpus/effectAttacks.js';
import { SAFE_COMMANDS } from './corpus/safeCommands.js';
import { DISK_ATTACKS } from './corpus/diskAttacks.js';
import { EVALUATED_TEXT, EVERYDAY, PROTECTED_RULE_FILES, UNDERSTOOD_OPTIONS, UNKNOWN_PATHS } from './corpus/understandingAttacks.js';
import { createFixture, environment, removeFixture, type Fixture } from './support/permissionFixture.js';

export const CORPUS: Readonly<Record<string, readonly CorpusCase[]>> = {
  chaining: CHAINING,
  grouping: GROUPING,
  substitution: SUBSTITUTION,
  quoting: QUOTING,
  wrappers: WRAPPERS,
  'path-qualified binaries': PATH_QUALIFIED,
  'xargs and find': XARGS_FIND,
  'shell nesting and eval': SHELL_NESTING,
  'interpreters and code-running options': INTERPRETERS,
  redirections: REDIRECTIONS,
  'deletion equivalents': DELETION_EQUIVALENTS,
  'exfiltration of denied files': EXFILTRATION,
  'paths and deletion targets': PATHS_AND_DELETION_TARGETS,
  'modes and tool calls': MODES_AND_TOOLS,
  'safe commands must not prompt': SAFE_COMMANDS,
  'options the tables do not explain': UNDERSTOOD_OPTIONS,
  'text bash evaluates': EVALUATED_TEXT,
  'paths that cannot be known': UNKNOWN_PATHS,
  'protected rule files': PROTECTED_RULE_FILES,
  'everyday commands must not prompt': EVERYDAY,
};

let fixture: Fixture;
beforeAll(() => {
  fixture = createFixture();
});
afterAll(() => removeFixture(fixture));

function fill(text: string): string {
  return text.replaceAll('{root}', fixture.root).replaceAll('{home}', fixture.home).replaceAll('{outside}', fixture.outside);
}

async function decide(testCase: CorpusCase): Promise<{ behavior: string; message: string }> {
  const env = environment(fixture, { mode: testCase.mode ?? 'default', rules: PROFILES[testCase.profile ?? 'strict'] });
  if (testCase.tool) {
    const { toolName, path: toolPath, url, isReadOnly } = testCase.tool;
    const subject = await toolSubject(env, toolName, { ...(toolPath ? { path: path.resolve(fixture.root, fill(toolPath)) } : {}), ...(url ? { url } : {}), ...(isReadOnly !== undefined ? { isReadOnly } : {}) });
    return decidePermission(subject, env);
  }
  return decidePermission(await shellSubject(env, fill(testCase.command ?? '')), env);
}

function satisfies(behavior: string, expectation: CorpusCase['expect']): boolean {
  return expectation === 'blocked' ? behavior !== 'allow' : behavior === expectation;
}

describe('adversarial permission corpus', () => {
  it('has at least 600 cases with unique names, counting the attacks judged on disk', () => {
    const names = [...Object.values(CORPUS).flat().map((c) => c.name), ...DISK_ATTACKS.map((attack) => attack.name)];
    expect(names.length).toBeGreaterThanOrEqual(600);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const [group, cases] of Object.entries(CORPUS)) {
    describe(group, () => {
      it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
        const verdict = await decide(testCase);
        expect(satisfies(verdict.behavior, testCase.expect), `${testCase.expect} expected, got ${verdict.behavior}: ${verdict.message}`).toBe(true);
      });
    });
  }
});
