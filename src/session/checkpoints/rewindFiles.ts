/**
 * Rewinding the files to how they were when a prompt was sent: a plan
 * first (what would be restored, created or removed, and which of those the
 * user changed themselves since), then applying it.
 *
 * The state "at a prompt" is the `before` trees of the first checkpoint
 * taken at or after it: a prompt that changed nothing has no checkpoint of
 * its own, and the next one that did recorded the files as they were.
 *
 * Whose change is whose: agentcli changed the files between each
 * checkpoint's `before` and `after`; anything that changed between one
 * checkpoint's `after` and the next one's `before` (or since the last
 * `after`) was changed by someone else — the user's own edit. Those paths
 * are listed and kept unless the caller chooses to overwrite them.
 */
import path from 'node:path';
import { nowIso } from '../../utils/ids.js';
import { scopeKey, type CheckpointRecord, type ScopeTree } from './checkpointRecord.js';
import type { CheckpointStore } from './checkpointStore.js';
import { applyTreeChanges, diffTrees, lineCounts, type TreeChange } from './restoreTree.js';
import type { ShadowGit } from './shadowGit.js';
import { ignoredAmong } from './snapshot.js';

export type RewindAction = 'restore' | 'create' | 'remove';

export type RewindFile = {
  /** Absolute. */
  readonly path: string;
  /** restore: the file changed and gets its old content back; create: it was deleted and comes back; remove: it did not exist then. */
  readonly action: RewindAction;
  /** Changed outside agentcli since the checkpoint: kept unless the user chooses to overwrite it. */
  readonly userEdited: boolean;
  readonly linesAdded: number;
  readonly linesRemoved: number;
};

export type RewindPlan = {
  readonly target: CheckpointRecord;
  readonly files: readonly RewindFile[];
  /** What the prompts being undone did that a restore cannot take back. */
  readonly irreversible: readonly string[];
  /** Files left out of the checkpoints (too large, nested repositories). */
  readonly notCheckpointed: readonly string[];
  /** Internal: the trees and changes the plan was made from. */
  readonly scopes: readonly { readonly now: ScopeTree; readonly changes: readonly TreeChange[]; readonly userEdited: ReadonlySet<string> }[];
};

export type RewindOutcome = { readonly restored: readonly RewindFile[]; readonly keptUserEdits: readonly RewindFile[]; readonly record: CheckpointRecord };

/** The checkpoint that holds the files' state when `messageUuid` was sent, or undefined when nothing changed since. */
export function checkpointIndexFor(records: readonly CheckpointRecord[], messageUuid: string, laterPrompts: ReadonlySet<string> = new Set()): number {
  const own = records.findIndex((record) => record.messageUuid === messageUuid);
  if (own >= 0) return own;
  return records.findIndex((record) => laterPrompts.has(record.messageUuid));
}

/**
 * `targetIndex` is the first record at or after the prompt (checkpointIndexFor). A record without trees
 * (a prompt that changed no file but did something irreversible) holds no file state: the files' state at
 * the prompt is the first later record's that has trees; its effects still count as the prompt's.
 */
export async function planRewind(store: CheckpointStore, records: readonly CheckpointRecord[], targetIndex: number): Promise<RewindPlan> {
  const first = records[targetIndex];
  if (!first) throw new Error('no checkpoint to rewind to');
  const withTrees = records.findIndex((record, index) => index >= targetIndex && record.before.length > 0);
  const irreversible = [...new Set(records.slice(targetIndex).flatMap((record) => record.irreversible))];
  if (withTrees < 0) return { target: first, files: [], irreversible, notCheckpointed: [], scopes: [] };
  const target = records[withTrees]!;
  const later = records.slice(withTrees);
  const now = await store.snapshot(target.before);
  const scopes = await Promise.all(
    target.before.map(async (then, index) => {
      const current = now.trees[index]!;
      const git = await store.gitFor(then);
      const changes = await withoutPreexistingIgnored(git, then, await diffTrees(git, current.tree, then.tree), later);
      const userEdited = new Set<string>();
      if (changes.length > 0) {
        for (const gap of gapsAfter(later, scopeKey(then), current.tree)) {
          for (const change of await diffTrees(git, gap.from, gap.to)) userEdited.add(change.path);
        }
      }
      const counts = changes.length > 0 ? await lineCounts(git, current.tree, then.tree) : new Map<string, { added: number; removed: number }>();
      return { now: current, changes, userEdited, counts };
    }),
  );
  const files: RewindFile[] = scopes.flatMap(({ now: current, changes, userEdited, counts }) =>
    changes.map((change) => ({
      path: path.join(current.workTree, change.path),
      action: change.status === 'added' ? 'create' : change.status === 'deleted' ? 'remove' : 'restore',
      userEdited: userEdited.has(change.path),
      // Counted from now to then: what rewinding adds and takes away.
      linesAdded: counts.get(change.path)?.added ?? 0,
      linesRemoved: counts.get(change.path)?.removed ?? 0,
    })),
  );
  return {
    target,
    files,
    irreversible,
    notCheckpointed: [...new Set(later.flatMap((record) => record.notCheckpointed.map((file) => `${file.path} (${file.reason})`)))],
    scopes: scopes.map(({ now: current, changes, userEdited }) => ({ now: current, changes, userEdited })),
  };
}

