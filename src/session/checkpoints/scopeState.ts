/**
 * One session's knowledge of one working directory between snapshots:
 * every file's blob id, stat data and permission bits as last snapshotted,
 * and the trees of its folders. It lives in memory for the session; the
 * index file (git's format, so `git diff-files` and `git ls-files -o` can
 * say what changed) and a permission file beside it carry it to the next
 * process that resumes the session.
 *
 * Where a first snapshot starts from, cheapest first:
 *   - this session's index from an earlier process (or an older agentcli);
 *   - the user's own index, when the working directory is a repository's
 *     top: it already names every tracked file's blob, and the user's
 *     objects are borrowed read-only (see seedFromRepository.ts) — only
 *     what differs from it is hashed;
 *   - nothing: every file is hashed.
 * Whenever the permission bits are not known yet (no permission file), the
 * store's warm-up (or else the first snapshot) learns them from one `find`
 * pass (permissionScan.ts) while git says what changed; where find cannot,
 * it looks at every file itself — one lstat each, which also says what
 * changed.
 */
import { copyFileSync, existsSync, lstatSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { objectId, writeObject } from './gitObjects.js';
import { readIndexData, regularFileFolders, samePlainStat, sameStat, statDataOf, writeIndexFile, type IndexEntry, type StatData } from './gitIndexFile.js';
import { commonBase, decodePermissionTable, encodePermissionTable, PERMISSION_BITS, permissionsIn, type PermissionTable } from './permissionTable.js';
import { scanPermissionBits, scanUnusualPermissionBits, USUAL_BITS } from './permissionScan.js';
import { borrowObjects, userIndexUsable } from './seedFromRepository.js';
import { SnapshotTree } from './snapshotTree.js';
import type { SnapshotScope } from './snapshot.js';

export type FileState = {
  /** 0o100644, 0o100755, 0o120000 or 0o160000 (a nested repository the user's index names). */
  readonly mode: number;
  readonly id: string;
  readonly stat: StatData;
  /** Permission bits of a regular file; undefined until looked at (a full look fills them in place). */
  bits: number | undefined;
  /**
   * Modified moments before it was looked at: a change within the same timestamp tick would leave the stat
   * data as it is, so the file is hashed again whenever it is looked at (git's "racily clean" rule).
   */
  readonly racy: boolean;
};

/** Changes within this long before a file is looked at (or an index written) count as racy. */
const RACY_WINDOW_MS = 2_000;

/** Files per lstat batch of a full look, between which other work (git's output, the UI) gets its turn. */
const LOOK_BATCH = 2_000;

/** The index is rewritten at once when this many files changed since it was written; else a moment later. */
export const PERSIST_FROM_CHANGES = 256;

export class ScopeState {
  readonly files = new Map<string, FileState>();
  readonly tree = new SnapshotTree();
  /** Seeded from the user's index: the first snapshot's borrowed objects are to be copied in (once). */
  private seeded: boolean;
  /** Paths the next snapshot looks at whatever git says (files the warm-up found changed). */
  readonly forced = new Set<string>();
  private base: PermissionTable['base'] | undefined;
  private bitsKnown: boolean;
  private permissionsId: string | undefined;
  /**
   * Files set or removed since the index was written: git compares the work tree with the index file, so
   * it cannot report these (one created and deleted since is in neither); every snapshot looks at them.
   */
  readonly unwritten = new Set<string>();
  /** The state has never been written (no index file yet). */
  private neverWritten: boolean;
  private borrowed = false;
  /** The user's index a seeded state was read from, as it was then. */
  private source: { readonly file: string; readonly mtimeMs: number; readonly size: number } | undefined;
  /** Its folder exists and git may read its index: loaded from disk, or prepared for a first snapshot. */
  private prepared: boolean;
  /** A scan for unusual permission bits started before the index was parsed (learnBits takes it). */
  private earlyScan: EarlyScan | undefined;

  private constructor(
    private readonly indexFile: string,
    index: { readonly entries: readonly IndexEntry[]; readonly trees: ReadonlyMap<string, string>; readonly mtimeMs: number },
    options: { readonly seeded: boolean; readonly permissions: PermissionTable | undefined; readonly onDisk: boolean },
  ) {
    this.seeded = options.seeded;
    this.neverWritten = !options.onDisk;
    this.prepared = options.onDisk;
    this.base = options.permissions?.base;
    this.bitsKnown = options.permissions !== undefined || index.entries.length === 0;
    const racyFromS = Math.floor((index.mtimeMs - RACY_WINDOW_MS) / 1000);
    const table = options.permissions;
    for (const entry of index.entries) {
      const bits = table && isRegular(entry.mode) ? permissionsIn(table, entry.path, entry.mode === 0o100755) : undefined;
      this.files.set(entry.path, { mode: entry.mode, id: entry.id, stat: entry.stat, bits, racy: entry.stat.mtimeS >= racyFromS });
    }
    this.tree.setSorted(index.entries);
    // The index's cached folder trees (git verified they exist when it wrote them) spare writing them again.
    for (const [folder, id] of index.trees) this.tree.adopt(folder, id);
  }

  /**
   * This session's index for the scope if there is one, else the user's, else nothing — read only: the
   * store's warm-up may load a state for a prompt that never changes a file, and writes nothing for it.
   */
  static load(indexFile: string, scope: SnapshotScope): ScopeState {
    const ownData = existsSync(indexFile) ? readOrUndefined(indexFile) : undefined;
    const permissions = ownData ? readPermissionFile(indexFile) : undefined;
    // Bits to learn: find starts on the index's folders now, and runs on the other core while we parse.
    const ownScan = ownData && !permissions ? startEarlyScan(scope.workTree, ownData) : undefined;
    const own = ownData ? readIndexData(ownData, mtimeOf(indexFile)) : undefined;
    if (own) return new ScopeState(indexFile, own, { seeded: false, permissions, onDisk: true }).withEarlyScan(ownScan);
    const userIndex = path.join(scope.workTree, '.git', 'index');
    const source = scope.prefix === '' && userIndexUsable(scope.workTree) ? statOf(userIndex) : undefined;
    const userData = source ? readOrUndefined(userIndex) : undefined;
    const userScan = userData ? startEarlyScan(scope.workTree, userData) : undefined;
    const seeded = source && userData ? readIndexData(userData, source.mtimeMs) : undefined;
    if (source && seeded) {
      const state = new ScopeState(indexFile, seeded, { seeded: true, permissions: undefined, onDisk: false });
      state.source = { file: userIndex, mtimeMs: source.mtimeMs, size: source.size };
      return state.withEarlyScan(userScan);
    }
    return new ScopeState(indexFile, { entries: [], trees: new Map(), mtimeMs: 0 }, { seeded: false, permissions: undefined, onDisk: false });
  }

  private withEarlyScan(scan: EarlyScan | undefined): this {
    if (!this.bitsKnown) this.earlyScan = scan;
    return this;
  }

  /**
   * Before the first snapshot: a state seeded from the user's index borrows the user's objects, and a state
   * not yet on disk is written as our index, which is what git compares the files with from now on.
   */
  async prepareOnDisk(gitDir: string, workTree: string): Promise<void> {
    if (this.seeded && !this.borrowed) {
      if (!(await borrowObjects(gitDir, path.join(workTree, '.git', 'objects')))) throw new Error('cannot borrow the repository\'s objects');
      this.borrowed = true;
    }
    this.prepared = true;
    if (!this.neverWritten) return;
    // Nothing set or removed since the user's index was read, and that file as it was: a copy is our index
    // (a millisecond, where writing 10,000 entries costs ten).
    const now = this.source && this.unwritten.size === 0 ? statOf(this.source.file) : undefined;
    if (now && now.mtimeMs === this.source!.mtimeMs && now.size === this.source!.size) {
      copyFileSync(this.source!.file, this.indexFile);
      if (this.bitsKnown) this.persistPermissions();
      this.neverWritten = false;
    } else this.persist();
  }

  /** True once, for the first snapshot of a seeded state: its tree's borrowed objects are to be copied in. */
  takeSeeded(): boolean {
    const seeded = this.seeded;
    this.seeded = false;
    return seeded;
  }

  /** Whether the permission bits are still to be learned (learnBits) before git alone can say what changed. */
  get needsFullLook(): boolean {
    return !this.bitsKnown;
  }

  /**
   * One lstat per known file: what changed since the entries were written,
   * and every file's permission bits. Yields between batches.
   */
  async lookAtEveryFile(workTree: string): Promise<string[]> {
    const changed: string[] = [];
    let count = 0;
    for (const [file, state] of this.files) {
      if (++count % LOOK_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
      if (state.mode === 0o160000) continue;
      // Plain concatenation: path.join's normalising costs more than the lstat itself here.
      const info = lstatSync(`${workTree}/${file}`, { throwIfNoEntry: false });
      if (!info || state.racy || !sameKind(state.mode, info.mode) || !samePlainStat(state.stat, info)) changed.push(file);
      else if (isRegular(state.mode)) state.bits = info.mode & PERMISSION_BITS;
    }
    this.bitsKnown = true;
    this.permissionsId = undefined;
    return changed;
  }

  /**
   * Learns every known file's permission bits from one `find` pass (permissionScan.ts) and returns the
   * files to look at whatever git says: the racy ones, and any find did not list (gone, or in a folder it
   * could not read), whose bits the snapshot's own lstat then learns. What else changed is git's
   * diff-files to say. Where find cannot help, this is lookAtEveryFile.
   */
  async learnBits(workTree: string): Promise<{ readonly lookAt: string[]; readonly gitSaysTheRest: boolean }> {
    const early = this.earlyScan;
    this.earlyScan = undefined;
    // Cheapest first: the scan started while the index was parsed, then a new one; both list only the
    // unusual bits, and only for the folders they scanned is a file not listed known to have the usual ones.
    // The early scan covered the folders of the very index this state was parsed from: while no file was
    // set or removed since, every regular file's folder was scanned, and checking them one by one is not needed.
    const untouched = this.unwritten.size === 0;
    let unusual: { readonly bits: Map<string, number>; readonly folders: ReadonlySet<string>; readonly covered: boolean } | undefined;
    const earlyBits = early ? await early.bits : undefined;
    if (early && earlyBits) unusual = { bits: earlyBits, folders: early.folders, covered: untouched && this.unwritten.size === 0 };
    const folders = new Set<string>();
    if (!unusual) {
      for (const [file, state] of this.files) if (isRegular(state.mode)) folders.add(folderOf(file));
      const bits = await scanUnusualPermissionBits(workTree, folders);
      if (bits) unusual = { bits, folders, covered: false };
    }
    const lookAt: string[] = [];
    if (unusual) {
      for (const [file, state] of this.files) {
        if (state.mode === 0o160000) continue;
        let bits: number | undefined;
        if (isRegular(state.mode)) {
          bits = unusual.bits.get(file);
          if (bits === undefined && (unusual.covered || unusual.folders.has(folderOf(file)))) bits = state.mode === 0o100755 ? USUAL_BITS.executable : USUAL_BITS.file;
          if (bits !== undefined) state.bits = bits;
        }
        if (state.racy || (isRegular(state.mode) && bits === undefined)) lookAt.push(file);
      }
    } else {
      // Some folder could not be read (or is gone): every file find lists, the rest looked at one by one.
      const found = await scanPermissionBits(workTree, folders);
      if (!found) return { lookAt: await this.lookAtEveryFile(workTree), gitSaysTheRest: false };
      for (const [file, state] of this.files) {
        if (state.mode === 0o160000) continue;
        const bits = isRegular(state.mode) ? found.get(file) : undefined;
        if (bits !== undefined) state.bits = bits;
        if (state.racy || (isRegular(state.mode) && bits === undefined)) lookAt.push(file);
      }
    }
    this.bitsKnown = true;
    this.permissionsId = undefined;
    return { lookAt, gitSaysTheRest: true };
  }

  /** Whether a file on disk is, by its stat data, what the state last saw (never for a racy one). */
  unchanged(file: string, info: BigIntStats): boolean {
    const state = this.files.get(file);
    return state !== undefined && !state.racy && sameKind(state.mode, Number(info.mode)) && sameStat(state.stat, statDataOf(info));
  }

  set(file: string, state: FileState): void {
    const previous = this.files.get(file);
    this.files.set(file, state);
    if (previous?.mode !== state.mode || previous.id !== state.id) this.tree.set(file, state.mode.toString(8), state.id);
    if (previous?.mode !== state.mode || previous.bits !== state.bits) this.permissionsId = undefined;
    this.unwritten.add(file);
  }

  remove(file: string): void {
    if (!this.files.delete(file)) return;
    this.tree.remove(file);
    this.permissionsId = undefined;
    this.unwritten.add(file);
  }

  /** How many files changed since the index was last written. */
  get unwrittenChanges(): number {
    return this.unwritten.size + (this.neverWritten ? 1 : 0);
  }

  /** Hashes a regular file or symlink as it is now and records it; false when it could not be read. */
  hashFromDisk(gitDir: string, workTree: string, file: string, info: BigIntStats): boolean {
    const absolute = path.join(workTree, file);
    const mode = Number(info.mode);
    let content: Buffer;
    try {
      content = isSymlinkMode(mode) ? readlinkSync(absolute, { encoding: 'buffer' }) : readFileSync(absolute);
    } catch {
      return false;
    }
    const gitMode = isSymlinkMode(mode) ? 0o120000 : mode & 0o100 ? 0o100755 : 0o100644;
    // Content as before (only the stat data moved): the object is in the store already, nothing to write.
    const known = this.files.get(file)?.id;
    const id = objectId('blob', content);
    if (id !== known) writeObject(gitDir, 'blob', content);
    const stat = statDataOf(info);
    const racy = (stat.mtimeS + stat.mtimeNs / 1e9) * 1000 >= Date.now() - RACY_WINDOW_MS;
    this.set(file, { mode: gitMode, id, stat, bits: isSymlinkMode(mode) ? undefined : mode & PERMISSION_BITS, racy });
    return true;
  }

  /** What a restore wrote and removed (restoreTree.ts): recorded without reading the files back. */
  recordWritten(workTree: string, applied: { readonly written: readonly { readonly path: string; readonly mode: string; readonly sha: string; readonly bits: number | undefined }[]; readonly removed: readonly string[] }): void {
    for (const file of applied.removed) this.remove(file);
    for (const file of applied.written) {
      const info = lstatSync(path.join(workTree, file.path), { bigint: true, throwIfNoEntry: false });
      if (!info) {
        this.remove(file.path);
        continue;
      }
      this.set(file.path, { mode: Number.parseInt(file.mode, 8), id: file.sha, stat: statDataOf(info), bits: file.bits, racy: true });
    }
  }

  /** The permission table of the state as it is: written to the store once per change, its blob id. */
  permissions(gitDir: string): string {
    this.permissionsId ??= writeObject(gitDir, 'blob', encodePermissionTable(this.permissionTable()));
    return this.permissionsId;
  }

  /**
   * Writes the index (and the permission file) if anything changed since they were last written. Until
   * then git keeps reporting the changed files, and `unchanged` answers for them without hashing.
   */
  persist(): void {
    if (this.unwrittenChanges === 0 || !this.prepared) return;
    writeIndexFile(
      this.indexFile,
      // A racy file is written with size 0, so git keeps reporting it until a later look finds it settled.
      [...this.files].map(([file, state]) => ({ path: file, mode: state.mode, id: state.id, stat: state.racy ? { ...state.stat, size: 0 } : state.stat })),
      { racyWindowMs: RACY_WINDOW_MS },
    );
    this.persistPermissions();
    this.unwritten.clear();
    this.neverWritten = false;
  }

  /**
   * The permission file beside the index. Bits not all known yet (a seeded state written before its first
   * look): no file, so the process that reads this index next looks at every file itself.
   */
  private persistPermissions(): void {
    if (this.bitsKnown) writeFileSync(permissionFileOf(this.indexFile), encodePermissionTable(this.permissionTable()), { mode: 0o600 });
    else rmSync(permissionFileOf(this.indexFile), { force: true });
  }

  private permissionTable(): PermissionTable {
    const base = (this.base ??= commonBase(this.knownBits()));
    const exceptions = new Map<string, number>();
    for (const [file, state] of this.files) {
      if (state.bits === undefined || !isRegular(state.mode)) continue;
      if (state.bits !== (state.mode === 0o100755 ? base.executable : base.file)) exceptions.set(file, state.bits);
    }
    return { base, exceptions };
  }

  private *knownBits(): Iterable<{ executable: boolean; bits: number }> {
    for (const state of this.files.values()) {
      if (state.bits !== undefined && isRegular(state.mode)) yield { executable: state.mode === 0o100755, bits: state.bits };
    }
  }
}

type EarlyScan = { readonly folders: ReadonlySet<string>; readonly bits: Promise<Map<string, number> | undefined> };

function startEarlyScan(workTree: string, index: Buffer): EarlyScan | undefined {
  const folders = regularFileFolders(index);
  return folders ? { folders, bits: scanUnusualPermissionBits(workTree, folders) } : undefined;
}

/** A '/'-separated path's folder, '' at the top (path.posix.dirname's normalising costs more, 10,000 times). */
function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

export function isRegular(mode: number): boolean {
  return mode === 0o100644 || mode === 0o100755;
}

export function isSymlinkMode(mode: number): boolean {
  return (mode & 0o170000) === 0o120000;
}

/** Whether an lstat mode is the same kind of entry, with the same executable bit, as a git mode. */
function sameKind(gitMode: number, statMode: number): boolean {
  if (gitMode === 0o120000) return isSymlinkMode(statMode);
  if ((statMode & 0o170000) !== 0o100000) return false;
  return (gitMode === 0o100755) === ((statMode & 0o100) !== 0);
}

function permissionFileOf(indexFile: string): string {
  return `${indexFile}.permissions`;
}

function readPermissionFile(indexFile: string): PermissionTable | undefined {
  try {
    return decodePermissionTable(readFileSync(permissionFileOf(indexFile)));
  } catch {
    return undefined;
  }
}

function statOf(file: string): { mtimeMs: number; size: number } | undefined {
  try {
    const info = statSync(file);
    return { mtimeMs: info.mtimeMs, size: info.size };
  } catch {
    return undefined;
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
