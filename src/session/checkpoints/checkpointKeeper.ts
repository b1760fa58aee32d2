/**
 * Takes a conversation's checkpoints as its prompts run. Before the first
 * call of a prompt that may change files (declared writes, or a shell
 * command not claimed read-only) it snapshots the working directories —
 * the call waits for it. A prompt's first call of any kind starts the
 * store's warm-up in the background (loading the directory's state once per
 * session), so the first change rarely waits long; a prompt without calls
 * costs nothing. When the prompt
 * ends it snapshots what the prompt left. Every call's irreversible effects
 * are noted on the prompt's record.
 *
 * Failures never stop the agent: a snapshot that cannot be taken is one
 * warning, and the prompt runs without a checkpoint.
 */
import path from 'node:path';
import type { PreparedCall, Tool } from '../../contract/tool.js';
import { errorMessageOf } from '../../utils/errors.js';
import { nowIso } from '../../utils/ids.js';
import type { CheckpointRecord, ScopeTree } from './checkpointRecord.js';
import type { CheckpointStore } from './checkpointStore.js';
import { declaredWrites, irreversibleEffectsOf, mayChangeFiles } from './irreversibleEffects.js';
import { extendTree, ignoredAmong, scopeOf, type SkippedFile } from './snapshot.js';

export type CheckpointKeeperOptions = {
  readonly store: CheckpointStore;
  /** The working directories now (the cwd first, then added ones). */
  readonly workingDirectories: () => readonly string[];
  /** Checkpoints the conversation already has (a resumed transcript's, read while the session starts). */
  readonly records?: readonly CheckpointRecord[] | Promise<readonly CheckpointRecord[]>;
  /** A fork: the loaded checkpoints are written again, to the fork's own transcript. */
  readonly rewriteLoaded?: boolean;
  /** A checkpoint was taken or completed: the transcript gets its line. */
  readonly onRecord: (record: CheckpointRecord) => void;
  readonly onWarning?: (message: string) => void;
};

type OpenPrompt = {
  readonly messageUuid: string;
  readonly prompt: string;
  before: Promise<{ trees: ScopeTree[]; skipped: readonly SkippedFile[] } | undefined> | undefined;
  readonly declared: Set<string>;
  readonly irreversible: Set<string>;
  /** Serialises amendments of `before` (parallel calls of one prompt). */
  amending: Promise<void>;
  warmed: boolean;
};

export class CheckpointKeeper {
  private readonly recordList: CheckpointRecord[] = [];
  private open: OpenPrompt | undefined;
  private readonly loaded: Promise<void>;

  constructor(private readonly options: CheckpointKeeperOptions) {
    this.loaded = Promise.resolve(options.records ?? []).then(
      (records) => {
        this.recordList.unshift(...records);
        if (options.rewriteLoaded) for (const record of records) options.onRecord(record);
      },
      () => undefined,
    );
  }

  /** Every checkpoint so far, once the resumed ones are read. */
  async allRecords(): Promise<readonly CheckpointRecord[]> {
    await this.loaded;
    return this.recordList;
  }

  get store(): CheckpointStore {
    return this.options.store;
  }

  /** Every checkpoint so far, oldest first (rewinds' own records included); see allRecords while a resume loads. */
  get records(): readonly CheckpointRecord[] {
    return this.recordList;
  }

  beginPrompt(messageUuid: string, prompt: string): void {
    this.open = { messageUuid, prompt: firstLine(prompt), before: undefined, declared: new Set(), irreversible: new Set(), amending: Promise.resolve(), warmed: false };
  }

  /** Called before each tool call runs: the first change of the prompt waits for its checkpoint. */
  async beforeToolRuns(tool: Tool, call: PreparedCall): Promise<void> {
    const open = this.open;
    if (!open) return;
    await this.loaded;
    const directories = this.options.workingDirectories();
    if (!open.warmed) {
      // A prompt's calls start with reads more often than not: while they run and the model thinks, the store
      // gets ready for the first change's checkpoint (CheckpointStore.warmUp). A prompt without calls costs nothing.
      open.warmed = true;
      this.options.store.warmUp(uniqueScopes(directories));
    }
    const effects = irreversibleEffectsOf(tool, call, { workingDirectories: directories });
    const newEffects = effects.filter((effect) => !open.irreversible.has(effect));
    for (const effect of newEffects) open.irreversible.add(effect);
    if (!mayChangeFiles(tool, call)) {
      // A prompt that changed no file can still have done what no rewind undoes (a fetch, an MCP server's
      // action): it gets a record of its own, without trees, so the picker can say so.
      if (newEffects.length > 0) await (open.before ? this.publish(open, undefined) : this.publishEffectsOnly(open));
      return;
    }
    const writes = declaredWrites(call);
    const fresh = writes.filter((file) => !open.declared.has(file));
    for (const file of fresh) open.declared.add(file);
    if (!open.before) {
      open.before = this.snapshotBefore(directories, fresh);
      const before = await open.before;
      if (before) await this.publish(open, undefined);
      return;
    }
    const before = await open.before;
    if (!before) return;
    if (fresh.length > 0) {
      open.amending = open.amending.then(() => this.takeInIgnored(before.trees, fresh));
      await open.amending;
    }
    if (fresh.length > 0 || newEffects.length > 0) await this.publish(open, undefined);
  }

