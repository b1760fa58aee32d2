/**
 * The read-first and stale-file guard. Write, Edit and NotebookEdit change a
 * file only if the model has Read it in this session and it has not changed
 * since: otherwise the model would overwrite work (the user's, a formatter's,
 * another agent's) that it has never seen.
 *
 * "Changed" means the text differs. A new mtime with identical text (a
 * `touch`, a save without changes) is not a change. When the snapshot holds
 * no text — a part of a file too large to keep in memory was read — the
 * mtime is all there is to compare.
 */
import type { FileSnapshot, ReadFileState } from '../../contract/readFileState.js';

export type CurrentFile = { readonly text: string; readonly mtimeMs: number };

/**
 * A snapshot of a large file read in a window holds no text (keeping 50 MB
 * per read in memory would defeat the streaming read). An empty file is
 * always recorded as a whole read, so this cannot be confused with one.
 */
export function snapshotOfWindow(mtimeMs: number, window: { offset: number; limit: number }): FileSnapshot {
  return { content: '', mtimeMs, partial: window };
}

function hasText(snapshot: FileSnapshot): boolean {
  return !(snapshot.partial && snapshot.content === '');
}

export type GuardOptions = {
  readonly state: ReadFileState;
  /** fileStateKey() of the file. */
  readonly key: string;
  readonly shownPath: string;
  readonly current: CurrentFile;
  /** Write replaces everything, so a partial read is not enough for it. */
  readonly needsWholeFileRead: boolean;
  /** Names the tool in the advice ("Read it, then retry the Edit"). */
  readonly toolName: string;
};

/** Undefined when the change may go ahead, else the reason it may not, in words for the model. */
export function checkReadBeforeWrite(options: GuardOptions): string | undefined {
  const { state, key, shownPath, current, toolName } = options;
  const snapshot = state.get(key);
  if (!snapshot) {
    return `${shownPath} has not been read in this session, so ${toolName} will not change it. Read it first (the Read tool), then retry the ${toolName} — that way you change the file as it is now.`;
  }
  if (options.needsWholeFileRead && snapshot.partial) {
    const { offset, limit } = snapshot.partial;
    return `You have read only part of ${shownPath} (lines ${offset}-${offset + limit - 1}), and ${toolName} replaces the whole file. Read the whole file first, or use Edit to change just the part you read.`;
  }
  const unchanged = hasText(snapshot) ? snapshot.content === current.text : snapshot.mtimeMs === current.mtimeMs;
  if (!unchanged) {
    return `${shownPath} has changed on disk since you last read it (the user or another program modified it). Read it again to see its current content, then redo the ${toolName} on that.`;
  }
  return undefined;
}

/**
 * After a successful write the model knows the file as written, so the next
 * edit needs no re-read. An Edit of a file the model read only in part
 * leaves it still only partly seen (a later Write must not replace lines it
 * never looked at); a Write makes the whole file known.
 */
export function recordWrite(
  state: ReadFileState,
  key: string,
  written: { readonly text: string; readonly mtimeMs: number; readonly wholeFileKnown: boolean },
): void {
  const partial = written.wholeFileKnown ? undefined : state.get(key)?.partial;
  state.set(key, { content: written.text, mtimeMs: written.mtimeMs, ...(partial ? { partial } : {}) });
}