/**
 * An ignored file enters the trees only when a call named it, so its
 * absence from an older tree does not mean it did not exist then: it is
 * removed only if the first tree that has it is a prompt's `after` (the
 * agent created it), never when a `before` already had it (a `.env` the
 * user kept, which a prompt merely edited).
 */
async function withoutPreexistingIgnored(git: ShadowGit, then: ScopeTree, changes: TreeChange[], later: readonly CheckpointRecord[]): Promise<TreeChange[]> {
  const removals = changes.filter((change) => change.to === undefined).map((change) => change.path);
  const ignored = await ignoredAmong(git, then, removals);
  if (ignored.size === 0) return changes;
  const key = scopeKey(then);
  const keep = new Set<string>();
  for (const file of ignored) {
    for (const record of later) {
      const before = record.before.find((scope) => scopeKey(scope) === key);
      if (before && (await treeHas(git, before.tree, file))) {
        keep.add(file);
        break;
      }
      const after = record.after?.find((scope) => scopeKey(scope) === key);
      if (after && (await treeHas(git, after.tree, file))) break;
    }
  }
  return changes.filter((change) => !keep.has(change.path));
}

async function treeHas(git: ShadowGit, tree: string, file: string): Promise<boolean> {
  return (await git.output(['ls-tree', '-r', '-z', '--name-only', tree, '--', file])).length > 0;
}

/** The stretches where nobody but the user could have changed files: after one checkpoint ended, before the next began, and since the last. */
function gapsAfter(records: readonly CheckpointRecord[], key: string, currentTree: string): { from: string; to: string }[] {
  const gaps: { from: string; to: string }[] = [];
  for (let index = 0; index < records.length; index++) {
    const ended = records[index]!.after?.find((scope) => scopeKey(scope) === key);
    if (!ended) continue; // the prompt never finished (a killed process): its changes count as agentcli's
    const next = records.slice(index + 1).find((record) => record.before.some((scope) => scopeKey(scope) === key));
    const nextBegan = next?.before.find((scope) => scopeKey(scope) === key)?.tree ?? currentTree;
    if (ended.tree !== nextBegan) gaps.push({ from: ended.tree, to: nextBegan });
  }
  return gaps;
}

/**
 * Applies a plan. User-edited files are kept unless `overwriteUserEdits`.
 * Returns what was done and a record of the rewind itself (the state
 * before and after it), which the caller appends to the transcript so a
 * later rewind counts this one as agentcli's change, not the user's.
 */
export async function applyRewind(store: CheckpointStore, plan: RewindPlan, options: { readonly overwriteUserEdits: boolean }): Promise<RewindOutcome> {
  const restored: RewindFile[] = [];
  const kept: RewindFile[] = [];
  for (const file of plan.files) (file.userEdited && !options.overwriteUserEdits ? kept : restored).push(file);
  for (const [index, scope] of plan.scopes.entries()) {
    const chosen = scope.changes.filter((change) => options.overwriteUserEdits || !scope.userEdited.has(change.path));
    if (chosen.length === 0) continue;
    const git = await store.gitFor(scope.now);
    const touched = await applyTreeChanges(git, scope.now, chosen, store.scratchIndex(String(index)));
    await store.refresh(scope.now, touched);
  }
  // The plan's snapshot was taken moments ago and the restore refreshed the index for every path it wrote.
  const after = { trees: await Promise.all(plan.scopes.map((scope) => store.writeTree(scope.now))) };
  const record: CheckpointRecord = {
    messageUuid: `rewind:${plan.target.messageUuid}:${nowIso()}`,
    prompt: '',
    timestamp: nowIso(),
    kind: 'rewind',
    before: plan.scopes.map((scope) => scope.now),
    after: after.trees,
    notCheckpointed: [],
    irreversible: [],
  };
  return { restored, keptUserEdits: kept, record };
}
