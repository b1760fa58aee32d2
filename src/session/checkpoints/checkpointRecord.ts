/**
 * What a checkpoint is, as the transcript keeps it: for one user prompt, the
 * trees of every working directory before its first change and after it
 * ended, the files left out, and what its calls did that no restore can
 * undo. Written as `checkpoint` lines keyed by the prompt's message uuid
 * (the newest line per uuid wins: the "after" trees arrive in a second
 * line), so `--resume` and `--fork-session` carry them with the messages.
 */
import { readFile } from 'node:fs/promises';
import type { SkippedFile } from './snapshot.js';

export type ScopeTree = {
  /** The repository top (or the folder) git ran in. */
  readonly workTree: string;
  /** The working directory below workTree ('' when the same). */
  readonly prefix: string;
  readonly tree: string;
  /**
   * The blob of the permission bits the tree cannot hold (permissionTable.ts). Absent in checkpoints of
   * older versions: their files come back with git's modes.
   */
  readonly permissions?: string;
};

export type CheckpointRecord = {
  /** The user message this checkpoint belongs to. */
  readonly messageUuid: string;
  /** The prompt's first line, for lists that have no conversation at hand (`--rewind-to`, ACP). */
  readonly prompt: string;
  readonly timestamp: string;
  /** A rewind's own record (its `before` and `after`): not a prompt, so pickers leave it out. */
  readonly kind?: 'rewind';
  /** Empty for a prompt that changed no file but did something no rewind undoes (the record is its effects). */
  readonly before: readonly ScopeTree[];
  /** Undefined until the prompt ended (or when the process died during it). */
  readonly after?: readonly ScopeTree[];
  readonly notCheckpointed: readonly SkippedFile[];
  /** Effects outside the files: network calls, writes elsewhere, git ref changes, processes started. */
  readonly irreversible: readonly string[];
};

export type CheckpointLine = { readonly type: 'checkpoint'; readonly sessionId: string; readonly timestamp: string; readonly checkpoint: CheckpointRecord };

const LINE_MARK = '{"type":"checkpoint"';

/** The checkpoints of a transcript file in the order they were first taken, each in its newest form. */
export async function readCheckpoints(transcriptFile: string): Promise<CheckpointRecord[]> {
  let text: string;
  try {
    text = await readFile(transcriptFile, 'utf8');
  } catch {
    return [];
  }
  return parseCheckpoints(text);
}

export function parseCheckpoints(text: string): CheckpointRecord[] {
  const byUuid = new Map<string, CheckpointRecord>();
  for (const raw of text.split('\n')) {
    if (!raw.startsWith(LINE_MARK)) continue;
    try {
      const record = recordOf((JSON.parse(raw) as { checkpoint?: unknown }).checkpoint);
      if (record) byUuid.set(record.messageUuid, record); // a Map keeps first-insertion order
    } catch {
      // A torn last line: the checkpoint's earlier line (if any) stands.
    }
  }
  return [...byUuid.values()];
}

function recordOf(value: unknown): CheckpointRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Partial<CheckpointRecord>;
  if (typeof record.messageUuid !== 'string' || !Array.isArray(record.before) || !record.before.every(isScopeTree)) return undefined;
  if (record.after !== undefined && !(Array.isArray(record.after) && record.after.every(isScopeTree))) return undefined;
  return {
    messageUuid: record.messageUuid,
    prompt: typeof record.prompt === 'string' ? record.prompt : '',
    timestamp: typeof record.timestamp === 'string' ? record.timestamp : '',
    ...(record.kind === 'rewind' ? { kind: 'rewind' as const } : {}),
    before: record.before,
    ...(record.after ? { after: record.after } : {}),
    notCheckpointed: Array.isArray(record.notCheckpointed) ? record.notCheckpointed.filter(isSkipped) : [],
    irreversible: Array.isArray(record.irreversible) ? record.irreversible.filter((entry): entry is string => typeof entry === 'string') : [],
  };
}

function isScopeTree(value: unknown): value is ScopeTree {
  if (typeof value !== 'object' || value === null) return false;
  const scope = value as Partial<ScopeTree>;
  return (
    typeof scope.workTree === 'string' &&
    typeof scope.prefix === 'string' &&
    typeof scope.tree === 'string' &&
    /^[0-9a-f]{40,64}$/.test(scope.tree) &&
    (scope.permissions === undefined || (typeof scope.permissions === 'string' && /^[0-9a-f]{40,64}$/.test(scope.permissions)))
  );
}

function isSkipped(value: unknown): value is SkippedFile {
  return typeof value === 'object' && value !== null && typeof (value as SkippedFile).path === 'string' && typeof (value as SkippedFile).reason === 'string';
}

export function scopeKey(scope: { readonly workTree: string; readonly prefix: string }): string {
  return `${scope.workTree}\0${scope.prefix}`;
}