  /** The prompt is over: what it left is recorded (when it changed anything). */
  async endPrompt(): Promise<void> {
    const open = this.open;
    this.open = undefined;
    if (!open?.before) return;
    const before = await open.before;
    if (!before) return;
    await open.amending;
    try {
      const after = await this.options.store.snapshot(before.trees, [...open.declared]);
      await this.publish(open, after.trees, after.skipped);
    } catch (error) {
      this.options.onWarning?.(`could not record the files after this prompt: ${errorMessageOf(error)}`);
    }
  }

  /** A rewind's own record (see applyRewind). */
  addRecord(record: CheckpointRecord): void {
    this.recordList.push(record);
    this.options.onRecord(record);
  }

  private async snapshotBefore(directories: readonly string[], declared: readonly string[]): Promise<{ trees: ScopeTree[]; skipped: readonly SkippedFile[] } | undefined> {
    try {
      const scopes = uniqueScopes(directories);
      const set = await this.options.store.snapshot(scopes, declared);
      return { trees: [...set.trees], skipped: set.skipped };
    } catch (error) {
      this.options.onWarning?.(`no checkpoint for this prompt (rewind cannot restore its changes): ${errorMessageOf(error)}`);
      return undefined;
    }
  }

  /** Ignored files a later call declared it writes join the prompt's `before` as they are now. */
  private async takeInIgnored(trees: ScopeTree[], files: readonly string[]): Promise<void> {
    try {
      for (const [index, scope] of trees.entries()) {
        const relative = files
          .map((file) => path.relative(scope.workTree, file))
          .filter((entry) => entry !== '' && !entry.startsWith('..') && !path.isAbsolute(entry))
          .map((entry) => entry.split(path.sep).join('/'));
        if (relative.length === 0) continue;
        const git = await this.options.store.gitFor(scope);
        const ignored = [...(await ignoredAmong(git, scope, relative))];
        if (ignored.length === 0) continue;
        trees[index] = await extendTree(git, scope, ignored, this.options.store.scratchIndex('amend'));
      }
    } catch (error) {
      this.options.onWarning?.(`could not add ignored files to this prompt's checkpoint: ${errorMessageOf(error)}`);
    }
  }

  private publishEffectsOnly(open: OpenPrompt): void {
    this.upsert({ messageUuid: open.messageUuid, prompt: open.prompt, timestamp: nowIso(), before: [], notCheckpointed: [], irreversible: [...open.irreversible] });
  }

  private async publish(open: OpenPrompt, after: readonly ScopeTree[] | undefined, afterSkipped: readonly SkippedFile[] = []): Promise<void> {
    const before = await open.before;
    if (!before) return;
    const skipped = new Map<string, SkippedFile>();
    for (const file of [...before.skipped, ...afterSkipped]) skipped.set(file.path, file);
    const record: CheckpointRecord = {
      messageUuid: open.messageUuid,
      prompt: open.prompt,
      timestamp: nowIso(),
      before: [...before.trees],
      ...(after ? { after } : {}),
      notCheckpointed: [...skipped.values()],
      irreversible: [...open.irreversible],
    };
    this.upsert(record);
  }

  private upsert(record: CheckpointRecord): void {
    const existing = this.recordList.findIndex((entry) => entry.messageUuid === record.messageUuid);
    if (existing >= 0) this.recordList[existing] = record;
    else this.recordList.push(record);
    this.options.onRecord(record);
  }
}

/** One scope per folder; two working directories in one repository stay two scopes (each its own prefix). */
function uniqueScopes(directories: readonly string[]) {
  const seen = new Set<string>();
  return directories.map(scopeOf).filter((scope) => {
    const key = `${scope.workTree}\0${scope.prefix}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function firstLine(text: string): string {
  const line = text.split('\n').find((entry) => entry.trim() !== '')?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
