/**
 * The Agent SDK's `rewind_files` control request (`Query.rewindFiles()`):
 * the files go back to how they were when the user message
 * `user_message_id` was sent; with `dry_run` nothing changes and the answer
 * says what would. Answered in the SDK's RewindFilesResult shape
 * (`canRewind`, `error`, `filesChanged`, `insertions`, `deletions`), plus
 * `keptUserEdits`: files changed outside agentcli since, which are never
 * overwritten over this protocol.
 */
import type { ConversationSession } from '../../session/conversationSession.js';
import type { ControlRequestBody } from './controlChannel.js';

export type RewindFilesAnswer = {
  readonly canRewind: boolean;
  readonly error?: string;
  readonly filesChanged?: string[];
  readonly insertions?: number;
  readonly deletions?: number;
  readonly keptUserEdits?: string[];
};

export async function answerRewindFiles(conversation: ConversationSession, request: ControlRequestBody): Promise<RewindFilesAnswer> {
  const uuid = request.user_message_id;
  if (typeof uuid !== 'string' || uuid === '') return { canRewind: false, error: 'rewind_files needs "user_message_id"' };
  const keeper = conversation.checkpoints;
  if (!keeper) {
    return { canRewind: false, error: 'file checkpointing is not enabled for this session (enableFileCheckpointing, or CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true)' };
  }
  const { planFileRewind, applyFileRewind } = await import('../../session/checkpoints/rewindPoints.js');
  const records = await keeper.allRecords();
  const known = conversation.messages.some((message) => message.uuid === uuid) || records.some((record) => record.messageUuid === uuid);
  if (!known) return { canRewind: false, error: `no user message ${uuid} in this session` };
  const plan = await planFileRewind(keeper, conversation.messages, uuid);
  if (!plan) return { canRewind: true, filesChanged: [], insertions: 0, deletions: 0 };
  const restored = plan.files.filter((file) => !file.userEdited);
  const kept = plan.files.filter((file) => file.userEdited).map((file) => file.path);
  const answer = {
    canRewind: true,
    filesChanged: restored.map((file) => file.path),
    insertions: restored.reduce((sum, file) => sum + file.linesAdded, 0),
    deletions: restored.reduce((sum, file) => sum + file.linesRemoved, 0),
    ...(kept.length > 0 ? { keptUserEdits: kept } : {}),
  };
  if (request.dry_run === true) return answer;
  await applyFileRewind(keeper, plan, { overwriteUserEdits: false });
  return answer;
}
