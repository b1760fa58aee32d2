/**
 * Loads every rule source a session runs with (ARCHITECTURE §5), each rule
 * remembering where it came from:
 *   --allowedTools / --disallowedTools
 *   the settings layers (src/settings/settingsFiles.ts): --settings,
 *   .claude/settings.local.json, .claude/settings.json (repository content),
 *   $AGENTCLI_CONFIG_DIR/settings.json (the user's own) — as --setting-sources selects
 *   every CLAUDE.md / CLAUDE.local.md the session loads   (repository content,
 *                                                          except the user's)
 * A file that exists but cannot be parsed is an error naming file:line —
 * never skipped, because a skipped deny rule is a hole.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { MemoryRuleSource } from './memoryRules.js';
import type { SourcedRule } from './rules/permissionRule.js';
import { parseClaudeMdRules, parseCliRules, parseSettingsJson, type ParsedRules } from './rules/ruleFileParsers.js';
import type { PermissionModeName, RuleFileError } from './rules/ruleSet.js';
import { parseSandboxSettings, type SourcedSandboxSettings } from '../sandbox/sandboxSettings.js';
import type { SettingsSelection } from '../settings/settingsFiles.js';
import { settingsSnapshotOf, type SettingsSnapshot } from '../settings/settingsSnapshot.js';

/** The start's settings snapshot (or, on its own, a selection to take one from). */
export type RuleLoadOptions = (SettingsSelection | SettingsSnapshot) & {
  readonly allowedTools: readonly string[];
  readonly disallowedTools: readonly string[];
  /**
   * The CLAUDE.md files the session loads for its system prompt (found from
   * findRepositoryRoot(cwd)), read once by their loader (src/context/) and
   * handed here: their rule lines are rules.
   */
  readonly memoryFiles: Promise<readonly MemoryRuleSource[]>;
};

export type LoadedRules = {
  readonly rules: readonly SourcedRule[];
  readonly errors: readonly RuleFileError[];
  /** From settings: the nearest source that sets it wins (local, project, user). */
  readonly defaultMode: PermissionModeName | undefined;
  /** Repository content must not put a session into bypassPermissions by itself. */
  readonly defaultModeFromRepository: boolean;
  /** From settings, resolved against the cwd; each marks whether repository content asked for it. */
  readonly additionalDirectories: readonly { readonly dir: string; readonly fromRepository: boolean }[];
  /** Files that contributed (for `permissions list`). */
  readonly files: readonly string[];
  /** The repository root the CLAUDE.md search went up to. */
  readonly projectRoot: string;
  /** Each settings file's `sandbox` section, nearest first (merged by mergeSandboxSettings). */
  readonly sandbox: readonly SourcedSandboxSettings[];
};

export async function loadPermissionRules(options: RuleLoadOptions): Promise<LoadedRules> {
  const rules: SourcedRule[] = [];
  const errors: RuleFileError[] = [];
  const files: string[] = [];
  const add = (parsed: ParsedRules): void => {
    rules.push(...parsed.rules);
    errors.push(...parsed.errors);
  };
  add(parseCliRules(options.allowedTools, 'allow', '--allowedTools'));
  add(parseCliRules(options.disallowedTools, 'deny', '--disallowedTools'));

  let defaultMode: PermissionModeName | undefined;
  let defaultModeFromRepository = false;
  const additionalDirectories: { dir: string; fromRepository: boolean }[] = [];
  const sandbox: SourcedSandboxSettings[] = [];
  // Read everything at once: this is on the start-up path.
  const projectRoot = findRepositoryRoot(options.cwd);
  const [{ files: settingsFiles }, memoryFiles] = await Promise.all([settingsSnapshotOf(options), options.memoryFiles]);
  for (const { file, kind, fromRepository, read } of settingsFiles) {
    if (read.kind === 'missing') continue;
    if (read.kind === 'error') {
      errors.push({ file, line: undefined, message: `cannot read: ${read.message}` });
      continue;
    }
    const text = read.text;
    files.push(file);
    const parsed = parseSettingsJson(text, { kind, origin: file, fromRepository });
    add(parsed);
    if (defaultMode === undefined && parsed.permissions.defaultMode !== undefined) {
      defaultMode = parsed.permissions.defaultMode;
      defaultModeFromRepository = fromRepository;
    }
    const sandboxSection = parseSandboxSettings(text, file);
    errors.push(...sandboxSection.errors);
    sandbox.push({ file, fromRepository, settings: sandboxSection.settings });
    additionalDirectories.push(...parsed.permissions.additionalDirectories.map((dir) => ({ dir: path.resolve(options.cwd, expandHome(dir)), fromRepository })));
  }

  for (const memory of memoryFiles) {
    if (!memory.carriesRules) continue;
    files.push(memory.path);
    const fromRepository = memory.scope !== 'user';
    add(parseClaudeMdRules(memory.content, { kind: 'claudeMd', origin: memory.path, fromRepository }));
  }
  return { rules, errors, defaultMode, defaultModeFromRepository, additionalDirectories, files, projectRoot, sandbox };
}


/** The nearest folder at or above cwd holding `.git`; the cwd itself if there is none. */
export function findRepositoryRoot(cwd: string): string {
  let current = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(current, '.git'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return path.resolve(cwd);
    current = parent;
  }
}

function expandHome(dir: string): string {
  const home = process.env.HOME ?? '';
  return dir === '~' ? home : dir.startsWith('~/') ? path.join(home, dir.slice(2)) : dir;
}
