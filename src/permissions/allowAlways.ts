/**
 * "Yes, and don't ask again": saves the suggested rules to
 * `.claude/settings.local.json` (atomically: written to a temporary file in
 * the same folder, then renamed, so a crash never leaves half a file) and
 * makes them live for the rest of the session.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ToolUseContext } from '../Tool.js';
import { parseRule } from './rules/parseRule.js';
import type { SourcedRule } from './rules/permissionRule.js';
import { compileRuleSet } from './rules/ruleSet.js';
import { ruleSetOf } from './canUseTool.js';

export type SaveRulesResult =
  | { readonly ok: true; readonly file: string; readonly added: readonly string[] }
  | { readonly ok: false; readonly file: string; readonly error: string };

export function localSettingsPath(projectDir: string): string {
  return path.join(projectDir, '.claude', 'settings.local.json');
}

let saving: Promise<unknown> = Promise.resolve();

/** Adds allow rules to `.claude/settings.local.json`, keeping everything else in the file. Serialised per process. */
export function saveAllowRulesToLocalSettings(projectDir: string, rules: readonly string[]): Promise<SaveRulesResult> {
  const run = saving.then(() => saveNow(projectDir, rules));
  saving = run.catch(() => undefined);
  return run;
}

async function saveNow(projectDir: string, rules: readonly string[]): Promise<SaveRulesResult> {
  const file = localSettingsPath(projectDir);
  const invalid = rules.map((rule) => ({ rule, parsed: parseRule(rule) })).find(({ parsed }) => !parsed.ok);
  if (invalid && !invalid.parsed.ok) return { ok: false, file, error: `"${invalid.rule}": ${invalid.parsed.error}` };
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isRecord(parsed)) return { ok: false, file, error: 'the file is not a JSON object; not overwriting it' };
    settings = parsed;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) {
      return { ok: false, file, error: `cannot update it (${error instanceof Error ? error.message : String(error)}); not overwriting it` };
    }
  }
  const permissions = isRecord(settings['permissions']) ? settings['permissions'] : {};
  const existing = Array.isArray(permissions['allow']) ? permissions['allow'].filter((r): r is string => typeof r === 'string') : [];
  const added = rules.filter((rule) => !existing.includes(rule));
  const next = { ...settings, permissions: { ...permissions, allow: [...existing, ...added] } };
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    return { ok: false, file, error: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, file, added };
}

/** Makes allow rules effective for the rest of this session (the next decision reads them). */
export function addSessionAllowRules(context: ToolUseContext, rules: readonly string[], origin: string): void {
  const sourced: SourcedRule[] = [];
  for (const text of rules) {
    const parsed = parseRule(text);
    if (parsed.ok) sourced.push({ behavior: 'allow', rule: parsed.value, source: { kind: 'localSettings', origin, fromRepository: false } });
  }
  context.appState.set((state) => {
    const permissionContext = state.toolPermissionContext;
    const current = ruleSetOf(permissionContext, context.projectRoot);
    const added = compileRuleSet(sourced, { projectRoot: current.projectRoot, home: current.home, folderTrusted: true });
    const ruleSet = { ...current, rules: [...current.rules, ...added.rules] };
    return { ...state, toolPermissionContext: { ...permissionContext, rules: { __ruleSet: true, ruleSet } } };
  });
}

/**
 * The ToolRunEnv.onAllowAlways handler for the REPL: rules go live at once,
 * then are saved; a failed save is reported through `onSaveError` (the
 * rules still hold for this session).
 */
export function allowAlwaysHandler(options: { readonly onSaveError?: (message: string) => void } = {}) {
  return async (rules: readonly string[], context: ToolUseContext): Promise<void> => {
    const file = localSettingsPath(context.projectRoot);
    addSessionAllowRules(context, rules, file);
    const result = await saveAllowRulesToLocalSettings(context.projectRoot, rules);
    if (!result.ok) options.onSaveError?.(`could not save to ${result.file}: ${result.error}`);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
