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

export async function loadSkills(roots: readonly SkillRoot[]): Promise<FollowableSkillCatalog> {
  const found = await Promise.all(roots.map((root) => readRoot(root)));
  return new FollowableSkillCatalog(roots, found.flatMap((read) => read.files), found.flatMap((read) => read.warnings));
}

/** One SKILL.md as read: where it is and its text. */
type SkillFileText = { readonly root: SkillRoot; readonly dir: string; readonly file: string; readonly text: string };

/**
 * The catalog a session uses. By default a skill's body is read from its
 * file each time it is used. Once `follow()` is called (a ConfigChange hook
 * judges skill changes: src/hooks/skillChangeHooks.ts), the catalog is what
 * the files said when last accepted: `accept` replaces one file's text (or
 * removes it), and the list, descriptions and bodies follow — a change a
 * hook blocked never reaches the model.
 */
export class FollowableSkillCatalog implements SkillCatalog {
  private readonly texts = new Map<string, SkillFileText>();
  private current: SkillCatalog;
  private followed = false;

  constructor(
    readonly roots: readonly SkillRoot[],
    files: readonly SkillFileText[],
    warnings: readonly string[],
  ) {
    for (const file of files) this.texts.set(file.file, file);
    this.current = this.build(warnings).catalog;
  }

  get skills(): readonly Skill[] {
    return this.current.skills;
  }

  get warnings(): readonly string[] {
    return this.current.warnings;
  }

  find(name: string): Skill | undefined {
    return this.current.find(name);
  }

  readBody(skill: Skill): Promise<SkillBody> {
    return this.current.readBody(skill);
  }

  /** From now on, bodies come from the accepted texts, not the files. */
  follow(): void {
    this.followed = true;
    this.current = this.build(this.current.warnings).catalog;
  }

  /** The SKILL.md `file` now says `text` (undefined: it is gone). Returns the problems of the new text, if any. */
  accept(file: string, text: string | undefined): readonly string[] {
    const dir = path.dirname(file);
    const root = this.roots.find((candidate) => path.dirname(dir) === path.resolve(candidate.root));
    if (!root || path.basename(file) !== 'SKILL.md') return [];
    if (text === undefined) this.texts.delete(file);
    else this.texts.set(file, { root, dir, file, text });
    const { catalog, problems } = this.build([]);
    this.current = catalog;
    return problems.filter((problem) => problem.startsWith(file));
  }

  /** The catalog the texts make now; `carried`: warnings from reading the folders, kept with it. */
  private build(carried: readonly string[]): { readonly catalog: SkillCatalog; readonly problems: string[] } {
    const problems = [...carried];
    const rootOrder = (file: SkillFileText) => this.roots.indexOf(file.root);
    const files = [...this.texts.values()].sort((a, b) => rootOrder(a) - rootOrder(b) || compareStrings(a.dir, b.dir));
    const byName = new Map<string, Skill>();
    for (const read of files) {
      const parsed = parseSkillFile(read.text, { ...read.root, dir: read.dir, file: read.file }, path.basename(read.dir));
      if (!parsed.ok) {
        if (!problems.includes(`${parsed.error}; the skill is not loaded`)) problems.push(`${parsed.error}; the skill is not loaded`);
        continue;
      }
      if (!byName.has(parsed.skill.name.toLowerCase())) byName.set(parsed.skill.name.toLowerCase(), parsed.skill);
    }
    const accepted = (file: string): Promise<SkillFileRead> => {
      const known = this.texts.get(file);
      return Promise.resolve(known ? { ok: true, text: known.text } : { ok: false, error: `${file}: no longer a skill of this session` });
    };
    return { catalog: skillCatalog([...byName.values()], problems, this.followed ? accepted : readSkillFile), problems };
  }
}

export function skillCatalog(skills: readonly Skill[], warnings: readonly string[] = [], readText: (file: string) => Promise<SkillFileRead> = readSkillFile): SkillCatalog {
  return {
    skills,
    warnings,
    find: (name) => skills.find((skill) => skill.name === name) ?? skills.find((skill) => skill.name.toLowerCase() === name.toLowerCase()),
    async readBody(skill) {
      const read = await readText(skill.file);
      if (!read.ok) return read;
      const parsed = parseSkillFile(read.text, skill, path.basename(skill.dir));
      if (!parsed.ok) return parsed;
      // The name the session knows it by stays (a renamed skill is a new skill next session).
      return { ok: true, body: parsed.body, skill: { ...parsed.skill, name: skill.name } };
    },
  };
}

/** The skill folders of one root (at most MAX_SKILLS_PER_ROOT), for the watcher too. */
export async function skillFoldersOf(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return []; // no folder: no skills of this kind
  }
  return entries
    .filter((entry) => !entry.name.startsWith('.') && (entry.isDirectory() || entry.isSymbolicLink()))
    .sort((a, b) => compareStrings(a.name, b.name))
    .slice(0, MAX_SKILLS_PER_ROOT)
    .map((entry) => path.join(root, entry.name));
}

async function readRoot(root: SkillRoot): Promise<{ files: SkillFileText[]; warnings: string[] }> {
  const files: SkillFileText[] = [];
  const warnings: string[] = [];
  for (const dir of await skillFoldersOf(root.root)) {
    const file = path.join(dir, 'SKILL.md');
    const read = await readSkillFile(file);
    if (read.ok) files.push({ root, dir, file, text: read.text });
    else if (!read.missing) warnings.push(`${read.error}; the skill is not loaded`);
  }
  return { files, warnings };
}

export type SkillFileRead = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly error: string; readonly missing?: boolean };

export async function readSkillFile(file: string): Promise<SkillFileRead> {
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
