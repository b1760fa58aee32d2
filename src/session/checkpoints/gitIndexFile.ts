/**
 * Git's index file, read and written by us. A session's index per working
 * directory holds each file's blob id and the stat data it had when hashed;
 * `git diff-files` and `git ls-files -o` read it to say what changed (git's
 * lstat loop in C is the fastest way to look at 10,000 files), and this
 * process writes it, so the blob ids in it are exactly the ones our trees
 * name — never a second hashing that could see newer content than ours.
 *
 * Read: versions 2, 3 and 4 (the user's index, to seed a first snapshot,
 * and indexes older agentcli versions had git write). Written: version 2,
 * no extensions. An index we cannot take at face value — a split or sparse
 * index, entries marked assume-unchanged, skip-worktree or intent-to-add,
 * unmerged entries — reads as unusable, and the caller starts from nothing.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** The stat fields git keeps per entry, each as the 32 bits git stores. */
export type StatData = {
  readonly ctimeS: number;
  readonly ctimeNs: number;
  readonly mtimeS: number;
  readonly mtimeNs: number;
  readonly dev: number;
  readonly ino: number;
  readonly uid: number;
  readonly gid: number;
  readonly size: number;
};

export type IndexEntry = {
  /** Relative to the work tree, '/'-separated. */
  readonly path: string;
  /** 0o100644, 0o100755, 0o120000 or 0o160000. */
  readonly mode: number;
  readonly id: string;
  readonly stat: StatData;
};

export type IndexFile = {
  readonly entries: IndexEntry[];
  readonly mtimeMs: number;
  /** Folder tree ids git cached in the index (its TREE extension), by folder path ('' for the top). */
  readonly trees: ReadonlyMap<string, string>;
};

const SIGNATURE = 0x44495243; // "DIRC"
const FLAG_ASSUME_VALID = 0x8000;
const FLAG_EXTENDED = 0x4000;
const FLAG_STAGE = 0x3000;
const EXTENDED_SKIP_WORKTREE = 0x4000;
const EXTENDED_INTENT_TO_ADD = 0x2000;

/** The entries of an index file, or undefined when it is missing or unusable as a snapshot's starting point. */
export function readIndexFile(file: string, mtimeMs: number): IndexFile | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  return readIndexData(data, mtimeMs);
}

/** readIndexFile for an index already read. */
export function readIndexData(data: Buffer, mtimeMs: number): IndexFile | undefined {
  try {
    const parsed = parseIndex(data);
    return parsed ? { ...parsed, mtimeMs } : undefined;
  } catch {
    return undefined; // truncated or corrupt
  }
}

/**
 * The folders holding the regular files of a version 2 or 3 index, read from the paths alone (no entry
 * objects: a few milliseconds for 10,000 entries), so a scan of those folders can start before the full
 * parse. Undefined for anything else (version 4's compressed paths, a damaged file).
 */
export function regularFileFolders(data: Buffer): Set<string> | undefined {
  if (data.length < 12 + 20 || data.readUInt32BE(0) !== SIGNATURE) return undefined;
  const version = data.readUInt32BE(4);
  if (version !== 2 && version !== 3) return undefined;
  const count = data.readUInt32BE(8);
  const folders = new Set<string>();
  let previous = -1;
  let previousStart = 0;
  let offset = 12;
  for (let index = 0; index < count; index++) {
    if (offset + 62 > data.length) return undefined;
    const mode = data.readUInt32BE(offset + 24);
    const flags = data.readUInt16BE(offset + 60);
    const start = offset + 62 + ((flags & FLAG_EXTENDED) !== 0 ? 2 : 0);
    const nul = data.indexOf(0, start);
    if (nul < 0) return undefined;
    if (mode === 0o100644 || mode === 0o100755) {
      const slash = data.lastIndexOf(0x2f, nul - 1);
      const length = slash < start ? 0 : slash - start;
      // Entries are sorted, so a folder's files are consecutive: compare with the last folder's bytes only.
      if (length !== previous || data.compare(data, previousStart, previousStart + length, start, start + length) !== 0) {
        folders.add(length === 0 ? '' : data.toString('utf8', start, start + length));
        previous = length;
        previousStart = start;
      }
    }
    offset += (nul - offset + 8) & ~7;
  }
  return folders;
}

