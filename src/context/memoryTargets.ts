/**
 * Where the user can put memory from the REPL (`/memory` opens one in the
 * editor, a `#` note appends to one): the files in force now and the three
 * standard places where one can be created —
 *
 *   project memory        <cwd>/CLAUDE.md          shared through the repository
 *   local project memory  <cwd>/CLAUDE.local.md    this checkout only (keep it out of git)
 *   user memory           $AGENTCLI_CONFIG_DIR/CLAUDE.md   every project
 *
 * Files are created on first use, with their folder.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MemoryFile, MemoryScope } from './memoryFiles.js';

export type MemoryTarget = {
  readonly path: string;
  readonly scope: MemoryScope;
  /** What the user chooses by: "Project memory", "User memory", "Imported memory"… */
  readonly label: string;
  /** Whether the file is sent with requests now (false: a standard place that does not exist yet). */
  readonly inForce: boolean;
};

const STANDARD_LABELS: Record<MemoryScope, string> = {
  project: 'Project memory',
  local: 'Local project memory',
  user: 'User memory',
};

/** The three standard places, in the order the `#` dialog offers them. */
export function standardMemoryTargets(options: { readonly cwd: string; readonly configDir: string; readonly inForce?: readonly MemoryFile[] }): MemoryTarget[] {
  const inForce = new Set((options.inForce ?? []).map((file) => path.resolve(file.path)));
  const places: Array<{ path: string; scope: MemoryScope }> = [
    { path: path.join(options.cwd, 'CLAUDE.md'), scope: 'project' },
    { path: path.join(options.cwd, 'CLAUDE.local.md'), scope: 'local' },
    { path: path.join(options.configDir, 'CLAUDE.md'), scope: 'user' },
  ];
  return places.map((place) => ({ ...place, label: STANDARD_LABELS[place.scope], inForce: inForce.has(path.resolve(place.path)) }));
}

/** `/memory`: every file in force (imports included), then the standard places not in force yet. */
export function editableMemoryTargets(options: { readonly cwd: string; readonly configDir: string; readonly inForce: readonly MemoryFile[] }): MemoryTarget[] {
  const standard = standardMemoryTargets(options);
  const labelOf = (file: string, scope: MemoryScope): string =>
    standard.find((place) => path.resolve(place.path) === path.resolve(file))?.label ?? `${STANDARD_LABELS[scope]} (${path.basename(file)})`;
  const targets: MemoryTarget[] = [];
  const seen = new Set<string>();
  const add = (target: MemoryTarget): void => {
    const key = path.resolve(target.path);
    if (seen.has(key)) return;
    seen.add(key);
    targets.push(target);
  };
  for (const file of options.inForce) {
    add({ path: file.path, scope: file.scope, label: labelOf(file.path, file.scope), inForce: true });
    for (const imported of file.imports) if (imported.kind === 'imported') add({ path: imported.path, scope: file.scope, label: `Imported by ${path.basename(file.path)}`, inForce: true });
  }
  for (const place of standard) add(place);
  return targets;
}

/** Makes sure the file exists (an empty one, with its folder) so an editor opens it for writing. */
export async function ensureMemoryFile(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await writeFile(file, '', { flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
}

/**
 * A `#` note: the text as a Markdown list item on its own line at the end of
 * the file (a list item, because that is how memory files collect notes, and
 * `- deny: Bash(rm*)` still reads as a rule line). Text that already is a
 * list item is written as typed.
 */
export async function appendMemoryNote(file: string, note: string): Promise<void> {
  await ensureMemoryFile(file);
  const before = await readFile(file, 'utf8');
  const line = /^[-*+]\s/.test(note) ? note : `- ${note}`;
  const separator = before === '' || before.endsWith('\n') ? '' : '\n';
  await appendFile(file, `${separator}${line}\n`);
}
