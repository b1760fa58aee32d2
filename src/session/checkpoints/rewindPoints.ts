/**
 * What every front end needs to offer a rewind: the conversation's earlier
 * prompts with the files each changed (+/− lines) and what it did that
 * cannot be undone; and, for one prompt, the file rewind's plan.
 */
import path from 'node:path';
import { textOfContent, type ConversationMessage } from '../../types/messages.js';
import type { CheckpointKeeper } from './checkpointKeeper.js';
import type { CheckpointRecord } from './checkpointRecord.js';
import { scopeKey } from './checkpointRecord.js';
import { applyRewind, checkpointIndexFor, planRewind, type RewindOutcome, type RewindPlan } from './rewindFiles.js';
import { bitsChanges } from './permissionDiff.js';
import { diffTreesWithCounts } from './restoreTree.js';

export type ChangedFile = {
  readonly path: string;
  readonly linesAdded: number;
  readonly linesRemoved: number;
  readonly status: 'added' | 'deleted' | 'modified';
  /** Only the permission bits changed (a chmod the tree cannot see). */
  readonly modeChange?: { readonly from: number; readonly to: number };
};

export type RewindPoint = {
  readonly messageUuid: string;
  /** What the user typed. */
  readonly text: string;
  readonly timestamp: string;
  /** The files this prompt changed (empty when it changed none, or before checkpoints existed). */
  readonly changedFiles: readonly ChangedFile[];
  readonly irreversible: readonly string[];
  readonly notCheckpointed: readonly string[];
};

/** The prompts a user typed, oldest first (tool results, reminders and compaction summaries are not prompts). */
export function promptMessages(messages: readonly ConversationMessage[]): ConversationMessage[] {
  return messages.filter(
    (message) =>
      message.type === 'user' &&
      !message.isMeta &&
      !message.isCompactSummary &&
      (typeof message.content === 'string' || message.content.some((block) => block.type === 'text' || block.type === 'image')),
  );
}

export async function listRewindPoints(keeper: CheckpointKeeper | undefined, messages: readonly ConversationMessage[]): Promise<RewindPoint[]> {
  const records = keeper ? await keeper.allRecords() : [];
  const byUuid = new Map(records.map((record) => [record.messageUuid, record]));
  return Promise.all(
    promptMessages(messages).map(async (message) => {
      const record = byUuid.get(message.uuid);
      return {
        messageUuid: message.uuid,
        text: textOfContent(message.content),
        timestamp: message.timestamp,
        changedFiles: record && keeper ? await changedFilesOf(keeper, record, records) : [],
        irreversible: record?.irreversible ?? [],
        notCheckpointed: record?.notCheckpointed.map((file) => file.path) ?? [],
      };
    }),
  );
}

/** before → after of one prompt (a prompt that never ended: before → the next checkpoint's before). */
async function changedFilesOf(keeper: CheckpointKeeper, record: CheckpointRecord, records: readonly CheckpointRecord[]): Promise<ChangedFile[]> {
  const next = records.slice(records.indexOf(record) + 1).find((later) => later.before.length > 0);
  const files: ChangedFile[] = [];
  for (const before of record.before) {
    const key = scopeKey(before);
    const after = (record.after ?? next?.before)?.find((scope) => scopeKey(scope) === key);
    if (!after) continue;
    const git = await keeper.store.gitFor(before);
    const { changes, counts } = await diffTreesWithCounts(git, before.tree, after.tree, { counts: true });
    for (const change of changes) {
      const count = counts.get(change.path);
      files.push({ path: path.join(before.workTree, change.path), status: change.status, linesAdded: count?.added ?? 0, linesRemoved: count?.removed ?? 0 });
    }
    for (const change of await bitsChanges(git, before, after, new Set(changes.map((each) => each.path)))) {
      files.push({ path: path.join(before.workTree, change.path), status: 'modified', linesAdded: 0, linesRemoved: 0, modeChange: { from: change.from, to: change.to } });
    }
  }
  return files;
}

/**
 * The plan for putting the files back as they were when `messageUuid` was
 * sent, or undefined when no checkpoint was taken at or after it (nothing
 * agentcli did since needs undoing).
 */
export async function planFileRewind(keeper: CheckpointKeeper, messages: readonly ConversationMessage[], messageUuid: string): Promise<RewindPlan | undefined> {
  const records = await keeper.allRecords();
  const prompts = promptMessages(messages).map((message) => message.uuid);
  const position = prompts.indexOf(messageUuid);
  const later = new Set(position >= 0 ? prompts.slice(position + 1) : []);
  const index = checkpointIndexFor(records, messageUuid, later);
  if (index < 0) return undefined;
  return planRewind(keeper.store, records, index);
}

export async function applyFileRewind(keeper: CheckpointKeeper, plan: RewindPlan, options: { readonly overwriteUserEdits: boolean }): Promise<RewindOutcome> {
  const outcome = await applyRewind(keeper.store, plan, options);
  keeper.addRecord(outcome.record);
  return outcome;
}
