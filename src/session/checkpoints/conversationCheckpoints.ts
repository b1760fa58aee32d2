/**
 * The checkpoints of one main conversation: its keeper, wired to the
 * session's settings, working directories and transcript; and the daily
 * cleanup of old sessions (transcripts and checkpoints alike). Subagents have
 * none of their own: their calls pass through the parent's tool environment,
 * so they land on the parent's prompt.
 */
import type { CheckpointRecord } from './checkpointRecord.js';
import { readCheckpoints } from './checkpointRecord.js';
import { CheckpointKeeper } from './checkpointKeeper.js';
import { CheckpointStore, projectFolderOf } from './checkpointStore.js';
import type { Session } from '../session.js';
import { registerCleanup } from '../../utils/cleanup.js';
import type { SessionCleanupOptions } from './pruneCheckpoints.js';

export type ConversationCheckpointOptions = {
  readonly session: Session;
  readonly sessionId: string;
  /** Where checkpoint lines go (the conversation's current transcript writer). */
  readonly append: (record: CheckpointRecord) => void;
  /** A resumed transcript whose checkpoints continue (and, for a fork, are copied to the new file). */
  readonly resumed?: { readonly file: string; readonly fork: boolean };
  readonly onWarning?: (message: string) => void;
};

export function createConversationCheckpoints(options: ConversationCheckpointOptions): CheckpointKeeper | undefined {
  const { session } = options;
  const projectFolder = projectFolderOf(session.info.configDir, session.cwd);
  cleanUpOldSessions({
    configDir: session.info.configDir,
    projectFolder,
    cleanupPeriodDays: session.checkpoints.cleanupPeriodDays,
    keep: options.resumed ? [options.resumed.file] : [],
  });
  if (!session.checkpoints.enabled) return undefined;
  const store = new CheckpointStore({ projectFolder, sessionId: options.sessionId, maxFileBytes: session.checkpoints.maxFileBytes });
  return new CheckpointKeeper({
    store,
    workingDirectories: () => session.appState.get().toolPermissionContext.workingDirectories,
    ...(options.resumed ? { records: readCheckpoints(options.resumed.file), rewriteLoaded: options.resumed.fork } : {}),
    onRecord: options.append,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
}

/**
 * Old sessions go as a whole, transcripts and checkpoints by one setting, at most once a day, in the
 * background — also when checkpoints are off, since transcripts are written either way. The quick part
 * (deleting expired transcripts) is awaited at exit, so short headless runs get it done; the store's sweep
 * (git repack and prune) is not.
 */
function cleanUpOldSessions(options: SessionCleanupOptions): void {
  let transcriptsDone = (): void => undefined;
  const unregister = registerCleanup(() => new Promise<void>((resolve) => (transcriptsDone = resolve)));
  void import('./pruneCheckpoints.js')
    .then(async ({ removeExpiredSessions, pruneCheckpoints }) => {
      try {
        await removeExpiredSessions(options);
      } finally {
        unregister();
        transcriptsDone();
      }
      await pruneCheckpoints({ projectFolder: options.projectFolder, cleanupPeriodDays: options.cleanupPeriodDays });
    })
    .catch(() => {
      unregister();
      transcriptsDone();
    });
}
