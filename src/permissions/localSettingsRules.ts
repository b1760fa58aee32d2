/**
 * The one writer of settings files' permission rule lists: "yes, and
 * don't ask again" (`.claude/settings.local.json`) and the REPL's
 * /permissions add/remove (the local, project or user settings file the
 * user chose) all go through here. Saves are serialised within the process and atomic (a temporary
 * file in the same folder, then a rename), keep every other key of the file,
 * and never overwrite a file that is not valid JSON — the user gets the
 * reason instead. The live session's rules change through PermissionState
 * (permissionState.ts), so a change holds from the next decision without a restart.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseRule } from './rules/parseRule.js';
import type { RuleBehavior } from './rules/permissionRule.js';
import { newUuid } from '../utils/ids.js';
import { announceSettingsWrite } from '../settings/settingsWrites.js';

export type SaveRulesResult =
  | { readonly ok: true; readonly file: string; readonly added: readonly string[] }
  | { readonly ok: false; readonly file: string; readonly error: string };

export type RemoveRuleResult =
  | { readonly ok: true; readonly file: string; readonly removedFrom: readonly RuleBehavior[] }
  | { readonly ok: false; readonly file: string; readonly error: string };

const BEHAVIORS: readonly RuleBehavior[] = ['allow', 'ask', 'deny'];

export function localSettingsPath(projectDir: string): string {
  return path.join(projectDir, '.claude', 'settings.local.json');
}

let saving: Promise<unknown> = Promise.resolve();

/** Runs one read-modify-write at a time, so concurrent saves never lose each other's rules. */
function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = saving.then(work);
  saving = run.catch(() => undefined);
  return run;
}

/** Appends the rules not yet in the list; returns those actually added. */
export function addRulesToLocalSettings(projectDir: string, behavior: RuleBehavior, rules: readonly string[]): Promise<SaveRulesResult> {
  return addRulesToSettingsFile(localSettingsPath(projectDir), behavior, rules);
}

/** Appends the rules not yet in `file`'s `permissions[behavior]` list, keeping every other key. */
export function addRulesToSettingsFile(file: string, behavior: RuleBehavior, rules: readonly string[]): Promise<SaveRulesResult> {
  const invalid = rules.map((rule) => ({ rule, parsed: parseRule(rule) })).find(({ parsed }) => !parsed.ok);
  if (invalid && !invalid.parsed.ok) return Promise.resolve({ ok: false, file, error: `"${invalid.rule}": ${invalid.parsed.error}` });
  return serialised(async () => {
    const read = await readSettings(file);
    if (!read.ok) return { ok: false, file, error: read.error };
    const permissions = permissionsOf(read.settings);
    const existing = stringList(permissions[behavior]);
    const added = rules.filter((rule, index) => !existing.includes(rule) && rules.indexOf(rule) === index);
    if (added.length > 0) {
      const written = await writeSettings(file, { ...read.settings, permissions: { ...permissions, [behavior]: [...existing, ...added] } });
      if (written) return { ok: false, file, error: written };
    }
    return { ok: true, file, added };
  });
}

/** "Yes, and don't ask again". */
export function saveAllowRulesToLocalSettings(projectDir: string, rules: readonly string[]): Promise<SaveRulesResult> {
  return addRulesToLocalSettings(projectDir, 'allow', rules);
}

/** Removes the rule from every list it is in. */
export function removeRuleFromLocalSettings(projectDir: string, rule: string): Promise<RemoveRuleResult> {
  return removeRuleFromSettingsFile(localSettingsPath(projectDir), rule);
}

/** Removes the rule from every list of `file` it is in. */
export function removeRuleFromSettingsFile(file: string, rule: string): Promise<RemoveRuleResult> {
  return serialised(async () => {
    const read = await readSettings(file);
    if (!read.ok) return { ok: false, file, error: read.error };
    const permissions = { ...permissionsOf(read.settings) };
    const removedFrom = BEHAVIORS.filter((behavior) => stringList(permissions[behavior]).includes(rule));
    if (removedFrom.length === 0) return { ok: true, file, removedFrom };
    for (const behavior of removedFrom) permissions[behavior] = stringList(permissions[behavior]).filter((entry) => entry !== rule);
    const written = await writeSettings(file, { ...read.settings, permissions });
    return written ? { ok: false, file, error: written } : { ok: true, file, removedFrom };
  });
}

type Settings = Record<string, unknown>;

async function readSettings(file: string): Promise<{ ok: true; settings: Settings } | { ok: false; error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { ok: true, settings: {} };
    return { ok: false, error: `cannot read it (${error instanceof Error ? error.message : String(error)}); not overwriting it` };
  }
  if (text.trim() === '') return { ok: true, settings: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `it is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it by hand, then try again` };
  }
  if (!isRecord(parsed)) return { ok: false, error: 'it is not a JSON object; not overwriting it' };
  if (parsed['permissions'] !== undefined && !isRecord(parsed['permissions'])) {
    return { ok: false, error: '"permissions" in it is not an object; not overwriting it' };
  }
  return { ok: true, settings: parsed };
}

/** Returns an error message, or undefined when written. */
async function writeSettings(file: string, settings: Settings): Promise<string | undefined> {
  const temporary = `${file}.${newUuid()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, file);
    announceSettingsWrite(file);
    return undefined;
  } catch (error) {
    await rm(temporary, { force: true });
    return error instanceof Error ? error.message : String(error);
  }
}

function permissionsOf(settings: Settings): Record<string, unknown> {
  const permissions = settings['permissions'];
  return isRecord(permissions) ? permissions : {};
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
