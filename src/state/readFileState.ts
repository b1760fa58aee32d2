/**
 * What each file looked like when the model last read (or wrote) it. Edit and
 * Write refuse to touch a file the model has not seen, or one that changed on
 * disk since, so the model never overwrites work it does not know about.
 *
 * Bounded: a long session that reads thousands of files must not keep them
 * all. The least recently used snapshots go first; a file whose snapshot was
 * dropped simply has to be read again before it is edited.
 */
export type FileSnapshot = {
  /** The full text as read (for partial reads: the text of the whole file when it was read). */
  readonly content: string;
  /** mtimeMs at the time of the read. */
  readonly mtimeMs: number;
  /** Set when the model saw only part of the file (offset/limit). */
  readonly partial?: { readonly offset: number; readonly limit: number };
};

export type ReadFileState = Map<string, FileSnapshot>;

export const MAX_SNAPSHOTS = 1_000;
/** Characters of file text kept across all snapshots (≈ 100 MB of UTF-16 at most). */
export const MAX_SNAPSHOT_CHARS = 50_000_000;

export class BoundedFileSnapshots extends Map<string, FileSnapshot> {
  private chars = 0;

  constructor(
    private readonly maxEntries = MAX_SNAPSHOTS,
    private readonly maxChars = MAX_SNAPSHOT_CHARS,
  ) {
    super();
  }

  override get(key: string): FileSnapshot | undefined {
    const snapshot = super.get(key);
    if (snapshot !== undefined) {
      // Re-insert so Map order stays least-recently-used first.
      super.delete(key);
      super.set(key, snapshot);
    }
    return snapshot;
  }

  override set(key: string, snapshot: FileSnapshot): this {
    this.delete(key);
    super.set(key, snapshot);
    this.chars += snapshot.content.length;
    for (const oldest of this.keys()) {
      if (this.size <= this.maxEntries && this.chars <= this.maxChars) break;
      if (oldest === key) continue;
      this.delete(oldest);
    }
    return this;
  }

  override delete(key: string): boolean {
    const snapshot = super.get(key);
    if (snapshot === undefined) return false;
    this.chars -= snapshot.content.length;
    return super.delete(key);
  }

  override clear(): void {
    this.chars = 0;
    super.clear();
  }
}

export function createReadFileState(): ReadFileState {
  return new BoundedFileSnapshots();
}