function parseIndex(data: Buffer): { entries: IndexEntry[]; trees: Map<string, string> } | undefined {
  if (data.length < 12 + 20 || data.readUInt32BE(0) !== SIGNATURE) return undefined;
  const version = data.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  const count = data.readUInt32BE(8);
  const end = data.length - 20;
  const entries: IndexEntry[] = [];
  let offset = 12;
  let previousPath: Buffer = Buffer.alloc(0);
  for (let index = 0; index < count; index++) {
    const stat: StatData = {
      ctimeS: data.readUInt32BE(offset),
      ctimeNs: data.readUInt32BE(offset + 4),
      mtimeS: data.readUInt32BE(offset + 8),
      mtimeNs: data.readUInt32BE(offset + 12),
      dev: data.readUInt32BE(offset + 16),
      ino: data.readUInt32BE(offset + 20),
      uid: data.readUInt32BE(offset + 28),
      gid: data.readUInt32BE(offset + 32),
      size: data.readUInt32BE(offset + 36),
    };
    const mode = data.readUInt32BE(offset + 24);
    const id = data.toString('hex', offset + 40, offset + 60);
    const flags = data.readUInt16BE(offset + 60);
    let cursor = offset + 62;
    if ((flags & FLAG_ASSUME_VALID) !== 0 || (flags & FLAG_STAGE) !== 0) return undefined;
    if ((flags & FLAG_EXTENDED) !== 0) {
      if (version < 3) return undefined;
      const extended = data.readUInt16BE(cursor);
      cursor += 2;
      if ((extended & (EXTENDED_SKIP_WORKTREE | EXTENDED_INTENT_TO_ADD)) !== 0) return undefined;
    }
    let pathBytes: Buffer;
    if (version === 4) {
      // The path is the previous one minus N trailing bytes, plus a NUL-terminated suffix.
      let strip = 0;
      let byte = data[cursor++]!;
      strip = byte & 0x7f;
      while (byte & 0x80) {
        byte = data[cursor++]!;
        strip = ((strip + 1) << 7) | (byte & 0x7f);
      }
      const nul = data.indexOf(0, cursor);
      if (nul < 0 || strip > previousPath.length) return undefined;
      pathBytes = Buffer.concat([previousPath.subarray(0, previousPath.length - strip), data.subarray(cursor, nul)]);
      offset = nul + 1;
    } else {
      const nul = data.indexOf(0, cursor);
      if (nul < 0) return undefined;
      pathBytes = data.subarray(cursor, nul);
      // Entries are padded with 1–8 NULs to a multiple of 8 bytes from the entry's start.
      const length = nul - offset;
      offset += (length + 8) & ~7;
    }
    if (offset > end) return undefined;
    previousPath = pathBytes;
    if (![0o100644, 0o100755, 0o120000, 0o160000].includes(mode)) return undefined;
    entries.push({ path: pathBytes.toString('utf8'), mode, id, stat });
  }
  // Extensions: optional ones (upper-case first letter: TREE, REUC, UNTR, EOIE, IEOT...) are caches we do
  // not need; a mandatory one (link: split index, sdir: sparse index) changes what the entries mean.
  const trees = new Map<string, string>();
  while (offset + 8 <= end) {
    const first = data[offset]!;
    if (first < 0x41 || first > 0x5a) return undefined;
    const size = data.readUInt32BE(offset + 4);
    if (data.toString('latin1', offset, offset + 4) === 'TREE') readCacheTree(data.subarray(offset + 8, offset + 8 + size), trees);
    offset += 8 + size;
  }
  return { entries, trees };
}

/**
 * The TREE extension: per folder, depth first, "<name>\0<entry count> <subtree count>\n" and the tree's
 * id — absent when the count is negative (git invalidated the folder since).
 */
function readCacheTree(data: Buffer, trees: Map<string, string>): void {
  let offset = 0;
  const readFolder = (parent: string | undefined): void => {
    const nul = data.indexOf(0, offset);
    const newline = data.indexOf(10, nul);
    if (nul < 0 || newline < 0) throw new Error('truncated cache tree');
    const name = data.toString('utf8', offset, nul);
    const [count, subtrees] = data.toString('latin1', nul + 1, newline).split(' ').map(Number);
    offset = newline + 1;
    const folder = parent === undefined ? '' : parent === '' ? name : `${parent}/${name}`;
    if (count! >= 0) {
      trees.set(folder, data.toString('hex', offset, offset + 20));
      offset += 20;
    }
    for (let index = 0; index < subtrees!; index++) readFolder(folder);
  };
  try {
    if (data.length > 0) readFolder(undefined);
  } catch {
    trees.clear(); // a cache we cannot read is a cache we do without
  }
}

/**
 * Writes a version 2 index (atomically: a temporary file renamed over it).
 * Entries whose file changed within `racyWindowMs` of now are written with
 * size 0 — git's own "racily clean" rule: a later change within the same
 * timestamp tick would otherwise look unchanged once the index is newer.
 */
