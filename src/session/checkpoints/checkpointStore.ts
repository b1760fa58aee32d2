/**
 * The project's checkpoint store: one shadow git object store under
 * `$AGENTCLI_CONFIG_DIR/projects/<project>/checkpoints/`, shared by the
 * project's sessions (objects are content-addressed, so a fork or a second
 * session reuses what is there), and one index per session and working
 * directory, whose stat data makes the next snapshot cheap.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { projectDir } from '../../settings/configPaths.js';
import { scopeKey, type ScopeTree } from './checkpointRecord.js';
import type { AppliedChanges } from './restoreTree.js';
import { PERSIST_FROM_CHANGES, ScopeState } from './scopeState.js';
import { localizeTree } from './seedFromRepository.js';
import { ensureStore, ShadowGit } from './shadowGit.js';
import { takeSnapshot, type SkippedFile, type SnapshotScope } from './snapshot.js';

/** Files larger than this are listed as not checkpointed (settings: `checkpointMaxFileBytes`). */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

export type CheckpointStoreOptions = {
  /** The project's folder under `$AGENTCLI_CONFIG_DIR/projects/` (where its transcripts are). */
  readonly projectFolder: string;
  readonly sessionId: string;
  readonly maxFileBytes?: number;
};

/** How long after a snapshot its index is written when few files changed (snapshots come in bursts). */
const PERSIST_DELAY_MS = 1_000;

export type SnapshotSet = { readonly trees: readonly ScopeTree[]; readonly skipped: readonly SkippedFile[] };

export function checkpointsDir(projectFolder: string): string {
  return path.join(projectFolder, 'checkpoints');
}

/** The project folder a session started in `cwd` files its transcripts and checkpoints under. */
export function projectFolderOf(configDir: string, cwd: string): string {
  return projectDir(configDir, cwd);
}

export class CheckpointStore {
  readonly gitDir: string;
  readonly maxFileBytes: number;
  private readonly indexDir: string;
  private ready: Promise<void> | undefined;
  /** Each scope's state, loaded on its first snapshot in this process. */
  private readonly states = new Map<string, ScopeState>();
  /** One operation at a time per scope: a snapshot reads and writes its state and index. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly persistTimers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly options: CheckpointStoreOptions) {
    const dir = checkpointsDir(options.projectFolder);
    this.gitDir = path.join(dir, 'store.git');
    this.indexDir = path.join(dir, 'indexes');
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  private prepare(): Promise<void> {
    this.ready ??= Promise.all([ensureStore(this.gitDir), mkdir(this.indexDir, { recursive: true, mode: 0o700 })]).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }

  /** git over one working directory, with this session's index for it. */
  async gitFor(scope: SnapshotScope): Promise<ShadowGit> {
    await this.prepare();
    return new ShadowGit({ gitDir: this.gitDir, workTree: scope.workTree, indexFile: this.indexFileFor(scope) });
  }

  /** A scratch index next to the others (restore builds one per run). */
  scratchIndex(name: string): string {
    return path.join(this.indexDir, `${this.options.sessionId}-scratch-${name}`);
  }

  /** Snapshots every scope at once; `ignoredPaths` are declared writes taken in even when git ignores them. */
  async snapshot(scopes: readonly SnapshotScope[], ignoredPaths: readonly string[] = []): Promise<SnapshotSet> {
    const results = await Promise.all(
      scopes.map((scope) =>
        this.serially(scope, async () => {
          const git = await this.gitFor(scope);
          const state = this.stateFor(scope);
          await state.prepareOnDisk(this.gitDir, scope.workTree);
          const result = await takeSnapshot(git, scope, state, { maxFileBytes: this.maxFileBytes, ignoredPaths, scratchIndex: this.scratchIndex(`bulk-${scopeDigest(scope)}`) });
          if (state.takeSeeded()) localizeTree(git, result.tree);
          this.persistSoon(scope, state);
          const tree: ScopeTree = { workTree: scope.workTree, prefix: scope.prefix, tree: result.tree, permissions: result.permissions };
          return { tree, skipped: result.skipped.map((file) => ({ ...file, path: path.join(scope.workTree, file.path) })) };
        }),
      ),
    );
    return { trees: results.map((result) => result.tree), skipped: results.flatMap((result) => result.skipped) };
  }

