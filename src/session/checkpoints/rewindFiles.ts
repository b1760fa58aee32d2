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
import { bitsChanges, bitsChangesBetween, readPermissionTables, type BitsChange } from './permissionDiff.js';
import type { PermissionTable } from './permissionTable.js';
import { applyTreeChanges, diffTrees, diffTreesWithCounts, type TreeChange } from './restoreTree.js';
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
  /** Only the permission bits differ (a chmod git's tree cannot see): from now's bits back to then's. */
  readonly modeChange?: { readonly from: number; readonly to: number };
};

export type RewindPlan = {
  readonly target: CheckpointRecord;
  readonly files: readonly RewindFile[];
  /** What the prompts being undone did that a restore cannot take back. */
  readonly irreversible: readonly string[];
  /** Files left out of the checkpoints (too large, nested repositories). */
  readonly notCheckpointed: readonly string[];
  /** Internal: the trees and changes the plan was made from. */
  readonly scopes: readonly {
    readonly now: ScopeTree;
    readonly changes: readonly TreeChange[];
    readonly userEdited: ReadonlySet<string>;
    /** The target's permission bits (undefined for a checkpoint older than permission tables). */
    readonly permissions: PermissionTable | undefined;
  }[];
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
      // All at once: the changes with their line counts, the stretches where only the user could have
      // changed files (content and permission bits), and both permission tables.
      const gaps = gapsAfter(later, scopeKey(then), current);
      const [diff, gapChanges, tables] = await Promise.all([
        diffTreesWithCounts(git, current.tree, then.tree, { counts: true }),
        Promise.all(gaps.map(async (gap) => [...(await diffTrees(git, gap.from.tree, gap.to.tree)), ...(await bitsChanges(git, gap.from, gap.to))])),
        readPermissionTables(git, [then.permissions, current.permissions]),
      ]);
      const thenTable = then.permissions === undefined ? undefined : tables.get(then.permissions);
      const nowTable = current.permissions === undefined ? undefined : tables.get(current.permissions);
      const contentChanges = await withoutPreexistingIgnored(git, then, diff.changes, later);
      const modeChanges = permissionChanges(contentChanges, { then: thenTable, now: nowTable }, await store.currentFiles(then));
      const changes = [...contentChanges, ...modeChanges.map((change) => change.tree)];
      const bits = new Map(modeChanges.map((change) => [change.tree.path, change.bits]));
      const userEdited = new Set(changes.length > 0 ? gapChanges.flat().map((change) => change.path) : []);
      return { now: current, changes, userEdited, counts: diff.counts, permissions: thenTable, bits };
    }),
  );
  const files: RewindFile[] = scopes.flatMap(({ now: current, changes, userEdited, counts, bits }) =>
    changes.map((change) => {
      const modeChange = bits.get(change.path);
      return {
        path: path.join(current.workTree, change.path),
        action: change.status === 'added' ? 'create' : change.status === 'deleted' ? 'remove' : 'restore',
        userEdited: userEdited.has(change.path),
        // Counted from now to then: what rewinding adds and takes away.
        linesAdded: counts.get(change.path)?.added ?? 0,
        linesRemoved: counts.get(change.path)?.removed ?? 0,
        ...(modeChange ? { modeChange: { from: modeChange.from, to: modeChange.to } } : {}),
      };
    }),
  );
  return {
    target,
    files,
    irreversible,
    notCheckpointed: [...new Set(later.flatMap((record) => record.notCheckpointed.map((file) => `${file.path} (${file.reason})`)))],
    scopes: scopes.map(({ now: current, changes, userEdited, permissions }) => ({ now: current, changes, userEdited, permissions })),
  };
}

/**
 * Files whose content is as it was but whose permission bits are not (a `chmod 600`, a `chmod g+w`): git's
 * trees do not see those, the permission tables do. Only when the target has a table (newer checkpoints).
 */
function permissionChanges(
  contentChanges: readonly TreeChange[],
  tables: { readonly then: PermissionTable | undefined; readonly now: PermissionTable | undefined },
  files: ReadonlyMap<string, { readonly mode: number; readonly id: string }>,
): { readonly tree: TreeChange; readonly bits: BitsChange }[] {
  const modes = new Map([...files].map(([file, state]) => [file, state.mode]));
  const skip = new Set(contentChanges.map((change) => change.path));
  return bitsChangesBetween(tables.now, tables.then, modes, skip).map((bits) => {
    const state = files.get(bits.path)!;
    return { tree: { path: bits.path, status: 'modified', to: { mode: state.mode.toString(8), sha: state.id } }, bits };
  });
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
function gapsAfter(records: readonly CheckpointRecord[], key: string, current: ScopeTree): { from: ScopeTree; to: ScopeTree }[] {
  const gaps: { from: ScopeTree; to: ScopeTree }[] = [];
  for (let index = 0; index < records.length; index++) {
    const ended = records[index]!.after?.find((scope) => scopeKey(scope) === key);
    if (!ended) continue; // the prompt never finished (a killed process): its changes count as agentcli's
    const next = records.slice(index + 1).find((record) => record.before.some((scope) => scopeKey(scope) === key));
    const nextBegan = next?.before.find((scope) => scopeKey(scope) === key) ?? current;
    if (ended.tree !== nextBegan.tree || ended.permissions !== nextBegan.permissions) gaps.push({ from: ended, to: nextBegan });
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
  for (const scope of plan.scopes) {
    const chosen = scope.changes.filter((change) => options.overwriteUserEdits || !scope.userEdited.has(change.path));
    if (chosen.length === 0) continue;
    const git = await store.gitFor(scope.now);
    await store.recordRestore(scope.now, await applyTreeChanges(git, scope.now, chosen, scope.permissions));
  }
  // The plan's snapshot was taken moments ago and the restore told the state every path it wrote.
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
