/**
 * Which files' permission bits differ between two snapshots of one working
 * directory while git's trees call them the same (a `chmod 600`, a
 * `chmod g+w`: the tree keeps only the executable bit). The rewind picker
 * lists such a prompt's files as changed, and a rewind plan counts the
 * user's own chmod between prompts as the user's change, as it does their
 * edits.
 */
import { nulSeparated, type ShadowGit } from './shadowGit.js';
import { decodePermissionTable, permissionsIn, type PermissionTable } from './permissionTable.js';
import { readBlobs } from './restoreTree.js';

/** One snapshot of one scope: its tree and its permission table's blob (absent before tables existed). */
export type SnapshotIds = { readonly tree: string; readonly permissions?: string | undefined };

export type BitsChange = { readonly path: string; readonly from: number; readonly to: number };

/** Each table by blob id, from one `git cat-file`; a blob that is not a table is absent. */
export async function readPermissionTables(git: ShadowGit, ids: readonly (string | undefined)[]): Promise<Map<string, PermissionTable>> {
  const wanted = ids.filter((id): id is string => id !== undefined);
  const tables = new Map<string, PermissionTable>();
  for (const [id, blob] of await readBlobs(git, wanted)) {
    const table = decodePermissionTable(blob);
    if (table) tables.set(id, table);
  }
  return tables;
}

/**
 * Regular files present in `to` whose bits differ from `from`'s. `modes` gives each file's git mode in
 * `to` (bitsChanges reads them from the tree). Files in `skip` (content changes, reported already) are left out.
 */
export function bitsChangesBetween(
  from: PermissionTable | undefined,
  to: PermissionTable | undefined,
  modes: ReadonlyMap<string, number>,
  skip: ReadonlySet<string> = new Set(),
): BitsChange[] {
  if (!from || !to) return [];
  const sameBase = from.base.file === to.base.file && from.base.executable === to.base.executable;
  const candidates = sameBase ? new Set([...from.exceptions.keys(), ...to.exceptions.keys()]) : modes.keys();
  const changes: BitsChange[] = [];
  for (const file of candidates) {
    const mode = modes.get(file);
    if (skip.has(file) || (mode !== 0o100644 && mode !== 0o100755)) continue;
    const executable = mode === 0o100755;
    const before = permissionsIn(from, file, executable);
    const after = permissionsIn(to, file, executable);
    if (before !== after) changes.push({ path: file, from: before, to: after });
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** bitsChangesBetween for two snapshots in the store: their tables and `to`'s modes read with git. */
export async function bitsChanges(git: ShadowGit, from: SnapshotIds, to: SnapshotIds, skip: ReadonlySet<string> = new Set()): Promise<BitsChange[]> {
  if (from.permissions === undefined || to.permissions === undefined || from.permissions === to.permissions) return [];
  const tables = await readPermissionTables(git, [from.permissions, to.permissions]);
  const fromTable = tables.get(from.permissions);
  const toTable = tables.get(to.permissions);
  if (!fromTable || !toTable) return [];
  return bitsChangesBetween(fromTable, toTable, await treeModes(git, to.tree), skip);
}

/** Every file's git mode in a tree, from one `git ls-tree`. */
async function treeModes(git: ShadowGit, tree: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  for (const row of nulSeparated(await git.output(['ls-tree', '-r', '-z', '--full-tree', tree]))) {
    const tab = row.indexOf('\t');
    if (tab > 0) modes.set(row.slice(tab + 1), Number.parseInt(row.slice(0, row.indexOf(' ')), 8));
  }
  return modes;
}

/** "644→600" */
export function describeBits(change: { readonly from: number; readonly to: number }): string {
  const octal = (bits: number): string => bits.toString(8).padStart(3, '0');
  return `${octal(change.from)}→${octal(change.to)}`;
}
