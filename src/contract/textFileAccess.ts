/**
 * Where Read, Edit and Write take a text file's current content from and
 * put its new content. Absent from the tool context: the local disk. An
 * editor front end (the ACP agent, when the client offers its file system)
 * supplies its own, so the model reads what the user sees — unsaved buffers
 * included — and an edit lands in the open buffer instead of behind it.
 *
 * Only the text goes through here. Everything about the file as a file —
 * whether it exists, is a directory, how large it is, whether it is binary,
 * its permission bits — is still read from the disk, and permission checks
 * are made on the declared paths before any of this runs, as always.
 */
export type TextFileAccess = {
  /** The file's whole text as the user has it now (decoded; line endings as the buffer holds them). */
  readText(absolutePath: string, signal: AbortSignal): Promise<string>;
  /** Replaces the file's whole text (line endings already in the file's own style). */
  writeText(absolutePath: string, text: string): Promise<void>;
};
