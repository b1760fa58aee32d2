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
