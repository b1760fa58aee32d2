/**
 * Finds the session's skills: every `<root>/<folder>/SKILL.md` under
 *   $AGENTCLI_CONFIG_DIR/skills/   the user's own, for every project
 *   .claude/skills/                the project's (repository content: only in a trusted folder)
 *   <plugin>/skills/               each enabled plugin's, named `plugin:skill`
 * When two share a name the user's wins over the project's, as in Claude
 * Code (personal before project). A SKILL.md that cannot be read or parsed
 * is one warning; the others still load.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareStrings } from '../utils/format.js';
import { errorMessageOf } from '../utils/errors.js';
import { parseSkillFile, type Skill, type SkillBody, type SkillOrigin } from './skill.js';
import { readyToParse } from '../commands/custom/commandTemplate.js';

const MAX_SKILL_BYTES = 200_000;
/** A folder of thousands of entries is not a skills folder someone wrote by hand; stop reading there. */
const MAX_SKILLS_PER_ROOT = 500;

export type SkillRoot = Omit<SkillOrigin, 'dir' | 'file'> & { readonly root: string };

export type SkillCatalog = {
  readonly skills: readonly Skill[];
  readonly warnings: readonly string[];
  find(name: string): Skill | undefined;
  /** Reads the skill's SKILL.md again (edits apply at once), for the Skill tool and `/name`. */
  readBody(skill: Skill): Promise<SkillBody>;
};

export function projectSkillsDir(projectRoot: string): string {
  return path.join(projectRoot, '.claude', 'skills');
}

export function userSkillsDir(configDir: string): string {
  return path.join(configDir, 'skills');
}

export async function loadSkills(roots: readonly SkillRoot[]): Promise<SkillCatalog> {
  const warnings: string[] = [];
  const found = await Promise.all(roots.map((root) => loadRoot(root, warnings)));
  const byName = new Map<string, Skill>();
  for (const skill of found.flat()) {
    if (!byName.has(skill.name.toLowerCase())) byName.set(skill.name.toLowerCase(), skill);
  }
  return skillCatalog([...byName.values()], warnings);
}

export function skillCatalog(skills: readonly Skill[], warnings: readonly string[] = []): SkillCatalog {
  return {
    skills,
    warnings,
    find: (name) => skills.find((skill) => skill.name === name) ?? skills.find((skill) => skill.name.toLowerCase() === name.toLowerCase()),
    async readBody(skill) {
      const read = await readSkillFile(skill.file);
      if (!read.ok) return read;
      const parsed = parseSkillFile(read.text, skill, path.basename(skill.dir));
      if (!parsed.ok) return parsed;
      // The name the session knows it by stays (a renamed skill is a new skill next session).
      return { ok: true, body: parsed.body, skill: { ...parsed.skill, name: skill.name } };
    },
  };
}

async function loadRoot(root: SkillRoot, warnings: string[]): Promise<Skill[]> {
  let entries;
  try {
    entries = await readdir(root.root, { withFileTypes: true });
  } catch {
    return []; // no folder: no skills of this kind
  }
  const skills: Skill[] = [];
  for (const entry of entries.sort((a, b) => compareStrings(a.name, b.name)).slice(0, MAX_SKILLS_PER_ROOT)) {
    if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const dir = path.join(root.root, entry.name);
    const file = path.join(dir, 'SKILL.md');
    const read = await readSkillFile(file);
    if (!read.ok) {
      if (!read.missing) warnings.push(`${read.error}; the skill is not loaded`);
      continue;
    }
    const parsed = parseSkillFile(read.text, { ...root, dir, file }, entry.name);
    if (parsed.ok) skills.push(parsed.skill);
    else warnings.push(`${parsed.error}; the skill is not loaded`);
  }
  return skills;
}

type SkillFileRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string; readonly missing?: boolean };

async function readSkillFile(file: string): Promise<SkillFileRead> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { ok: false, error: `${file} is not a file`, missing: true };
    if (info.size > MAX_SKILL_BYTES) return { ok: false, error: `${file} is larger than ${MAX_SKILL_BYTES} bytes` };
    const text = await readFile(file, 'utf8');
    await readyToParse(text); // parseSkillFile parses synchronously
    return { ok: true, text };
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    return { ok: false, error: `${file}: cannot be read (${errorMessageOf(error)})`, missing };
  }
}
