/**
 * Loads the session's hooks from every settings layer --setting-sources
 * selects (src/settings/settingsFiles.ts), merged — every matching hook from
 * every layer runs:
 *   $AGENTCLI_CONFIG_DIR/settings.json   the user's own
 *   .claude/settings.json                repository content
 *   .claude/settings.local.json          repository content (this checkout)
 *   --settings                           the caller's own
 * Repository hooks run only once the folder is trusted (they run code, like
 * an allow rule grants it); until then they are listed, inactive. A file
 * that cannot be read or a malformed entry stops start-up with a line naming
 * the file, line and key.
 */
import type { SettingsSelection } from '../settings/settingsFiles.js';
import { settingsSnapshotOf, type SettingsSnapshot } from '../settings/settingsSnapshot.js';
import type { RuleFileError } from '../permissions/rules/ruleSet.js';
import { UserFacingError } from '../utils/errors.js';
import { commandHookRunner } from './commandHookRunner.js';
import { createHookSet } from './hookSet.js';
import { describeHookConfigErrors, parseHooksSettings, type ConfiguredHook } from './hooksConfig.js';
import { httpHookRunner } from './httpHookRunner.js';
import { judgedHookRunner, type HookJudges } from './hookJudge.js';
import type { HookRunner, HookSet } from './types.js';

export type HookLoadOptions = (SettingsSelection | SettingsSnapshot) & {
  readonly isTrusted: boolean;
  /** The environment hook commands start from (scrubbed); default: this process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** In-process runners (the Agent SDK client's callbacks), after the settings files' hooks. */
  readonly extraRunners?: readonly HookRunner[];
  /** Enabled plugins' hooks.json entries, after the settings files' (a plugin's are repository-like: they wait for trust). */
  readonly pluginHooks?: readonly ConfiguredHook[];
  /** The models `prompt` and `agent` hooks ask; set once the session exists. */
  readonly judges?: () => HookJudges | undefined;
};

export type LoadedHooks = { readonly hooks: readonly ConfiguredHook[]; readonly errors: readonly RuleFileError[] };

export async function readHookSettings(options: SettingsSelection | SettingsSnapshot): Promise<LoadedHooks> {
  // Configuration order (farthest first: user, project, local, --settings), which is also the order verdicts are merged in.
  const sources = [...(await settingsSnapshotOf(options)).files].reverse();
  const hooks: ConfiguredHook[] = [];
  const errors: RuleFileError[] = [];
  sources.forEach(({ read, ...source }) => {
    if (read.kind === 'missing') return;
    if (read.kind === 'error') {
      errors.push({ file: source.file, line: undefined, message: `cannot read: ${read.message}` });
      return;
    }
    // Cheap test first: most settings files have no hooks and are parsed once already for rules.
    if (!read.text.includes('"hooks"')) return;
    const parsed = parseHooksSettings(read.text, source);
    hooks.push(...parsed.hooks);
    errors.push(...parsed.errors);
  });
  return { hooks, errors };
}

export async function loadHooks(options: HookLoadOptions): Promise<HookSet> {
  const loaded = await readHookSettings(options);
  if (loaded.errors.length > 0) throw new UserFacingError(describeHookConfigErrors(loaded.errors));
  return createHookSet([
    ...[...loaded.hooks, ...(options.pluginHooks ?? [])].map((hook) => hookRunnerFor(hook, options)),
    ...(options.extraRunners ?? []),
  ]);
}

export function hookRunnerFor(hook: ConfiguredHook, options: Pick<HookLoadOptions, 'isTrusted' | 'env' | 'judges'>): HookRunner {
  const active = options.isTrusted || !hook.fromRepository;
  switch (hook.type) {
    case 'command':
      return commandHookRunner(hook, { active, ...(options.env ? { baseEnv: options.env } : {}) });
    case 'http':
      return httpHookRunner(hook, { active, ...(options.env ? { env: options.env } : {}) });
    case 'prompt':
    case 'agent':
      return judgedHookRunner(hook, { active, judges: options.judges ?? (() => undefined) });
  }
}

