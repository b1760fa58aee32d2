/**
 * The REPL's rewind (Esc Esc on an empty prompt, or /rewind), as a series
 * of the REPL's own pickers:
 *   1. which earlier prompt — each with the files it changed (+/− lines) and
 *      what it did that cannot be undone;
 *   2. what to restore — code and conversation, conversation only, code only;
 *   3. for code: every file that will be restored, created or removed, the
 *      ones the user changed themselves since (kept unless they choose to
 *      overwrite them), and what stays done — then yes or no.
 * Nothing changes before the last answer. The decisions are the session's
 * (plan, apply, fork the conversation); this file only asks and reports.
 */
import type { ConversationSession } from '../../session/conversationSession.js';
import type { RewindPlan } from '../../session/checkpoints/rewindFiles.js';
import { describeRewindFile, describeRewindPoint, relativeToCwd, shortPrompt } from '../../session/checkpoints/rewindText.js';
import { applyFileRewind, listRewindPoints, planFileRewind, type RewindPoint } from '../../session/checkpoints/rewindPoints.js';
import { textOfContent } from '../../types/messages.js';
import type { ChoiceRequest } from '../../types/userInteraction.js';

export type RewindFlowOptions = {
  readonly conversation: ConversationSession;
  readonly choose: (request: ChoiceRequest) => Promise<string | undefined>;
};

export type RewindFlowOutcome =
  | { readonly kind: 'cancelled'; readonly message: string }
  | {
      readonly kind: 'rewound';
      /** One line per thing done, for the transcript. */
      readonly report: string;
      /** Conversation rewound: the prompt's text goes back into the input box. */
      readonly restoredPrompt?: string;
    };

const MAX_LISTED_FILES = 12;

export async function runRewindFlow(options: RewindFlowOptions): Promise<RewindFlowOutcome> {
  const { conversation } = options;
  const points = await listRewindPoints(conversation.checkpoints, conversation.messages);
  if (points.length === 0) return { kind: 'cancelled', message: 'There is no earlier prompt to rewind to.' };
  const chosenUuid = await options.choose(promptPickerRequest(points, conversation.session.cwd));
  const point = points.find((entry) => entry.messageUuid === chosenUuid);
  if (!point) return { kind: 'cancelled', message: 'Rewind cancelled.' };

  const keeper = conversation.checkpoints;
  const plan = keeper ? await planFileRewind(keeper, conversation.messages, point.messageUuid) : undefined;
  const action = await options.choose(actionRequest(point, plan, keeper !== undefined));
  if (action !== 'both' && action !== 'conversation' && action !== 'code') return { kind: 'cancelled', message: 'Rewind cancelled.' };

  const lines: string[] = [];
  if (action !== 'conversation' && keeper && plan && plan.files.length > 0) {
    const confirm = await options.choose(confirmRequest(plan, conversation.session.cwd));
    if (confirm !== 'restore' && confirm !== 'overwrite') return { kind: 'cancelled', message: 'Rewind cancelled: nothing was changed.' };
    const outcome = await applyFileRewind(keeper, plan, { overwriteUserEdits: confirm === 'overwrite' });
    lines.push(`Restored ${outcome.restored.length} ${outcome.restored.length === 1 ? 'file' : 'files'} to how they were before "${shortPrompt(point.text)}".`);
    if (outcome.keptUserEdits.length > 0) lines.push(`Kept your own changes to ${outcome.keptUserEdits.map((file) => relativeToCwd(file.path, conversation.session.cwd)).join(', ')}.`);
    for (const effect of plan.irreversible) lines.push(`Not undone: ${effect}`);
  } else if (action !== 'conversation') {
    lines.push('No file has changed since that prompt.');
    for (const effect of plan?.irreversible ?? []) lines.push(`Not undone: ${effect}`);
  }

  let restoredPrompt: string | undefined;
  if (action !== 'code') {
    const message = conversation.rewindConversationTo(point.messageUuid);
    if (message) {
      restoredPrompt = textOfContent(message.content);
      lines.push('The conversation is back to before that prompt (the earlier branch stays in the transcript).');
    }
  }
  return { kind: 'rewound', report: lines.join('\n'), ...(restoredPrompt !== undefined ? { restoredPrompt } : {}) };
}

export function promptPickerRequest(points: readonly RewindPoint[], cwd: string): ChoiceRequest {
  return {
    title: 'Rewind to before which prompt?',
    options: points.map((point) => ({ value: point.messageUuid, label: shortPrompt(point.text), description: describeRewindPoint(point, cwd) })),
  };
}

function actionRequest(point: RewindPoint, plan: RewindPlan | undefined, checkpointing: boolean): ChoiceRequest {
  const fileCount = plan?.files.length ?? 0;
  const code = !checkpointing ? 'file checkpoints are off' : fileCount === 0 ? 'no file has changed since' : `${fileCount} ${fileCount === 1 ? 'file' : 'files'}`;
  return {
    title: `Rewind to before "${shortPrompt(point.text)}"`,
    options: [
      { value: 'both', label: 'Restore code and conversation', description: code },
      { value: 'conversation', label: 'Restore conversation', description: 'files stay as they are' },
      { value: 'code', label: 'Restore code', description: `${code}; the conversation stays` },
      { value: 'cancel', label: 'Never mind' },
    ],
  };
}

/** The confirmation: every file and what will happen to it, before anything changes. */
export function confirmRequest(plan: RewindPlan, cwd: string): ChoiceRequest {
  const lines: string[] = ['These files will change:'];
  const listed = plan.files.slice(0, MAX_LISTED_FILES);
  for (const file of listed) lines.push(`  ${describeRewindFile(file, cwd)}`);
  if (plan.files.length > listed.length) lines.push(`  … and ${plan.files.length - listed.length} more`);
  const edited = plan.files.filter((file) => file.userEdited);
  if (edited.length > 0) lines.push(`Changed outside agentcli since (kept unless you choose to overwrite): ${edited.map((file) => relativeToCwd(file.path, cwd)).join(', ')}`);
  for (const note of plan.notCheckpointed) lines.push(`Not checkpointed: ${note}`);
  for (const effect of plan.irreversible) lines.push(`Cannot be undone: ${effect}`);
  return {
    title: lines.join('\n'),
    options: [
      { value: 'restore', label: edited.length > 0 ? 'Yes, restore (keep my changes)' : 'Yes, restore' },
      ...(edited.length > 0 ? [{ value: 'overwrite', label: 'Yes, and overwrite my changes too' }] : []),
      { value: 'cancel', label: 'No' },
    ],
  };
}
