/**
 * Adding and removing rules in `.claude/settings.local.json` (the file for
 * this user in this project; not meant to be committed). Every other key in
 * the file is kept as it was. A file that is not valid JSON is never
 * overwritten: the user gets the reason instead.
 *
 * This is the REPL's interim writer for "yes, and don't ask again" and
 * `/permissions allow|deny|remove`; the permission engine's own saving
 * function replaces it once it exists (see permissionRulesAccess.ts).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type RuleBehavior = 'allow' | 'ask' | 'deny';

export function localSettingsPath(projectRoot: string): string {
  return path.join(projectRoot, '.claude', 'settings.local.json');
}

type SettingsObject = Record<string, unknown> & { permissions?: Record<string, unknown> };

/** Adds each rule not yet present; returns the rules actually added. */
export async function addRulesToLocalSettings(projectRoot: string, behavior: RuleBehavior, rules: readonly string[]): Promise<string[]> {
  const file = localSettingsPath(projectRoot);
  const settings = await readSettings(file);
  const permissions = { ...(settings.permissions ?? {}) };
  const existing = stringList(permissions[behavior]);
  const added = rules.filter((rule, index) => rule.trim() !== '' && !existing.includes(rule) && rules.indexOf(rule) === index);
  if (added.length === 0) return [];
  permissions[behavior] = [...existing, ...added];
  await writeSettings(file, { ...settings, permissions });
  return added;
}

/** Removes the rule from every list it is in; returns the lists it was removed from. */
export async function removeRuleFromLocalSettings(projectRoot: string, rule: string): Promise<RuleBehavior[]> {
  const file = localSettingsPath(projectRoot);
  const settings = await readSettings(file);
  const permissions = { ...(settings.permissions ?? {}) };
  const removedFrom: RuleBehavior[] = [];
  for (const behavior of ['allow', 'ask', 'deny'] as const) {
    const list = stringList(permissions[behavior]);
    if (list.includes(rule)) {
      permissions[behavior] = list.filter((candidate) => candidate !== rule);
      removedFrom.push(behavior);
    }
  }
  if (removedFrom.length > 0) await writeSettings(file, { ...settings, permissions });
  return removedFrom;
}

async function readSettings(file: string): Promise<SettingsObject> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it by hand, then try again.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} must contain a JSON object.`);
  }
  const settings: SettingsObject = { ...parsed };
  const permissions = settings.permissions;
  if (permissions !== undefined && (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions))) {
    throw new Error(`${file}: "permissions" must be an object.`);
  }
  return settings;
}

async function writeSettings(file: string, settings: SettingsObject): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`, 'utf8');
  await rename(temp, file);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
