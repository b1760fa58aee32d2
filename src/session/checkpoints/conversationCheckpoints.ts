/**
 * The checkpoints of one main conversation: its keeper, wired to the
 * session's settings, working directories and transcript. Subagents have
 * none of their own: their calls pass through the parent's tool environment,
 * so they land on the parent's prompt.
 */
import type { CheckpointRecord } from './checkpointRecord.js';
import { readCheckpoints } from './checkpointRecord.js';
import { CheckpointKeeper } from './checkpointKeeper.js';
import { CheckpointStore, projectFolderOf } from './checkpointStore.js';
import type { Session } from '../session.js';

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
  if (!session.checkpoints.enabled) return undefined;
  const projectFolder = projectFolderOf(session.info.configDir, session.cwd);
  // Old sessions' checkpoints go with their transcripts' age (at most once a day, in the background).
  void import('./pruneCheckpoints.js')
    .then(({ pruneCheckpoints }) => pruneCheckpoints({ projectFolder, cleanupPeriodDays: session.checkpoints.cleanupPeriodDays }))
    .catch(() => undefined);
  const store = new CheckpointStore({ projectFolder, sessionId: options.sessionId, maxFileBytes: session.checkpoints.maxFileBytes });
  return new CheckpointKeeper({
    store,
    workingDirectories: () => session.appState.get().toolPermissionContext.workingDirectories,
    ...(options.resumed ? { records: readCheckpoints(options.resumed.file), rewriteLoaded: options.resumed.fork } : {}),
    onRecord: options.append,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
}
