/**
 * /resume and `--resume` without an id: the saved sessions of this project,
 * newest first (first prompt, last activity, message count, branch), asked
 * through the dialog queue; "Other" takes a typed session id.
 */
import type { ConversationSession } from '../../session/conversationSession.js';
import { loadSavedSession } from '../../app/startConversation.js';
import type { LoadedTranscript } from '../../session/transcript/loadTranscript.js';
import { listSessionFiles, summarizeSessionFile, type SessionSummary } from '../../session/transcript/sessionFiles.js';
import type { UserAnswers, UserQuestion } from '../../types/userInteraction.js';
import { errorMessageOf } from '../../utils/errors.js';
import { plural } from '../../utils/format.js';

const MAX_LISTED = 15;
const QUESTION = 'Which session do you want to resume?';

export type PickedSession =
  | { readonly kind: 'picked'; readonly transcript: LoadedTranscript; readonly file: string }
  | { readonly kind: 'none'; readonly tone: 'info' | 'error'; readonly message: string };

export async function pickSession(options: {
  readonly conversation: ConversationSession;
  readonly id: string | undefined;
  readonly ask: (questions: readonly UserQuestion[]) => Promise<UserAnswers>;
  readonly now?: number;
}): Promise<PickedSession> {
  const { conversation } = options;
  const configDir = conversation.session.info.configDir;
  const projectRoot = conversation.session.cwd;
  let id = options.id?.trim();
  if (!id) {
    const files = (await listSessionFiles(configDir, projectRoot)).filter((entry) => entry.id !== conversation.id).slice(0, MAX_LISTED);
    if (files.length === 0) return { kind: 'none', tone: 'info', message: 'There are no other saved sessions in this project.' };
    const summaries = await Promise.all(files.map(summarizeSessionFile));
    const labels = summaries.map((summary) => sessionLabel(summary));
    let answers: UserAnswers;
    try {
      answers = await options.ask([
        {
          question: QUESTION,
          header: 'Resume',
          options: summaries.map((summary, index) => ({ label: labels[index]!, description: sessionDetails(summary, options.now ?? Date.now()) })),
        },
      ]);
    } catch {
      return { kind: 'none', tone: 'info', message: 'Resume cancelled.' };
    }
    const answer = answers[QUESTION]?.trim();
    if (!answer) return { kind: 'none', tone: 'info', message: 'Resume cancelled.' };
    const index = labels.indexOf(answer);
    id = index >= 0 ? summaries[index]!.id : answer;
  }
  try {
    const saved = await loadSavedSession(configDir, projectRoot, id);
    if (!saved) return { kind: 'none', tone: 'error', message: `No saved session with id ${id}.` };
    return { kind: 'picked', ...saved };
  } catch (error) {
    return { kind: 'none', tone: 'error', message: `Could not read session ${id}: ${errorMessageOf(error)}` };
  }
}

function sessionLabel(summary: SessionSummary): string {
  const prompt = summary.firstPrompt.replace(/\s+/g, ' ').trim() || '(no prompt)';
  const short = prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt;
  return `${short} [${summary.id.slice(0, 8)}]`;
}

function sessionDetails(summary: SessionSummary, now: number): string {
  const parts = [ago(now - summary.modifiedMs), plural(summary.messageCount, 'message')];
  if (summary.gitBranch) parts.push(summary.gitBranch);
  return parts.join(' · ');
}

function ago(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
