/**
 * What each file looked like when the model last read (or wrote) it. Edit and
 * Write refuse to touch a file the model has not seen, or one that changed on
 * disk since, so the model never overwrites work it does not know about.
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

export function createReadFileState(): ReadFileState {
  return new Map();
}
