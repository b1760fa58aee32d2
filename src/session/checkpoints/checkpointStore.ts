/**
 * The project's checkpoint store: one shadow git object store under
 * `$AGENTCLI_CONFIG_DIR/projects/<project>/checkpoints/`, shared by the
 * project's sessions (objects are content-addressed, so a fork or a second
 * session reuses what is there), and one index per session and working
 * directory, whose stat data makes the next snapshot cheap.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { projectDir } from '../../settings/configPaths.js';
import { scopeKey, type ScopeTree } from './checkpointRecord.js';
import { localizeTree, seedIndexFromRepository } from './seedFromRepository.js';
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
  /** The tree each index wrote last, so an unchanged folder costs no write-tree. */
  private readonly lastTrees = new Map<string, string>();

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
      scopes.map(async (scope) => {
        const git = await this.gitFor(scope);
        const key = scopeKey(scope);
        const seeded = !existsSync(git.options.indexFile) && (await seedIndexFromRepository(git, scope));
        const result = await takeSnapshot(git, scope, { maxFileBytes: this.maxFileBytes, ignoredPaths, previousTree: this.lastTrees.get(key) });
        this.lastTrees.set(key, result.tree);
        if (seeded) localizeTree(git, result.tree);
        const tree: ScopeTree = { workTree: scope.workTree, prefix: scope.prefix, tree: result.tree };
        return { tree, skipped: result.skipped.map((file) => ({ ...file, path: path.join(scope.workTree, file.path) })) };
      }),
    );
    return { trees: results.map((result) => result.tree), skipped: results.flatMap((result) => result.skipped) };
  }

  /** After a restore wrote these paths, the index learns their new state (and the cached tree is stale). */
  async refresh(scope: SnapshotScope, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    const git = await this.gitFor(scope);
    this.lastTrees.delete(scopeKey(scope));
    await git.output(['update-index', '-z', '--add', '--remove', '--stdin'], paths.map((entry) => `${entry}\0`).join(''));
  }

  /** The tree of the index as it stands (after a restore refreshed it): no scan of the work tree. */
  async writeTree(scope: SnapshotScope): Promise<ScopeTree> {
    const git = await this.gitFor(scope);
    const tree = (await git.output(['write-tree'])).toString('utf8').trim();
    this.lastTrees.set(scopeKey(scope), tree);
    return { workTree: scope.workTree, prefix: scope.prefix, tree };
  }

  private indexFileFor(scope: SnapshotScope): string {
    const digest = createHash('sha1').update(scopeKey(scope)).digest('hex').slice(0, 16);
    return path.join(this.indexDir, `${this.options.sessionId}-${digest}`);
  }
}
