/** The bounded store behind ToolUseContext.readFileState (the types are the contract's: src/contract/readFileState.ts). */
import type { FileSnapshot, ReadFileState } from '../contract/readFileState.js';

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
