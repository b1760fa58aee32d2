/**
 * `agentcli --resume <id> --rewind-to <message-uuid>`: puts the files back
 * as they were when that message was sent, prints what it did, and exits —
 * no model, no conversation. Files the user changed themselves since are
 * kept and listed (as in the REPL's default choice); what the undone
 * prompts did that no restore can take back is listed too.
 */
import path from 'node:path';
import { CheckpointKeeper } from '../session/checkpoints/checkpointKeeper.js';
import { readCheckpoints } from '../session/checkpoints/checkpointRecord.js';
import { CheckpointStore } from '../session/checkpoints/checkpointStore.js';
import { applyFileRewind, planFileRewind } from '../session/checkpoints/rewindPoints.js';
import { configDir as resolveConfigDir } from '../settings/configPaths.js';
import { TranscriptWriter } from '../session/transcript/transcriptWriter.js';
import { loadTranscript } from '../session/transcript/loadTranscript.js';
import { findSessionFile } from '../session/transcript/sessionFiles.js';
import { UserFacingError } from '../utils/errors.js';

export type RewindToOptions = {
  readonly sessionId: string;
  readonly messageUuid: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly write: (text: string) => void;
};

export async function runRewindTo(options: RewindToOptions): Promise<number> {
  const config = resolveConfigDir(options.env);
  const file = await findSessionFile(config, options.cwd, options.sessionId);
  if (!file) throw new UserFacingError(`no saved session ${options.sessionId} (see agentcli --resume in the REPL for the list).`);
  const [transcript, records] = await Promise.all([loadTranscript(file), readCheckpoints(file)]);
  const known = transcript.messages.some((message) => message.uuid === options.messageUuid) || records.some((record) => record.messageUuid === options.messageUuid);
  if (!known) throw new UserFacingError(`session ${options.sessionId} has no message ${options.messageUuid}.`);
  // The rewind's own record joins the transcript, so a later rewind knows these changes were agentcli's.
  const writer = new TranscriptWriter({ file, sessionId: transcript.sessionId ?? options.sessionId, cwd: () => transcript.cwd ?? options.cwd, leafUuid: transcript.leafUuid ?? undefined, written: transcript.writtenUuids });
  try {
    const store = new CheckpointStore({ projectFolder: path.dirname(file), sessionId: transcript.sessionId ?? options.sessionId });
    const keeper = new CheckpointKeeper({ store, workingDirectories: () => [], records, onRecord: (record) => writer.appendCheckpoint(record) });
    const plan = await planFileRewind(keeper, transcript.messages, options.messageUuid);
    if (!plan || plan.files.length === 0) {
      options.write('Nothing to rewind: no file has changed since that message.\n');
      return 0;
    }
    const outcome = await applyFileRewind(keeper, plan, { overwriteUserEdits: false });
    const verb = { restore: 'restored', create: 'restored (was deleted)', remove: 'removed (was created)' } as const;
    for (const rewound of outcome.restored) options.write(`${verb[rewound.action]}: ${rewound.path}\n`);
    for (const kept of outcome.keptUserEdits) options.write(`kept (changed outside agentcli since): ${kept.path}\n`);
    for (const note of plan.notCheckpointed) options.write(`not checkpointed: ${note}\n`);
    for (const effect of plan.irreversible) options.write(`cannot be undone: ${effect}\n`);
    return 0;
  } finally {
    writer.close();
  }
}