export function writeIndexFile(file: string, entries: Iterable<IndexEntry>, options: { readonly racyWindowMs: number }): void {
  const sorted = [...entries].map((entry) => ({ entry, name: Buffer.from(entry.path, 'utf8') }));
  sorted.sort((a, b) => compareBytewise(a.entry.path, b.entry.path, a.name, b.name));
  const racyFromS = (Date.now() - options.racyWindowMs) / 1000;
  let total = 12;
  for (const { name } of sorted) total += (62 + name.length + 8) & ~7;
  const data = Buffer.alloc(total + 20);
  data.writeUInt32BE(SIGNATURE, 0);
  data.writeUInt32BE(2, 4);
  data.writeUInt32BE(sorted.length, 8);
  let offset = 12;
  for (const { entry, name } of sorted) {
    const { stat } = entry;
    // git's rule looks at mtime only (a ctime moves on chmod and on every `touch -d`).
    const racy = stat.mtimeS + stat.mtimeNs / 1e9 >= racyFromS;
    data.writeUInt32BE(stat.ctimeS >>> 0, offset);
    data.writeUInt32BE(stat.ctimeNs >>> 0, offset + 4);
    data.writeUInt32BE(stat.mtimeS >>> 0, offset + 8);
    data.writeUInt32BE(stat.mtimeNs >>> 0, offset + 12);
    data.writeUInt32BE(stat.dev >>> 0, offset + 16);
    data.writeUInt32BE(stat.ino >>> 0, offset + 20);
    data.writeUInt32BE(entry.mode >>> 0, offset + 24);
    data.writeUInt32BE(stat.uid >>> 0, offset + 28);
    data.writeUInt32BE(stat.gid >>> 0, offset + 32);
    data.writeUInt32BE(racy ? 0 : stat.size >>> 0, offset + 36);
    data.write(entry.id, offset + 40, 20, 'hex');
    data.writeUInt16BE(Math.min(name.length, 0xfff), offset + 60);
    name.copy(data, offset + 62);
    offset += (62 + name.length + 8) & ~7;
  }
  createHash('sha1').update(data.subarray(0, total)).digest().copy(data, total);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  renameSync(temporary, file);
}

/** Paths in the order git sorts them: by UTF-8 bytes (string order agrees unless a surrogate pair is involved). */
function compareBytewise(a: string, b: string, aBytes: Buffer, bBytes: Buffer): number {
  if (/[\ud800-\udfff]/.test(a) || /[\ud800-\udfff]/.test(b)) return Buffer.compare(aBytes, bBytes);
  return a < b ? -1 : a > b ? 1 : 0;
}

const BILLION = 1_000_000_000n;

/** Stat data of a bigint lstat, as the index keeps it. */
export function statDataOf(info: {
  readonly ctimeNs: bigint;
  readonly mtimeNs: bigint;
  readonly dev: bigint;
  readonly ino: bigint;
  readonly uid: bigint;
  readonly gid: bigint;
  readonly size: bigint;
}): StatData {
  const ctimeS = info.ctimeNs / BILLION;
  const mtimeS = info.mtimeNs / BILLION;
  return {
    ctimeS: Number(ctimeS),
    ctimeNs: Number(info.ctimeNs - ctimeS * BILLION),
    mtimeS: Number(mtimeS),
    mtimeNs: Number(info.mtimeNs - mtimeS * BILLION),
    dev: Number(BigInt.asUintN(32, info.dev)),
    ino: Number(BigInt.asUintN(32, info.ino)),
    uid: Number(BigInt.asUintN(32, info.uid)),
    gid: Number(BigInt.asUintN(32, info.gid)),
    size: Number(BigInt.asUintN(32, info.size)),
  };
}

/** A plain (non-bigint) lstat's fields; what a full look compares, as bigint lstat costs several times more. */
export type PlainStat = { readonly mtimeMs: number; readonly ctimeMs: number; readonly ino: number; readonly uid: number; readonly gid: number; readonly size: number };

/** sameStat for a plain lstat: milliseconds as doubles carry nanoseconds to within a quarter microsecond. */
export function samePlainStat(recorded: StatData, actual: PlainStat): boolean {
  return (
    sameTime(recorded.mtimeS, recorded.mtimeNs, actual.mtimeMs) &&
    sameTime(recorded.ctimeS, recorded.ctimeNs, actual.ctimeMs) &&
    recorded.ino === actual.ino % 2 ** 32 &&
    recorded.uid === actual.uid % 2 ** 32 &&
    recorded.gid === actual.gid % 2 ** 32 &&
    recorded.size === actual.size % 2 ** 32
  );
}

function sameTime(seconds: number, nanoseconds: number, ms: number): boolean {
  return Math.floor(ms / 1000) === seconds && (nanoseconds === 0 || Math.abs((ms - seconds * 1000) * 1e6 - nanoseconds) < 2_000);
}

/**
 * Whether a file's stat data is what an entry recorded, as git decides it: seconds always, nanoseconds
 * when the entry has them (git built without nanosecond support writes zeros), dev left out as git's
 * default builds do. A change within the same tick is caught by the racy rule, not here.
 */
export function sameStat(recorded: StatData, actual: StatData): boolean {
  return (
    recorded.mtimeS === actual.mtimeS &&
    recorded.ctimeS === actual.ctimeS &&
    (recorded.mtimeNs === 0 || recorded.mtimeNs === actual.mtimeNs) &&
    (recorded.ctimeNs === 0 || recorded.ctimeNs === actual.ctimeNs) &&
    recorded.ino === actual.ino &&
    recorded.uid === actual.uid &&
    recorded.gid === actual.gid &&
    recorded.size === actual.size
  );
}
