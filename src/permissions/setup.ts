/**
 * Builds the session's permission context and decision function from the
 * CLI options and every rule source on disk. A malformed rule file stops
 * start-up with one line per problem, each naming file:line.
 */
import type { SettingsSelection } from '../settings/settingsFiles.js';
import os from 'node:os';
import path from 'node:path';
import { UserFacingError } from '../utils/errors.js';
import { type CanUseToolFn, canUseToolWithRules } from './canUseTool.js';
import { loadPermissionRules, type RuleLoadOptions } from './loadPermissionRules.js';
import { compileRuleSet, describeRuleFileErrors } from './rules/ruleSet.js';
import type { PermissionMode, ToolPermissionContext } from '../contract/permissions.js';
import { probeSandbox, type SandboxAvailability } from '../sandbox/bwrapAvailability.js';
import { mergeSandboxSettings } from '../sandbox/sandboxSettings.js';
import { createSessionSandbox, sandboxStartupProblem } from '../sandbox/sessionSandbox.js';

/** Which settings layers to read (cwd, configDir, --setting-sources, --settings) comes with SettingsSelection. */
export type PermissionSetupOptions = SettingsSelection & {
  readonly mode: PermissionMode | undefined;
  readonly additionalDirectories: readonly string[];
  readonly allowedTools: readonly string[];
  readonly disallowedTools: readonly string[];
  /** Whether repository-sourced allow rules apply (headless: yes; REPL: once the folder is trusted). */
  readonly isTrusted: boolean;
  readonly isBypassAvailable: boolean;
  /** Defaults to the real home directory; tests pass a fake one. */
  readonly home?: string;
  readonly memoryFiles: RuleLoadOptions['memoryFiles'];
  /** true (`--sandbox`): Bash commands run in the OS sandbox whatever the mode; false: never; unset: settings decide. */
  readonly sandbox?: boolean;
  /** Replaces the bwrap probe (tests). */
  readonly probeSandbox?: () => Promise<SandboxAvailability>;
};

export type PermissionSetup = {
  readonly context: ToolPermissionContext;
  readonly canUseTool: CanUseToolFn;
  /** Lines to show once at start (the sandbox is wanted but cannot run). */
  readonly startupWarnings: readonly string[];
};

export async function setupPermissions(options: PermissionSetupOptions): Promise<PermissionSetup> {
  const bypassPossible = options.isBypassAvailable || options.mode === 'bypassPermissions';
  // bwrap is probed while the rule files are read (it takes a few ms), whenever the sandbox may be wanted.
  const probe = options.probeSandbox ?? probeSandbox;
  const earlyProbe = options.sandbox !== false ? probe() : undefined;
  const loaded = await loadPermissionRules(options);
  if (loaded.errors.length > 0) {
    throw new UserFacingError(describeRuleFileErrors(loaded.errors));
  }
  const home = options.home ?? os.homedir();
  const ruleSet = compileRuleSet(loaded.rules, { projectRoot: loaded.projectRoot, home, folderTrusted: options.isTrusted });
  const flagDirectories = options.additionalDirectories.map((dir) => path.resolve(options.cwd, dir));
  // Repository content widens nothing until the folder is trusted: extra directories and a
  // defaultMode are grants too. And a repository may never switch itself into bypass.
  const settingsDirectories = loaded.additionalDirectories.filter((entry) => options.isTrusted || !entry.fromRepository).map((entry) => entry.dir);
  const workingDirectories = [...new Set([path.resolve(options.cwd), ...flagDirectories, ...settingsDirectories])];
  const repositoryMode = loaded.defaultModeFromRepository && (!options.isTrusted || loaded.defaultMode === 'bypassPermissions');
  const settingsMode = repositoryMode ? undefined : loaded.defaultMode;
  const mode = options.mode ?? settingsMode ?? 'default';
  const sandbox = await createSessionSandbox({
    settings: mergeSandboxSettings({ sources: loaded.sandbox, override: options.sandbox, trusted: options.isTrusted, projectRoot: loaded.projectRoot, home }),
    configDir: options.configDir,
    bypassPossible: bypassPossible || mode === 'bypassPermissions',
    probe: () => earlyProbe ?? probe(),
  });
  const problem = sandboxStartupProblem(sandbox, mode);
  if (problem?.fatal) throw new UserFacingError(problem.line);
  return {
    context: {
      mode,
      workingDirectories,
      isBypassAvailable: options.isBypassAvailable || mode === 'bypassPermissions',
      // ruleSet carries the compiled rules with their sources (see types.ts).
      rules: { __ruleSet: true, ruleSet },
      sandbox,
    },
    canUseTool: canUseToolWithRules,
    startupWarnings: problem ? [problem.line] : [],
  };
}