  /**
   * Gets the first snapshot's slow part out of the way, in the background: the scope's state is loaded and,
   * when its permission bits are not known yet, they are learned (one find pass, scopeState.ts). Bits seen now
   * stay right for every file git does not report changed later (a chmod moves the ctime). A snapshot asked
   * for meanwhile waits its turn behind it. Failures are left for the snapshot to meet and report.
   */
  warmUp(scopes: readonly SnapshotScope[]): void {
    for (const scope of scopes) {
      void this.serially(scope, async () => {
        const state = this.stateFor(scope);
        if (state.needsFullLook) for (const file of (await state.learnBits(scope.workTree)).lookAt) state.forced.add(file);
      }).catch(() => undefined);
    }
  }

  /**
   * A restore wrote and removed these paths: the state takes them as written (their blob ids are the
   * snapshot's), each counted racy so the next look hashes it again should anything have changed since.
   */
  async recordRestore(scope: SnapshotScope, applied: AppliedChanges): Promise<void> {
    await this.serially(scope, async () => {
      this.stateFor(scope).recordWritten(scope.workTree, applied);
    });
  }

  /** The tree after a restore: only the restored paths are looked at, not the whole work tree. */
  async writeTree(scope: SnapshotScope): Promise<ScopeTree> {
    return this.serially(scope, async () => {
      const git = await this.gitFor(scope);
      const state = this.stateFor(scope);
      await state.prepareOnDisk(this.gitDir, scope.workTree);
      const result = await takeSnapshot(git, scope, state, { maxFileBytes: this.maxFileBytes, onlyForced: true, scratchIndex: this.scratchIndex(`bulk-${scopeDigest(scope)}`) });
      this.persistSoon(scope, state);
      return { workTree: scope.workTree, prefix: scope.prefix, tree: result.tree, permissions: result.permissions };
    });
  }

  /** The files of the scope's last snapshot (their git modes and blob ids), for comparing permission bits. */
  async currentFiles(scope: SnapshotScope): Promise<ReadonlyMap<string, { readonly mode: number; readonly id: string }>> {
    return this.stateFor(scope).files;
  }

  /**
   * The index is a cache (what git compares the files with): written after the snapshot has answered, at
   * once when many files changed, else a moment later — or never, if the process ends first (the next
   * one hashes those few files again).
   */
  private persistSoon(scope: SnapshotScope, state: ScopeState): void {
    if (state.unwrittenChanges === 0) return;
    const persist = (): void => void this.serially(scope, async () => state.persist()).catch(() => undefined);
    if (state.unwrittenChanges >= PERSIST_FROM_CHANGES) persist();
    else if (!this.persistTimers.has(scopeKey(scope))) {
      const timer = setTimeout(() => {
        this.persistTimers.delete(scopeKey(scope));
        persist();
      }, PERSIST_DELAY_MS);
      timer.unref();
      this.persistTimers.set(scopeKey(scope), timer);
    }
  }

  /** Waits until every snapshot's index is written (tests and benchmarks measure a quiet store). */
  async idle(): Promise<void> {
    for (const [key, timer] of this.persistTimers) {
      clearTimeout(timer);
      this.persistTimers.delete(key);
    }
    await Promise.all(this.queues.values());
    for (const state of this.states.values()) state.persist();
  }

  private stateFor(scope: SnapshotScope): ScopeState {
    const key = scopeKey(scope);
    let state = this.states.get(key);
    if (!state) {
      state = ScopeState.load(this.indexFileFor(scope), scope);
      this.states.set(key, state);
    }
    return state;
  }

  private serially<T>(scope: SnapshotScope, work: () => Promise<T>): Promise<T> {
    const key = scopeKey(scope);
    const run = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    this.queues.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  }

  private indexFileFor(scope: SnapshotScope): string {
    return path.join(this.indexDir, `${this.options.sessionId}-${scopeDigest(scope)}`);
  }
}

function scopeDigest(scope: SnapshotScope): string {
  return createHash('sha1').update(scopeKey(scope)).digest('hex').slice(0, 16);
}
