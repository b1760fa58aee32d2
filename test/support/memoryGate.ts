// A memory read gate for tests that load memory files directly: the session's gate over a rule set built from
// rule lists (as --allowedTools / --disallowedTools would give them), in a mode, with the cwd as the only working directory.
import os from 'node:os';
import { createMemoryReadGate, type MemoryReadGate } from '../../src/context/memoryReadGate.js';
import { parseCliRules } from '../../src/permissions/rules/ruleFileParsers.js';
import { compileRuleSet } from '../../src/permissions/rules/ruleSet.js';
import type { PermissionMode } from '../../src/contract/permissions.js';

export type TestGateOptions = {
  readonly cwd: string;
  readonly configDir: string;
  readonly projectRoot?: string;
  readonly home?: string;
  readonly deny?: readonly string[];
  readonly ask?: readonly string[];
  readonly allow?: readonly string[];
  readonly mode?: PermissionMode;
};

export function memoryGateFor(options: TestGateOptions): MemoryReadGate {
  const projectRoot = options.projectRoot ?? options.cwd;
  const home = options.home ?? os.homedir();
  const parsed = [parseCliRules(options.deny ?? [], 'deny', '--disallowedTools'), parseCliRules(options.ask ?? [], 'ask', '--ask'), parseCliRules(options.allow ?? [], 'allow', '--allowedTools')];
  const ruleSet = compileRuleSet(parsed.flatMap((rules) => rules.rules), { projectRoot, home, folderTrusted: true });
  return createMemoryReadGate(() => ({ mode: options.mode ?? 'default', ruleSet, workingDirectories: [options.cwd], projectRoot, configDir: options.configDir, home }));
}
