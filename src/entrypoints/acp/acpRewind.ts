/**
 * `/rewind` for editors (ACP): an editor has no picker of ours, so the
 * command speaks in steps the user types —
 *   /rewind                 the earlier prompts, numbered, with the files each changed
 *   /rewind <n>             what rewinding to before prompt n would do (nothing changes)
 *   /rewind <n> restore     do it: the files go back (the user's own edits since are kept)
 * Only files are rewound: the editor owns the chat it shows, which a
 * conversation fork could not take back from it.
 */
import type { ConversationSession } from '../../session/conversationSession.js';
import { applyFileRewind, listRewindPoints, planFileRewind } from '../../session/checkpoints/rewindPoints.js';
import { describeRewindFile, describeRewindPoint, relativeToCwd, shortPrompt } from '../../session/checkpoints/rewindText.js';

export async function runAcpRewind(conversation: ConversationSession, args: string): Promise<string> {
  const keeper = conversation.checkpoints;
  if (!keeper) return 'File checkpoints are off for this session (settings: fileCheckpointingEnabled).';
  const cwd = conversation.session.cwd;
  const points = await listRewindPoints(keeper, conversation.messages);
  if (points.length === 0) return 'There is no earlier prompt to rewind to.';
  const [which, verb] = args.trim().split(/\s+/);
  if (!which) {
    const lines = points.map((point, index) => `${index + 1}. ${shortPrompt(point.text)} — ${describeRewindPoint(point, cwd)}`);
    return ['Earlier prompts:', ...lines, '', 'Type /rewind <n> to see what rewinding to before prompt n would change, then /rewind <n> restore to do it.'].join('\n');
  }
  const index = Number(which);
  const point = Number.isInteger(index) ? points[index - 1] : undefined;
  if (!point) return `No prompt ${which}: choose 1 to ${points.length} (/rewind lists them).`;
  if (verb !== undefined && verb !== 'restore') return `Unknown /rewind option "${verb}": use /rewind ${index} restore.`;
  const plan = await planFileRewind(keeper, conversation.messages, point.messageUuid);
  if (!plan || plan.files.length === 0) return `No file has changed since "${shortPrompt(point.text)}": nothing to restore.`;
  const notes = [...plan.notCheckpointed.map((note) => `Not checkpointed: ${note}`), ...plan.irreversible.map((effect) => `Cannot be undone: ${effect}`)];
  if (verb !== 'restore') {
    return [`Rewinding to before "${shortPrompt(point.text)}" would:`, ...plan.files.map((file) => `  ${describeRewindFile(file, cwd)}`), ...notes, '', `Type /rewind ${index} restore to do it (files you changed yourself are kept).`].join('\n');
  }
  const outcome = await applyFileRewind(keeper, plan, { overwriteUserEdits: false });
  return [
    `Restored ${outcome.restored.length} ${outcome.restored.length === 1 ? 'file' : 'files'} to how they were before "${shortPrompt(point.text)}".`,
    ...(outcome.keptUserEdits.length > 0 ? [`Kept your own changes to ${outcome.keptUserEdits.map((file) => relativeToCwd(file.path, cwd)).join(', ')}.`] : []),
    ...notes,
  ].join('\n');
}
